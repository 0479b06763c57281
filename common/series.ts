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

/**
 * The Nth weekday of the month a monthly rule from `date` says unless told otherwise: its week of the
 * month, except that a fifth one is "the last" (it is always the last, and a fifth Thursday comes only a
 * few months a year, so a handful of them would span more than a year; the last one comes every month).
 */
export function monthWeekOf(date: string): MonthWeek {
  const week = weekOfMonth(date);
  return week >= 5 ? -1 : (week as MonthWeek);
}

/**
 * The Repeats section of the submit form without JavaScript (docs/PRODUCT.md#recurring-events): the
 * names its plain controls post to /submit (server/routes/events/submitForm.ts).
 */
export const PLAIN_REPEATS_FIELDS = {
  freq: 'repeats',
  weekdays: 'repeatsWeekdays',
  nth: 'repeatsNth',
  ends: 'repeatsEnds',
  until: 'repeatsUntil',
  count: 'repeatsCount',
} as const;

const textsOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string'
      ? [value]
      : [];

/**
 * What the plain Repeats controls posted, as text (a form sent back after a refusal keeps them;
 * weekdays joined by commas).
 */
export function plainRepeatsValues(fields: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, name] of Object.entries(PLAIN_REPEATS_FIELDS)) {
    const texts = textsOf(fields[name]);
    if (texts.length > 0) values[name] = key === 'weekdays' ? texts.join(',') : (texts[0] ?? '');
  }
  return values;
}

/** The `repeats` of a submission from the plain controls' text (checked by the API's schema), or null. */
export function repeatsOfPlainForm(values: Record<string, string>): Record<string, unknown> | null {
  const freq = values[PLAIN_REPEATS_FIELDS.freq];
  if (!freq || freq === 'never') return null;
  const weekdays = (values[PLAIN_REPEATS_FIELDS.weekdays] ?? '').split(',').filter(Boolean);
  const rule: Record<string, unknown> = { freq, weekdays };
  if (freq === 'monthly_weekday') rule.nth = Number(values[PLAIN_REPEATS_FIELDS.nth] ?? '1');
  if (values[PLAIN_REPEATS_FIELDS.ends] === 'until') rule.until = values[PLAIN_REPEATS_FIELDS.until] ?? '';
  else rule.count = values[PLAIN_REPEATS_FIELDS.count] ?? '';
  return rule;
}
