/**
 * How an event's date reads on a card and on its page: the wall-clock time in the event's own zone
 * ('Monday, March 3, 2025 at 5:00 PM'), the zone named when it differs from the viewer's, a relative
 * hint beside it ('in 3 days'), and whether it has passed.
 */
import {
  formatEventDateTime,
  formatRelative,
  formatShortDateTime,
  formatTime,
  isPast,
  sameOffset,
} from '../../../../common/dates';
import { type ZoneName, zoneName } from '../../../../common/zoneSearch';

export interface EventDateParts {
  /** 'Monday, March 3, 2025 at 5:00 PM' in the event's zone. */
  dateTime: string;
  /** The same text in two pieces, the second kept on one line: ['Monday, March 3, 2025 ', 'at 5:00 PM']. */
  dateTimeLines: [string, string];
  /** Set only when the viewer's clock shows a different time: { place: 'Jerusalem', offset: 'GMT+2' }. */
  zone: ZoneName | null;
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
  /** The event's city: it names the zone when it lies there ("Cape Town time", not "Johannesburg time"). */
  city?: string,
): EventDateParts {
  const differs = !sameOffset(iso, eventZone, viewerZone);
  const dateTime = formatEventDateTime(iso, eventZone, locale);
  return {
    dateTime,
    dateTimeLines: splitBeforeTime(dateTime, formatTime(iso, eventZone, locale)),
    zone: differs ? zoneName(eventZone, iso, { city, locale }) : null,
    viewerDateTime: differs ? formatShortDateTime(iso, viewerZone, locale) : null,
    relative: formatRelative(iso, now, locale),
    past: isPast(iso, now),
  };
}

/**
 * Split 'Monday, March 3, 2025 at 5:00 PM' into ['Monday, March 3, 2025 ', 'at 5:00 PM'] so the time
 * (with its connecting word) can stay on one line; the two pieces always join back to the input.
 */
export function splitBeforeTime(dateTime: string, time: string): [string, string] {
  if (!time || !dateTime.endsWith(time)) return [dateTime, ''];
  const head = dateTime.slice(0, dateTime.length - time.length);
  const trimmed = head.trimEnd();
  const space = trimmed.lastIndexOf(' ');
  const cut = space > 0 && !trimmed.endsWith(',') ? space + 1 : head.length;
  return [dateTime.slice(0, cut), dateTime.slice(cut)];
}
