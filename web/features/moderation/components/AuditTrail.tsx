import { History } from 'lucide-react';
import { formatShortDateTime } from '../../../../common/dates';
import { reasonText } from '../../../../common/moderationEnums';
import { localeOfI18n } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { useAuditTrail } from '../api/events';

/** Actions whose note is a reason or a note for attendees (a dismissal has none). */
const WITH_NOTE = new Set([
  'rejected',
  'removed',
  'change_rejected',
  'schedule_cancelled',
  'schedule_postponed',
]);

/**
 * An event's audit trail for moderators (docs/PRODUCT.md#moderation): every moderation action on it,
 * oldest first, who took it and when. Never shown to anyone else.
 */
export function AuditTrail({ eventId }: { eventId: string }) {
  const { t, i18n } = useTranslation('moderation');
  const locale = localeOfI18n(i18n);
  const trail = useAuditTrail(eventId);
  let body: React.ReactNode;
  if (trail.isPending) body = <p className="text-stone-600 dark:text-stone-400">{t('audit.loading')}</p>;
  else if (trail.isError) body = <p className="text-danger-700 dark:text-red-300">{t('audit.failed')}</p>;
  else if (trail.data.entries.length === 0) {
    body = <p className="text-stone-600 dark:text-stone-400">{t('audit.empty')}</p>;
  } else {
    body = (
      <ol className="space-y-2">
        {trail.data.entries.map((entry) => (
          <li key={entry.id} className="border-s-2 border-stone-200 ps-3 dark:border-stone-700">
            <span className="block font-medium text-stone-900 dark:text-stone-100">
              {t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}
            </span>
            {entry.note && WITH_NOTE.has(entry.action) ? (
              <span dir="auto" className="block wrap-anywhere text-stone-700 dark:text-stone-300">
                {reasonText(entry.note, t)}
              </span>
            ) : null}
            <span className="block text-xs text-stone-600 dark:text-stone-400">
              <span dir="auto">{entry.moderator.name}</span> ·{' '}
              {formatShortDateTime(entry.createdAt, undefined, locale)}
            </span>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <section aria-labelledby={`audit-${eventId}`} className="text-sm" data-testid="audit-trail">
      <h3
        id={`audit-${eventId}`}
        className="mb-2 flex items-center gap-1.5 text-xs font-semibold tracking-wide text-stone-600 uppercase dark:text-stone-400"
      >
        <History aria-hidden="true" className="size-4" />
        {t('audit.title')}
      </h3>
      {body}
    </section>
  );
}
