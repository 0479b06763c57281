import { describe, expect, it } from 'vitest';
import {
  NO_REPEATS,
  nthOf,
  plainRepeatsValue,
  type RepeatsValue,
  repeatsInput,
  repeatsValueOf,
} from './repeats';

// "Every month, same weekday" (docs/PRODUCT.md#recurring-events): which one of the month the form sends
// follows the first date typed, as the weekday does, unless the person chose it for that date.

const monthly: RepeatsValue = { ...NO_REPEATS, freq: 'monthly_weekday' };

describe('the weekday of the month the form sends', () => {
  it('follows a date typed after the rule was chosen: Thursday 31 December 2026 is the last Thursday', () => {
    expect(repeatsInput(monthly, '2026-12-31')).toEqual({ freq: 'monthly_weekday', nth: -1, count: '6' });
  });

  it('follows the date when it is corrected, whatever the date before gave', () => {
    // 3 December 2026 is the first Thursday; corrected to the 10th, the second; to the 24th, the fourth.
    let value = monthly;
    for (const [date, nth] of [
      ['2026-12-03', 1],
      ['2026-12-10', 2],
      ['2026-12-24', 4],
    ] as const) {
      expect(repeatsInput(value, date)?.nth).toBe(nth);
      value = { ...value, nth: nthOf(value, date) };
    }
  });

  it('says "the last" for a fifth one, "the fourth" for a fourth that is also the last', () => {
    expect(nthOf(monthly, '2027-01-29')).toBe('-1'); // the fifth Friday of January 2027
    expect(nthOf(monthly, '2026-11-26')).toBe('4'); // the fourth and last Thursday of November 2026
    expect(nthOf(monthly, '2027-02-01')).toBe('1');
  });

  it('keeps a choice made for the date typed, and leaves it for another date', () => {
    const chosen: RepeatsValue = { ...monthly, nth: '5', nthDate: '2026-12-31' };
    expect(repeatsInput(chosen, '2026-12-31')?.nth).toBe(5);
    expect(repeatsInput(chosen, '2026-12-17')?.nth).toBe(3);
    // Back on the date it was chosen for, the choice holds again.
    expect(repeatsInput(chosen, '2026-12-31')?.nth).toBe(5);
  });

  it('keeps the rule of a series being edited from its first date, and of a form sent back without JavaScript', () => {
    const lastFriday = repeatsValueOf({ freq: 'monthly_weekday', nth: -1, count: 6 }, '2027-01-29');
    expect(repeatsInput(lastFriday, '2027-01-29')?.nth).toBe(-1);
    const fourthThursday = repeatsValueOf({ freq: 'monthly_weekday', nth: 4, count: 6 }, '2026-11-26');
    expect(repeatsInput(fourthThursday, '2026-11-26')?.nth).toBe(4);
    const posted = plainRepeatsValue({ date: '2026-12-31', repeats: 'monthly_weekday', repeatsNth: '5' });
    expect(repeatsInput(posted, '2026-12-31')?.nth).toBe(5);
  });

  it('sends nothing for a single event', () => {
    expect(repeatsInput(NO_REPEATS, '2026-12-31')).toBeNull();
  });
});
