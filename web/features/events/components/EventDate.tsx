import { useTranslation } from '../../../i18n/react';
import { useHydrated } from '../../../lib/useHydrated';
import { useZoneName } from '../../../lib/useZoneName';
import { zoneLabel } from '../../../lib/zoneLabel';
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
 * the date, never instead of it) and the zone's name when the viewer's clock differs. Those two, and
 * the viewer's own time, appear once the page runs in the browser; their lines are held meanwhile, so
 * nothing below moves when they do (not in a browser that says it runs no script: nothing will come).
 */
export function EventDate({
  iso,
  parts,
  showViewerTime = false,
  calledOff = false,
}: {
  iso: string;
  parts: EventDateParts;
  showViewerTime?: boolean;
  /** Cancelled or postponed: the date struck through (docs/PRODUCT.md#cancelled-and-postponed). */
  calledOff?: boolean;
}) {
  const { t } = useTranslation('events');
  const { t: tc } = useTranslation();
  const hydrated = useHydrated();
  // Named only in the browser, where its line shows (and its code loads then).
  const zone = useZoneName(hydrated ? parts.zone : null);
  // While it runs, "Happening now" instead of a relative hint (docs/PRODUCT.md#events); on a card, on
  // another day of the viewer's calendar than the event's own, the viewer's time (eventDateParts).
  const hint =
    parts.phase === 'happening' && !calledOff
      ? tc('event.happeningNow')
      : parts.viewerTime && !showViewerTime
        ? t('date.yourTime', { dateTime: parts.viewerTime })
        : parts.relative;
  return (
    <span className="flex flex-col gap-0.5">
      {/*
        The date in the event's zone, as the server wrote it: where the browser's zone data disagree with
        the server's (Morocco's clock, changed by decree), hydrating keeps the server's words rather than
        throwing the page away (React #418); feeds, calendar files and emails say the same.
      */}
      <time
        dateTime={iso}
        className={calledOff ? 'event-date line-through decoration-2' : 'event-date'}
        data-testid="event-date"
        suppressHydrationWarning
      >
        {parts.dateTimeLines[0]}
        <span className="whitespace-nowrap" suppressHydrationWarning>
          {parts.dateTimeLines[1]}
        </span>
      </time>
      <span className="event-date-hint">
        {hydrated ? (
          <>
            {/* Struck through with the date when called off: "in 2 days" is not when it happens. */}
            <span data-testid="event-relative" className={calledOff ? 'line-through' : undefined}>
              {hint}
            </span>
            {zone ? (
              <>
                <Separator />
                <span data-testid="event-zone">{zoneLabel(t, zone)}</span>
              </>
            ) : null}
          </>
        ) : null}
      </span>
      {showViewerTime ? (
        // Always one line tall on the event page: whether it has text is known only in the browser.
        <span className="min-h-5 text-sm text-stone-500 noscript:min-h-0 dark:text-stone-400">
          {hydrated && parts.viewerDateTime ? (
            <span data-testid="event-viewer-time">
              {t('date.yourTime', { dateTime: parts.viewerDateTime })}
            </span>
          ) : null}
        </span>
      ) : null}
    </span>
  );
}
