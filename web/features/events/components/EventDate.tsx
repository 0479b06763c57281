import { useTranslation } from 'react-i18next';
import type { EventDateParts } from '../lib/eventDate';

function Separator() {
  return (
    <span aria-hidden="true" className="text-stone-400 dark:text-stone-500">
      {' · '}
    </span>
  );
}

/**
 * The date as it reads in the event's own zone on the first line; under it, the relative hint (beside
 * the date, never instead of it) and the zone's name when the viewer's clock differs.
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
      <time
        dateTime={iso}
        className="font-medium text-stone-800 dark:text-stone-100"
        data-testid="event-date"
      >
        {parts.dateTimeLines[0]}
        <span className="whitespace-nowrap">{parts.dateTimeLines[1]}</span>
      </time>
      <span className="text-sm text-stone-600 dark:text-stone-300">
        <span data-testid="event-relative">{parts.relative}</span>
        {parts.zone ? (
          <>
            <Separator />
            <span data-testid="event-zone">{t('date.zoneLabel', parts.zone)}</span>
          </>
        ) : null}
      </span>
      {showViewerTime && parts.viewerDateTime ? (
        <span className="text-sm text-stone-500 dark:text-stone-400" data-testid="event-viewer-time">
          {t('date.yourTime', { dateTime: parts.viewerDateTime })}
        </span>
      ) : null}
    </span>
  );
}
