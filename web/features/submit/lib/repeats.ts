import { isCalendarDate } from '../../../../common/dates';
import type { RepeatRuleInput } from '../../../../common/schemas/series';
import {
  type MonthWeek,
  monthWeekOf,
  PLAIN_REPEATS_FIELDS,
  REPEAT_FREQUENCIES,
  type RepeatFrequency,
  WEEKDAYS,
  type Weekday,
} from '../../../../common/series';

/** The Repeats section as the form holds it (text, as inputs give it). */
export interface RepeatsValue {
  freq: 'never' | RepeatFrequency;
  weekdays: Weekday[];
  /**
   * Which weekday of the month ("1"…"5", "-1" for the last), as chosen for the date `nthDate`. Another
   * first date takes its own (monthWeekOf), as it takes its own weekday: see nthOf.
   */
  nth: string;
  nthDate: string;
  ends: 'until' | 'count';
  until: string;
  count: string;
}

export const NO_REPEATS: RepeatsValue = {
  freq: 'never',
  weekdays: [],
  nth: '1',
  nthDate: '',
  ends: 'count',
  until: '',
  count: '6',
};

/**
 * Which weekday of the month a monthly rule from `date` takes (docs/PRODUCT.md#recurring-events): the
 * one chosen for that very date, else the date's own ("the second Tuesday" for the 9th; "the last
 * Thursday" for a fifth one), so that the date typed is always one of the series' dates, whether it
 * was typed before the rule was chosen or after.
 */
export function nthOf(value: RepeatsValue, date: string): string {
  if (value.nthDate === date || !isCalendarDate(date)) return value.nth;
  return String(monthWeekOf(date));
}

/** A series' rule as the Repeats section holds it ("Edit every date" starts from it, at `firstDate`). */
export function repeatsValueOf(
  rule: {
    freq: RepeatFrequency;
    weekdays?: Weekday[] | undefined;
    nth?: number | undefined;
    until?: string | undefined;
    count?: number | undefined;
  },
  firstDate: string,
): RepeatsValue {
  return {
    freq: rule.freq,
    weekdays: rule.weekdays ?? [],
    nth: String(rule.nth ?? 1),
    nthDate: firstDate,
    ends: rule.until ? 'until' : 'count',
    until: rule.until ?? '',
    count: String(rule.count ?? NO_REPEATS.count),
  };
}

/** What the form sends as `repeats` (POST /api/events) for a first date `date`: nothing for a single event. */
export function repeatsInput(value: RepeatsValue, date: string): RepeatRuleInput | null {
  if (value.freq === 'never') return null;
  return {
    freq: value.freq,
    ...(value.freq === 'weekly' || value.freq === 'biweekly' ? { weekdays: value.weekdays } : {}),
    ...(value.freq === 'monthly_weekday' ? { nth: Number(nthOf(value, date)) as MonthWeek } : {}),
    ...(value.ends === 'until' ? { until: value.until } : { count: value.count }),
  };
}

/** The submission with its rule, when it repeats. */
export function withRepeats<T extends object>(data: T, rule: RepeatRuleInput | null): T {
  return rule ? { ...data, repeats: rule } : data;
}

/**
 * The Repeats section as a form sent without JavaScript holds it (weekdays joined by commas), its
 * weekday of the month as chosen for the date sent with it.
 */
export function plainRepeatsValue(values: Record<string, string>): RepeatsValue {
  const freq = values[PLAIN_REPEATS_FIELDS.freq];
  return {
    freq:
      freq && (REPEAT_FREQUENCIES as readonly string[]).includes(freq) ? (freq as RepeatFrequency) : 'never',
    weekdays: WEEKDAYS.filter((d) => (values[PLAIN_REPEATS_FIELDS.weekdays] ?? '').split(',').includes(d)),
    nth: values[PLAIN_REPEATS_FIELDS.nth] ?? NO_REPEATS.nth,
    nthDate: values.date ?? '',
    ends: values[PLAIN_REPEATS_FIELDS.ends] === 'until' ? 'until' : 'count',
    until: values[PLAIN_REPEATS_FIELDS.until] ?? '',
    count: values[PLAIN_REPEATS_FIELDS.count] ?? NO_REPEATS.count,
  };
}
