/**
 * How an event's date reads on a card and on its page: the wall-clock time in the event's own zone
 * ('Monday, March 3, 2025 at 5:00 PM', or a range when it has an end), the zone named when it differs
 * from the viewer's, a relative hint beside it ('tomorrow', counted in the viewer's calendar days), and
 * whether it is upcoming, happening now or past (docs/PRODUCT.md#events).
 */
import {
  calendarDay,
  formatEventRange,
  formatRelativeDay,
  formatShortDateTime,
  formatTime,
  sameOffset,
} from '../../../../common/dates';
import { type EventPhase, phaseOf } from '../../../../common/eventTime';
import { remembered } from '../../../../common/remembered';
import type { ZoneRef } from '../../../lib/useZoneName';

export interface EventDateParts {
  /** 'Monday, March 3, 2025 at 5:00 PM' in the event's zone. */
  dateTime: string;
  /** The same text in two pieces, the second kept on one line: ['Monday, March 3, 2025 ', 'at 5:00 PM']. */
  dateTimeLines: [string, string];
  /**
   * Set only when the viewer's clock shows a different time: the event's zone, to be named
   * ({ place: 'Jerusalem', offset: 'GMT+2' }) with useZoneName, whose code loads when first needed.
   */
  zone: ZoneRef | null;
  /** The same instant on the viewer's clock ('Mar 3, 2025, 3:00 PM'), set only when `zone` is. */
  viewerDateTime: string | null;
  /**
   * The time on the viewer's clock ('3:00 AM'), set only when it falls on another day of the viewer's
   * calendar than the event's own: a card, listed under the viewer's day, says it instead of its
   * relative hint, so that a card under "Thursday, December 3" never reads only "Wednesday…".
   */
  viewerTime: string | null;
  /** 'in 3 days', 'tomorrow', 'yesterday', in the viewer's calendar days. */
  relative: string;
  phase: EventPhase;
  /** Over: its end (or 2 hours after its start) has passed. */
  past: boolean;
}

/** What eventDateParts writes that does not depend on the moment it is asked. */
type TimelessParts = Pick<
  EventDateParts,
  'dateTime' | 'dateTimeLines' | 'zone' | 'viewerDateTime' | 'viewerTime'
>;

/**
 * Timeless parts already written, by event date, zones, language and city: a page shows the same events
 * request after request, and Intl's formatting was most of a card's render (bench/NOTES.md). Emptied
 * when full; the results of a pure function, so nothing ever goes stale.
 */
const written = remembered<TimelessParts>(5000);

function timelessParts(
  iso: string,
  end: string | undefined,
  eventZone: string,
  viewerZone: string,
  withTimes: boolean,
  locale: string | undefined,
  city: string | undefined,
): TimelessParts {
  const key = `${iso}|${end ?? ''}|${eventZone}|${viewerZone}|${withTimes ? 1 : 0}|${locale ?? ''}|${city ?? ''}`;
  return written(key, () => {
    const differs = !sameOffset(iso, eventZone, viewerZone);
    const dateTime = formatEventRange(iso, end, eventZone, { withTimes, ...(locale ? { locale } : {}) });
    return {
      dateTime,
      dateTimeLines:
        end === undefined ? splitBeforeTime(dateTime, formatTime(iso, eventZone, locale)) : [dateTime, ''],
      zone: differs ? { zone: eventZone, instant: iso, city, locale } : null,
      viewerDateTime: differs ? formatShortDateTime(iso, viewerZone, locale) : null,
      viewerTime:
        differs && calendarDay(iso, viewerZone) !== calendarDay(iso, eventZone)
          ? formatTime(iso, viewerZone, locale)
          : null,
    };
  });
}

export function eventDateParts(
  iso: string,
  eventZone: string,
  viewerZone: string,
  now: Date = new Date(),
  {
    end,
    withTimes = false,
    locale,
    city,
  }: {
    end?: string | undefined;
    withTimes?: boolean;
    locale?: string | undefined;
    /** The event's city: it names the zone when it lies there ("Cape Town time", not "Johannesburg time"). */
    city?: string | undefined;
  } = {},
): EventDateParts {
  const phase = phaseOf({ date: iso, endDate: end }, now.getTime());
  return {
    ...timelessParts(iso, end, eventZone, viewerZone, withTimes, locale, city),
    relative: formatRelativeDay(iso, now, viewerZone, locale),
    phase,
    past: phase === 'past',
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
