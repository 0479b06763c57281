/**
 * Recurring events (docs/PRODUCT.md#recurring-events): the rule a series repeats by, as the form gives
 * it and the API presents it. Zod-free, so the web app can use it without bundling zod; the schemas are
 * in common/schemas/series.ts and the dates are worked out by the server alone (server/series/rule.ts).
 */

/** RFC 5545 weekday codes, Monday first. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * How a series repeats: every week or every 2 weeks on chosen weekdays; every month on the first
 * date's day of the month (months without that day are skipped); every month on the Nth (1–5) or last
 * (-1) of the first date's weekday.
 */
export const REPEAT_FREQUENCIES = ['weekly', 'biweekly', 'monthly_day', 'monthly_weekday'] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];

/** The Nth weekday of a month: 1 to 5, or -1 for the last. */
export const MONTH_WEEKS = [1, 2, 3, 4, 5, -1] as const;
export type MonthWeek = (typeof MONTH_WEEKS)[number];

/** What a series' rule says (stored as JSON on the series and on each occurrence). */
export interface RepeatRule {
  freq: RepeatFrequency;
  /** Weekly and every 2 weeks: the weekdays it happens on. */
  weekdays?: Weekday[];
  /** Monthly on a weekday: which one of the month (the weekday is the first date's). */
  nth?: MonthWeek;
  /** Ends on this local date (inclusive), or after `count` dates. */
  until?: string;
  count?: number;
}

/** A series spans at most a year and this many dates, at least 2 (docs/PRODUCT.md#limits). */
export const SERIES_LIMITS = { minDates: 2, maxDates: 60, maxDays: 366 } as const;

/** The weekday ('MO'…'SU') of a calendar date 'YYYY-MM-DD'. */
export function weekdayOf(date: string): Weekday {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return WEEKDAYS[(day + 6) % 7] as Weekday;
}

/** Which of its weekday in its month a date is: 1 for the first … 5 for the fifth. */
export function weekOfMonth(date: string): number {
  return Math.ceil(Number(date.slice(8, 10)) / 7);
}
