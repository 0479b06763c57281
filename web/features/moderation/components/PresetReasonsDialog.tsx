import * as Dialog from '@radix-ui/react-dialog';
import { ListChecks } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { LIMITS } from '../../../../common/limits';
import { PRESET_REASON_KINDS, type PresetReasonKind } from '../../../../common/moderationEnums';
import type { PresetReason } from '../../../../common/schemas/presetReasons';
import { Button } from '../../../components/ui/Button';
import { Notice } from '../../../components/ui/Notice';
import { useTranslation } from '../../../i18n/react';
import { useMessages } from '../../../lib/messages';
import { useSavePresetReason } from '../api/presetReasons';
import { actionErrorOf } from '../lib/actionError';
import { DialogFrame } from './DialogFrame';

const FIELD =
  'block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 dark:border-stone-600 dark:bg-stone-950 dark:text-stone-100';

export function PresetReasonsButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('moderation');
  return (
    <Button size="sm" variant="secondary" onClick={onClick}>
      <ListChecks aria-hidden="true" className="size-4" />
      {t('presets.open')}
    </Button>
  );
}

/** One preset: its words, Edit (in place) and Delete. */
function PresetRow({
  preset,
  onSave,
}: {
  preset: PresetReason;
  onSave: ReturnType<typeof useSavePresetReason>;
}) {
  const { t } = useTranslation('moderation');
  const [draft, setDraft] = useState<string | null>(null);
  const id = useId();
  if (draft === null) {
    return (
      <li className="flex flex-wrap items-start gap-2 py-2">
        <span
          dir="auto"
          className="min-w-0 flex-1 text-sm wrap-anywhere whitespace-pre-line text-stone-800 dark:text-stone-200"
        >
          {preset.text}
        </span>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setDraft(preset.text)}
          aria-label={t('presets.editOne', { text: preset.text })}
        >
          {t('presets.edit')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={onSave.isPending}
          aria-label={t('presets.deleteOne', { text: preset.text })}
          onClick={() => onSave.mutate({ id: preset.id, kind: preset.kind, text: preset.text, remove: true })}
        >
          {t('presets.delete')}
        </Button>
      </li>
    );
  }
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.trim()) return;
    onSave.mutate({ id: preset.id, kind: preset.kind, text: draft }, { onSuccess: () => setDraft(null) });
  };
  return (
    <li className="py-2">
      <form onSubmit={save} className="space-y-2">
        <label htmlFor={id} className="sr-only">
          {t('presets.editLabel')}
        </label>
        <textarea
          id={id}
          dir="auto"
          rows={2}
          maxLength={LIMITS.reasonMax}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          className={FIELD}
        />
        <div className="flex gap-2">
          <Button size="sm" type="submit" disabled={!draft.trim() || onSave.isPending}>
            {t('presets.save')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setDraft(null)}>
            {t('presets.cancel')}
          </Button>
        </div>
      </form>
    </li>
  );
}

/**
 * The moderators' preset reasons (docs/PRODUCT.md#moderation), shared by all: listed by what they are
 * for, added, edited in place and deleted. The Reject and Remove dialogs offer them.
 */
export function PresetReasonsDialog({
  open,
  onOpenChange,
  presets,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  presets: PresetReason[];
}) {
  const { t } = useTranslation('moderation');
  const tm = useMessages();
  const save = useSavePresetReason();
  const [kind, setKind] = useState<PresetReasonKind>('reject');
  const [text, setText] = useState('');
  const textId = useId();
  const kindId = useId();
  const add = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    // Emptied once saved, unless the moderator already typed the next one meanwhile.
    const sent = text;
    save.mutate({ kind, text }, { onSuccess: () => setText((now) => (now === sent ? '' : now)) });
  };
  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => {
        save.reset();
        onOpenChange(next);
      }}
      title={t('presets.title')}
      closeLabel={t('presets.close')}
      description={t('presets.intro')}
      testId="presets-dialog"
    >
      {save.error ? (
        <Notice tone="error" className="mt-4">
          {actionErrorOf(save.error, t('unknownError'), tm).message}
        </Notice>
      ) : null}
      {PRESET_REASON_KINDS.map((k) => {
        const mine = presets.filter((p) => p.kind === k);
        return (
          <section key={k} className="mt-5">
            <h3 className="text-sm font-semibold text-stone-900 dark:text-stone-100">
              {t(`presets.kinds.${k}`)}
            </h3>
            {mine.length === 0 ? (
              <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('presets.none')}</p>
            ) : (
              <ul className="divide-y divide-stone-200 dark:divide-stone-800">
                {mine.map((p) => (
                  <PresetRow key={p.id} preset={p} onSave={save} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
      <form onSubmit={add} className="mt-6 space-y-3 border-t border-stone-200 pt-4 dark:border-stone-800">
        <div className="space-y-1.5">
          <label htmlFor={kindId} className="block text-sm font-medium text-stone-900 dark:text-stone-100">
            {t('presets.kindLabel')}
          </label>
          <select
            id={kindId}
            value={kind}
            onChange={(e) => setKind(e.target.value === 'remove' ? 'remove' : 'reject')}
            className={FIELD}
          >
            {PRESET_REASON_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`presets.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={textId} className="block text-sm font-medium text-stone-900 dark:text-stone-100">
            {t('presets.newLabel')}
          </label>
          <textarea
            id={textId}
            dir="auto"
            rows={3}
            maxLength={LIMITS.reasonMax}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className={FIELD}
          />
        </div>
        <div className="flex justify-end gap-2">
          <Dialog.Close asChild>
            <Button variant="ghost">{t('presets.done')}</Button>
          </Dialog.Close>
          <Button type="submit" disabled={!text.trim() || save.isPending}>
            {t('presets.add')}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
