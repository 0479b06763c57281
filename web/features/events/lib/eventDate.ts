/**
 * How an event's date reads on a card and on its page: the wall-clock time in the event's own zone
 * ('Monday, March 3, 2025 at 5:00 PM'), the zone named when it differs from the viewer's, a relative
 * hint beside it ('in 3 days'), and whether it has passed.
 */
import {
  formatEventDateTime,
  formatRelative,
  formatShortDateTime,
  formatZoneName,
  isPast,
  sameOffset,
  zoneCity,
} from '../../../../common/dates';

export interface EventDateParts {
  /** 'Monday, March 3, 2025 at 5:00 PM' in the event's zone. */
  dateTime: string;
  /** Set only when the viewer's clock shows a different time: { city: 'Jerusalem', offset: 'GMT+2' }. */
  zone: { city: string; offset: string } | null;
  /** The same instant on the viewer's clock ('Mar 3, 2025, 3:00 PM'), set only when `zone` is. */
  viewerDateTime: string | null;
  /** 'in 3 days', 'yesterday'. */
  relative: string;
  past: boolean;
}

export function eventDateParts(
  iso: string,
  eventZone: string,
  viewerZone: string,
  now: Date = new Date(),
  locale?: string,
): EventDateParts {
  const differs = !sameOffset(iso, eventZone, viewerZone);
  return {
    dateTime: formatEventDateTime(iso, eventZone, locale),
    zone: differs ? { city: zoneCity(eventZone), offset: formatZoneName(iso, eventZone, locale) } : null,
    viewerDateTime: differs ? formatShortDateTime(iso, viewerZone, locale) : null,
    relative: formatRelative(iso, now, locale),
    past: isPast(iso, now),
  };
}
