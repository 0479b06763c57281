import { useTranslation } from 'react-i18next';
import type { EventDateParts } from '../lib/eventDate';

/**
 * The date as it reads in the event's own zone, the zone named when the viewer's clock differs, and a
 * relative hint beside it (never instead of it).
 */
export function EventDate({
  iso,
  parts,
  showViewerTime = false,
}: {
  iso: string;
  parts: EventDateParts;
  showViewerTime?: boolean;
}) {
  const { t } = useTranslation('events');
  return (
    <span className="flex flex-col gap-0.5">
      <span>
        <time
          dateTime={iso}
          className="font-medium text-stone-800 dark:text-stone-100"
          data-testid="event-date"
        >
          {parts.dateTime}
        </time>{' '}
        <span className="whitespace-nowrap text-stone-500 dark:text-stone-400">
          <span aria-hidden="true">· </span>
          <span data-testid="event-relative">{parts.relative}</span>
        </span>
      </span>
      {parts.zone ? (
        <span className="text-sm text-stone-600 dark:text-stone-300" data-testid="event-zone">
          {t('date.zoneLabel', parts.zone)}
          {showViewerTime && parts.viewerDateTime ? (
            <>
              {' '}
              <span aria-hidden="true" className="text-stone-500 dark:text-stone-400">
                ·{' '}
              </span>
              <span className="whitespace-nowrap text-stone-500 dark:text-stone-400">
                {t('date.yourTime', { dateTime: parts.viewerDateTime })}
              </span>
            </>
          ) : null}
        </span>
      ) : null}
    </span>
  );
}
