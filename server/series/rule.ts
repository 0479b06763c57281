import { RRuleTemporal } from 'rrule-temporal';
import { zonedDateTimeToInstant } from '../../common/dates';
import {
  SERIES_TOO_FEW,
  SERIES_TOO_LONG,
  SERIES_TOO_LONG_COUNT,
  SERIES_TOO_MANY,
} from '../../common/schemas/series';
import { type RepeatRule, SERIES_LIMITS, weekdayOf } from '../../common/series';
import { invalidField } from '../errors';

/**
 * The rule arithmetic of recurring events (docs/PRODUCT.md#recurring-events, docs/ARCHITECTURE.md#recurring-events),
 * on the server only: the form's preview asks POST /api/series/preview, so there is one implementation.
 *
 * rrule-temporal expands RFC 5545 rules on Temporal (its polyfill bundled): a rule is read in its
 * zone, so "every Friday at 18:00 in London" stays 18:00 on both sides of a daylight-saving change,
 * and months without the 31st or a fifth Monday are skipped as RFC 5545 says. The same RRULE text goes
 * into the series' calendar file (routes/calendar/seriesIcs.ts), so a calendar expands it to the
 * dates the site shows.
 */

const DAY_MS = 24 * 3600 * 1000;

/** Where and when a series starts: the first date asked for, its time of day and zone. */
export interface SeriesStart {
  date: string;
  time: string;
  timezone: string;
}

/** 'YYYY-MM-DD' + 'HH:MM' → '20260306T180000' (a local DATE-TIME of RFC 5545). */
const localStamp = (date: string, time: string) => `${date.replaceAll('-', '')}T${time.replace(':', '')}00`;

/** An instant as a UTC DATE-TIME of RFC 5545: '20260306T180000Z'. */
export const utcStamp = (ms: number) => `${new Date(ms).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

/** The day after a calendar date. */
export const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The RRULE value (without `RRULE:`) of a rule whose first date is `first`. */
export function rruleValue(rule: RepeatRule, first: SeriesStart): string {
  const parts: string[] = [];
  switch (rule.freq) {
    case 'weekly':
    case 'biweekly':
      parts.push('FREQ=WEEKLY');
      if (rule.freq === 'biweekly') parts.push('INTERVAL=2');
      parts.push(`BYDAY=${(rule.weekdays ?? [weekdayOf(first.date)]).join(',')}`, 'WKST=MO');
      break;
    case 'monthly_day':
      parts.push('FREQ=MONTHLY', `BYMONTHDAY=${Number(first.date.slice(8, 10))}`);
      break;
    case 'monthly_weekday':
      parts.push('FREQ=MONTHLY', `BYDAY=${rule.nth ?? 1}${weekdayOf(first.date)}`);
      break;
  }
  if (rule.until !== undefined) {
    // Through the whole of the last day, in the series' zone; UNTIL is in UTC as RFC 5545 requires.
    const end = zonedDateTimeToInstant(nextDay(rule.until), '00:00', first.timezone).getTime() - 1000;
    parts.push(`UNTIL=${utcStamp(end)}`);
  } else if (rule.count !== undefined) {
    parts.push(`COUNT=${rule.count}`);
  }
  return parts.join(';');
}

/** The local dates ('YYYY-MM-DD') `rule` gives from `start`, at most `limit` of them and none after `lastMs`. */
function datesOf(rule: RepeatRule, start: SeriesStart, limit: number, lastMs: number): string[] {
  const expansion = new RRuleTemporal({
    rruleString: `DTSTART;TZID=${start.timezone}:${localStamp(start.date, start.time)}\nRRULE:${rruleValue(rule, start)}`,
    maxIterations: 2000,
  });
  return expansion
    .all((occurrence, i) => i < limit && occurrence.epochMilliseconds <= lastMs)
    .map((occurrence) => occurrence.toPlainDate().toString());
}

/**
 * Every date a stored rule gives from its first date, without the limits of a new series (they held
 * when it was made): what a calendar expands its RRULE to (routes/calendar/seriesIcs.ts).
 */
export function ruleDates(rule: RepeatRule, first: SeriesStart): string[] {
  const startMs = zonedDateTimeToInstant(first.date, '00:00', first.timezone).getTime();
  return datesOf(rule, first, SERIES_LIMITS.maxDates + 1, startMs + (SERIES_LIMITS.maxDays + 1) * DAY_MS);
}

/**
 * The dates of a series: the first date the rule gives on or after `start.date` (a weekly series asked
 * to start on a Wednesday "every Friday" starts that Friday), then every date it gives, each at
 * `start.time` in `start.timezone`. Refused with a 400 on `repeats` when it gives fewer than 2 dates,
 * more than 60, or spans more than a year (docs/PRODUCT.md#limits).
 */
export function seriesDates(start: SeriesStart, rule: RepeatRule): string[] {
  const startMs = zonedDateTimeToInstant(start.date, '00:00', start.timezone).getTime();
  const farthest = startMs + (SERIES_LIMITS.maxDays + 1) * DAY_MS;
  if (
    rule.until !== undefined &&
    Date.parse(`${rule.until}T00:00:00Z`) >=
      Date.parse(`${start.date}T00:00:00Z`) + SERIES_LIMITS.maxDays * DAY_MS
  ) {
    throw invalidField('repeats', SERIES_TOO_LONG);
  }
  // The first date the pattern gives (the start date itself when it fits), then the rule from there.
  const [first] = datesOf({ ...rule, until: undefined, count: 1 }, start, 1, farthest);
  if (first === undefined) throw invalidField('repeats', SERIES_TOO_FEW);
  const from = { ...start, date: first };
  const lastMs =
    zonedDateTimeToInstant(first, '00:00', start.timezone).getTime() + SERIES_LIMITS.maxDays * DAY_MS;
  const dates = datesOf(rule, from, SERIES_LIMITS.maxDates + 1, lastMs + DAY_MS);
  if (dates.length > SERIES_LIMITS.maxDates) throw invalidField('repeats', SERIES_TOO_MANY);
  // Past a year: a series ending after a number of dates is told it may take fewer of them.
  const tooLong = rule.count === undefined ? SERIES_TOO_LONG : SERIES_TOO_LONG_COUNT;
  const last = dates.at(-1);
  if (
    last !== undefined &&
    Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`) >= SERIES_LIMITS.maxDays * DAY_MS
  ) {
    throw invalidField('repeats', tooLong);
  }
  // A count the year cut short.
  if (rule.count !== undefined && dates.length < rule.count) throw invalidField('repeats', tooLong);
  if (dates.length < SERIES_LIMITS.minDates) throw invalidField('repeats', SERIES_TOO_FEW);
  return dates;
}
