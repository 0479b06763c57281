/**
 * Date formatting and time-zone arithmetic shared by web and server. Intl does the formatting, so other
 * languages come for free; @date-fns/tz does the one thing Intl cannot: wall-clock time in a zone → instant.
 */
import { TZDateMini } from '@date-fns/tz';
import { remembered } from './remembered';

export const DEFAULT_LOCALE = 'en-US';

/** ICU puts narrow no-break spaces before AM/PM (and thin ones around a range's dash); plain spaces keep copied text and tests predictable. */
function tidy(text: string): string {
  return text.replace(/[\u2009\u202f\u00a0]/g, ' ');
}

/** A time, or a range of times, written with Latin AM and PM ('9:00 AM – 6:00 PM'). */
const LATIN_TIMES = /\d{1,2}:\d{2} ?[AP]M(?: ?[–-] ?\d{1,2}:\d{2} ?[AP]M)?/g;

/**
 * A date as `locale` writes it, its Latin times isolated left to right in a right-to-left language:
 * Urdu writes '9:00 AM – 6:00 PM', which its right-to-left line otherwise shows as 'AM – 6:00 PM 9:00'.
 * (Arabic writes ص and م, its own direction: nothing to do.)
 */
function written(text: string, locale: string): string {
  const tidied = tidy(text);
  return /^(ar|ur|fa|he)\b/.test(locale) ? tidied.replace(LATIN_TIMES, '\u2066$&\u2069') : tidied;
}

const formatters = remembered<Intl.DateTimeFormat>(1000);

/**
 * One Intl.DateTimeFormat per locale, options and zone, made once: making one costs far more than using
 * it (under load, event pages spent most of their time here). Bounded: zones and locales are few.
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return formatters(`${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

const relativeFormatters = remembered<Intl.RelativeTimeFormat>(100);

/** One Intl.RelativeTimeFormat ('tomorrow', 'in 3 days') per locale, made once, as dateTimeFormat. */
export function relativeTimeFormat(locale: string): Intl.RelativeTimeFormat {
  return relativeFormatters(locale, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
}

/** A date format's formatter in a locale and a zone (the runtime's when absent). */
export type ZonedFormat = (locale: string, timeZone?: string) => Intl.DateTimeFormat;

/**
 * A format a page uses by the dozen: `options` (without a zone) made into one Intl.DateTimeFormat per
 * locale and zone, each made once and found by the locale and zone alone. Made once, at module level:
 * dateTimeFormat's key (the options as JSON) cost more than the formatting itself on a home page's ~100
 * dates (issue 21).
 */
export function zonedFormat(options: Intl.DateTimeFormatOptions): ZonedFormat {
  const made = remembered<Intl.DateTimeFormat>(1000);
  return (locale, timeZone) =>
    made(
      timeZone ? `${locale}|${timeZone}` : locale,
      () => new Intl.DateTimeFormat(locale, timeZone ? { ...options, timeZone } : options),
    );
}

/** `iso` written in `format`, in `timeZone` (the runtime's when absent) and `locale`. */
export function formatInstant(
  iso: string | Date,
  format: ZonedFormat,
  timeZone?: string,
  locale = DEFAULT_LOCALE,
) {
  return written(format(locale, timeZone).format(typeof iso === 'string' ? new Date(iso) : iso), locale);
}

const DATE_TIME = zonedFormat({ dateStyle: 'full', timeStyle: 'short' });

/** 'Monday, March 3, 2025 at 5:00 PM' (docs/PRODUCT.md#home: event card and detail). */
export function formatEventDateTime(iso: string | Date, timeZone?: string, locale?: string): string {
  return formatInstant(iso, DATE_TIME, timeZone, locale);
}

const TIME = zonedFormat({ hour: 'numeric', minute: '2-digit' });

/** '5:00 PM' (h:mm a). */
export function formatTime(iso: string | Date, timeZone?: string, locale?: string): string {
  return formatInstant(iso, TIME, timeZone, locale);
}

const SHORT_DATE_TIME = zonedFormat({
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** 'Mar 3, 2025, 5:00 PM' (MMM d, yyyy h:mm a). */
export function formatShortDateTime(iso: string | Date, timeZone?: string, locale?: string): string {
  return formatInstant(iso, SHORT_DATE_TIME, timeZone, locale);
}

const WALL_CLOCK = zonedFormat({
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/** True when two zones show the same wall-clock time at this instant (so no label is needed). */
export function sameOffset(iso: string | Date, zoneA: string, zoneB: string): boolean {
  return formatInstant(iso, WALL_CLOCK, zoneA) === formatInstant(iso, WALL_CLOCK, zoneB);
}

/** The instant at which the wall clock in `timeZone` shows `date` ('YYYY-MM-DD') and `time` ('HH:MM'). */
export function zonedDateTimeToInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  if (
    y === undefined ||
    m === undefined ||
    d === undefined ||
    hh === undefined ||
    mm === undefined ||
    [y, m, d, hh, mm].some(Number.isNaN)
  ) {
    throw new RangeError(`Invalid date or time: ${date} ${time}`);
  }
  if (!isCalendarDate(date)) throw new RangeError(`Invalid date: ${date}`);
  const zoned = new TZDateMini(y, m - 1, d, hh, mm, timeZone);
  return new Date(zoned.getTime());
}

/** True when `date` is a real calendar day ('2025-02-30' is not). */
export function isCalendarDate(date: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

export function isPast(iso: string | Date, now: Date = new Date()): boolean {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  return date.getTime() < now.getTime();
}

const LONG_DATE_OPTIONS: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
};
const LONG_DATE = zonedFormat(LONG_DATE_OPTIONS);
const LONG_DATE_TIME = zonedFormat({ ...LONG_DATE_OPTIONS, hour: 'numeric', minute: '2-digit' });

const DAY = zonedFormat({ year: 'numeric', month: '2-digit', day: '2-digit' });

const days = remembered<string>(2000);

/**
 * 'YYYY-MM-DD' of the instant on the wall calendar of `timeZone` (en-CA writes a date so). Remembered: a
 * home page asks ~45 times, mostly for the same instants as the pages before it (its events, and now).
 */
export function calendarDay(iso: string | Date, timeZone: string): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  return days(`${date.getTime()}|${timeZone}`, () => DAY('en-CA', timeZone).format(date));
}

/**
 * An event's date as a range (docs/PRODUCT.md#events), in its own zone: 'Monday, March 3, 2025, 5:00 –
 * 7:00 PM' within one day or less (an overnight vigil keeps its times); across days 'Saturday, March 8
 * – Monday, March 10, 2025', or with `withTimes` 'Saturday, March 8, 2025 at 10:00 AM – Monday, March
 * 10, 2025 at 7:00 PM'. An end at midnight after a later day is an end date given without a time
 * (common/schemas/events.ts, submissionInstants): the event lasts until that day is over, so it reads
 * '… – Monday, March 10, 2025', never 'Tuesday … at 12:00 AM'. Without an end, the start as
 * formatEventDateTime writes it.
 */
export function formatEventRange(
  start: string | Date,
  end: string | Date | undefined,
  timeZone: string,
  { locale = DEFAULT_LOCALE, withTimes = false }: { locale?: string; withTimes?: boolean } = {},
): string {
  if (end === undefined) return formatEventDateTime(start, timeZone, locale);
  const [from, to] = [start, end].map((d) => (typeof d === 'string' ? new Date(d) : d)) as [Date, Date];
  const lastMoment = new Date(to.getTime() - 1);
  const lastDay = calendarDay(lastMoment, timeZone);
  if (lastDay !== calendarDay(to, timeZone) && lastDay > calendarDay(from, timeZone)) {
    if (!withTimes) return written(LONG_DATE(locale, timeZone).formatRange(from, lastMoment), locale);
    const until = written(LONG_DATE(locale, timeZone).format(lastMoment), locale);
    return `${formatEventDateTime(from, timeZone, locale)} – ${until}`;
  }
  const oneDay =
    calendarDay(from, timeZone) === calendarDay(to, timeZone) || to.getTime() - from.getTime() < 864e5;
  const format = oneDay || withTimes ? LONG_DATE_TIME : LONG_DATE;
  return written(format(locale, timeZone).formatRange(from, to), locale);
}

/** Whole calendar days from `now` to `iso` on the wall calendar of `timeZone` (tomorrow is 1). */
export function calendarDaysBetween(now: string | Date, iso: string | Date, timeZone: string): number {
  const day = (d: string | Date) => Date.parse(`${calendarDay(d, timeZone)}T00:00:00Z`);
  return Math.round((day(iso) - day(now)) / (24 * 3600e3));
}

/**
 * 'today', 'tomorrow', 'in 3 days', 'last week': a hint beside an event's date, counted in calendar days
 * on the viewer's own calendar (docs/PRODUCT.md#events), so that Wednesday 7 PM seen on Tuesday morning
 * is "tomorrow", never "in 2 days". Beyond a week it rounds to weeks, months and years.
 */
export function formatRelativeDay(
  iso: string | Date,
  now: Date,
  viewerZone: string,
  locale: string = DEFAULT_LOCALE,
): string {
  const days = calendarDaysBetween(now, iso, viewerZone);
  const rtf = relativeTimeFormat(locale);
  const size = Math.abs(days);
  if (size < 7) return rtf.format(days, 'day');
  if (size < 30) return rtf.format(Math.round(days / 7), 'week');
  if (size < 365) return rtf.format(Math.round(days / 30), 'month');
  return rtf.format(Math.round(days / 365), 'year');
}
