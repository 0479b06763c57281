import { Eye, NotebookPen, ShieldCheck, Trash2, UserRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { formatShortDateTime } from '../../../../common/dates';
import { LIMITS } from '../../../../common/limits';
import type { ModerationItem } from '../../../../common/schemas/moderation';
import type { Note } from '../../../../common/schemas/queue';
import { MessageWith } from '../../../components/MessageWith';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Notice } from '../../../components/ui/Notice';
import { localeOfI18n } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { errorText } from '../../../lib/errorTexts';
import { useMessages } from '../../../lib/messages';
import { useEventNotes, useMarkChecked, usePerson, useSaveNote, useTrustPerson } from '../api/queue';

/** The list of notes and the box to add one; each moderator may delete their own. */
function NotesList({
  notes,
  subject,
  label,
}: {
  notes: Note[];
  /** Whom new notes are about. */
  subject: { eventId: string } | { userId: string };
  label: string;
}) {
  const { t, i18n } = useTranslation('queue');
  const tm = useMessages();
  const locale = localeOfI18n(i18n);
  const save = useSaveNote();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim() || save.isPending) return;
    setError(null);
    try {
      await save.mutateAsync({ ...subject, text: text.trim() });
      setText('');
    } catch (failure) {
      setError(t('notes.saveFailed', { message: errorText(failure, tm, t('unknownError')) }));
    }
  };
  return (
    <div className="space-y-3">
      {notes.length === 0 ? (
        <p className="text-stone-600 dark:text-stone-400">{t('notes.none')}</p>
      ) : (
        <ul className="space-y-2">
          {notes.map((note) => {
            const date = formatShortDateTime(note.createdAt, undefined, locale);
            return (
              <li
                key={note.id}
                className="rounded-lg border border-stone-200 bg-stone-50 px-3 py-2 dark:border-stone-700 dark:bg-stone-800/60"
              >
                <p
                  dir="auto"
                  className="wrap-anywhere whitespace-pre-line text-stone-900 dark:text-stone-100"
                >
                  {note.text}
                </p>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-stone-600 dark:text-stone-300">
                  <span id={`note-${note.id}`} dir="auto">
                    {t('notes.by', { name: note.author.name, date })}
                  </span>
                  {note.mine ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      className="ms-auto"
                      aria-describedby={`note-${note.id}`}
                      disabled={save.isPending}
                      onClick={() => save.mutate({ deleteId: note.id })}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      {t('notes.delete')}
                    </Button>
                  ) : null}
                </p>
              </li>
            );
          })}
        </ul>
      )}
      <form onSubmit={submit} className="space-y-2">
        <label htmlFor={fieldId} className="block text-sm font-medium text-stone-900 dark:text-stone-100">
          {label}
        </label>
        <textarea
          id={fieldId}
          dir="auto"
          rows={2}
          value={text}
          maxLength={LIMITS.reasonMax}
          onChange={(e) => setText(e.target.value)}
          className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 dark:border-stone-600 dark:bg-stone-950 dark:text-stone-100"
        />
        {error ? <Notice tone="error">{error}</Notice> : null}
        <Button type="submit" size="sm" variant="secondary" disabled={save.isPending || !text.trim()}>
          <NotebookPen aria-hidden="true" className="size-4" />
          {save.isPending ? t('notes.adding') : t('notes.add')}
        </Button>
      </form>
    </div>
  );
}

function Section({
  title,
  icon,
  children,
}: {
  title: string;
  icon: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section className="space-y-3 border-t border-stone-200 pt-4 text-sm dark:border-stone-800">
      <h3 className="flex items-center gap-2 font-semibold text-stone-900 dark:text-stone-100">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Moderators' private notes on the selected event (docs/PRODUCT.md#moderation). */
export function EventNotes({ eventId }: { eventId: string }) {
  const { t } = useTranslation('queue');
  const notes = useEventNotes(eventId);
  return (
    <Section title={t('notes.title')} icon={<NotebookPen aria-hidden="true" className="size-4" />}>
      <p className="text-xs text-stone-600 dark:text-stone-400">{t('notes.hint')}</p>
      {notes.isError ? (
        <p className="text-danger-700 dark:text-red-300">{t('notes.failed')}</p>
      ) : notes.data ? (
        <NotesList notes={notes.data.items} label={t('notes.label')} subject={{ eventId }} />
      ) : null}
    </Section>
  );
}

/** The submitter as moderators see them: trusted or not (and who changed it), and notes on them. */
export function PersonPanel({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('queue');
  const tm = useMessages();
  const locale = localeOfI18n(i18n);
  const person = usePerson(userId);
  const trust = useTrustPerson();
  const [error, setError] = useState<string | null>(null);
  if (person.isError) {
    return (
      <Section title={t('person.title')} icon={<UserRound aria-hidden="true" className="size-4" />}>
        <p className="text-danger-700 dark:text-red-300">{t('person.failed')}</p>
      </Section>
    );
  }
  if (!person.data) return null;
  const p = person.data;
  const last = p.history[p.history.length - 1];
  return (
    <Section title={t('person.title')} icon={<UserRound aria-hidden="true" className="size-4" />}>
      <div className="flex flex-wrap items-center gap-2">
        <span dir="auto" className="font-medium text-stone-900 dark:text-stone-100">
          {p.name}
        </span>
        {p.trusted ? (
          <Badge tone="verified" icon={<ShieldCheck aria-hidden="true" className="size-3.5" />}>
            {t('person.trusted')}
          </Badge>
        ) : null}
      </div>
      <p className="text-stone-700 dark:text-stone-300">
        {p.trusted ? t('person.trustedText') : t('person.notTrusted')}
      </p>
      {last ? (
        <p className="text-xs text-stone-600 dark:text-stone-400" dir="auto">
          {t('person.history', {
            action: t(`person.actions.${last.action}`),
            name: last.moderator.name,
            date: formatShortDateTime(last.createdAt, undefined, locale),
          })}
        </p>
      ) : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      <Button
        size="sm"
        variant="secondary"
        disabled={trust.isPending}
        onClick={() => {
          setError(null);
          trust.mutate(
            { userId, trusted: !p.trusted },
            { onError: (failure) => setError(errorText(failure, tm, t('unknownError'))) },
          );
        }}
      >
        <ShieldCheck aria-hidden="true" className="size-4" />
        {trust.isPending ? t('person.working') : p.trusted ? t('person.untrust') : t('person.trust')}
      </Button>
      <h4 className="pt-2 font-medium text-stone-900 dark:text-stone-100">{t('person.notesTitle')}</h4>
      <NotesList notes={p.notes} label={t('notes.label')} subject={{ userId }} />
    </Section>
  );
}

/** Before the actions: another moderator is looking at this event (acting is still allowed). */
export function ClaimNotice({ item }: { item: ModerationItem }) {
  const { t } = useTranslation('queue');
  if (!item.claim || item.claim.mine) return null;
  return (
    <Notice tone="warning" className="flex items-start gap-2">
      <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <MessageWith message={(name) => t('claim.warning', { name })} value={item.claim.moderator.name} />
      </span>
    </Notice>
  );
}

/** "Published without review": what it means, and Checked, which clears the mark. */
export function UnreviewedCheck({
  item,
  onChecked,
}: {
  item: ModerationItem;
  onChecked: (message: string) => void;
}) {
  const { t } = useTranslation('queue');
  const tm = useMessages();
  const checked = useMarkChecked();
  const [error, setError] = useState<string | null>(null);
  if (!item.unreviewed) return null;
  return (
    <Notice tone="warning" className="space-y-2">
      <p className="font-semibold">{t('unreviewed.badge')}</p>
      <p>{t('unreviewed.text')}</p>
      {error ? <p className="font-medium text-danger-700 dark:text-red-300">{error}</p> : null}
      <Button
        size="sm"
        disabled={checked.isPending}
        onClick={() => {
          setError(null);
          checked.mutateAsync({ eventId: item.event.id }).then(
            () => onChecked(t('unreviewed.done', { title: item.event.title })),
            (failure: unknown) => setError(errorText(failure, tm, t('unknownError'))),
          );
        }}
      >
        <ShieldCheck aria-hidden="true" className="size-4" />
        {checked.isPending ? t('unreviewed.checking') : t('unreviewed.checked')}
      </Button>
    </Notice>
  );
}
