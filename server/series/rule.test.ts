import { describe, expect, it } from 'vitest';
import { zonedDateTimeToInstant } from '../../common/dates';
import { type RepeatRuleInput, repeatRuleSchema } from '../../common/schemas/series';
import { AppError } from '../errors';
import { rruleValue, seriesDates } from './rule';

// The rule arithmetic of recurring events (docs/PRODUCT.md#recurring-events): dates in the event's own
// zone, the same wall-clock time on both sides of a daylight-saving change, months without the day
// skipped, and the limits of a series.

const rule = (input: RepeatRuleInput) => repeatRuleSchema.parse(input);
const instantsOf = (dates: string[], time: string, zone: string) =>
  dates.map((date) => zonedDateTimeToInstant(date, time, zone).toISOString());

/** The code of the refusal `run` throws (a 400 on `repeats`). */
function refusal(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.fields?.repeats ?? error.message;
    throw error;
  }
  return undefined;
}

describe('seriesDates', () => {
  it('keeps a weekly Friday vigil at 18:00 in London across the March change (UTC moves, the clock does not)', () => {
    const dates = seriesDates(
      { date: '2027-03-12', time: '18:00', timezone: 'Europe/London' },
      rule({ freq: 'weekly', weekdays: ['FR'], count: 4 }),
    );
    expect(dates).toEqual(['2027-03-12', '2027-03-19', '2027-03-26', '2027-04-02']);
    expect(instantsOf(dates, '18:00', 'Europe/London')).toEqual([
      '2027-03-12T18:00:00.000Z',
      '2027-03-19T18:00:00.000Z',
      '2027-03-26T18:00:00.000Z',
      // British Summer Time from 28 March: 18:00 is 17:00 UTC.
      '2027-04-02T17:00:00.000Z',
    ]);
  });

  it('keeps every other Sunday at 10:30 in New York across the November change', () => {
    const dates = seriesDates(
      { date: '2027-10-24', time: '10:30', timezone: 'America/New_York' },
      rule({ freq: 'biweekly', weekdays: ['SU'], until: '2027-11-30' }),
    );
    expect(dates).toEqual(['2027-10-24', '2027-11-07', '2027-11-21']);
    expect(instantsOf(dates, '10:30', 'America/New_York')).toEqual([
      '2027-10-24T14:30:00.000Z',
      // Eastern Standard Time from 7 November, the day itself included.
      '2027-11-07T15:30:00.000Z',
      '2027-11-21T15:30:00.000Z',
    ]);
  });

  it('keeps the last Friday of the month at 19:00 in Sydney across the April and October changes', () => {
    const dates = seriesDates(
      { date: '2027-03-26', time: '19:00', timezone: 'Australia/Sydney' },
      rule({ freq: 'monthly_weekday', nth: -1, count: 8 }),
    );
    expect(dates).toEqual([
      '2027-03-26',
      '2027-04-30',
      '2027-05-28',
      '2027-06-25',
      '2027-07-30',
      '2027-08-27',
      '2027-09-24',
      '2027-10-29',
    ]);
    const instants = instantsOf(dates, '19:00', 'Australia/Sydney');
    // AEDT (+11) in March and late October, AEST (+10) between.
    expect(instants[0]).toBe('2027-03-26T08:00:00.000Z');
    expect(instants[1]).toBe('2027-04-30T09:00:00.000Z');
    expect(instants[7]).toBe('2027-10-29T08:00:00.000Z');
  });

  it('skips the months without a 31st', () => {
    expect(
      seriesDates(
        { date: '2027-01-31', time: '12:00', timezone: 'Europe/Paris' },
        rule({ freq: 'monthly_day', count: 6 }),
      ),
    ).toEqual(['2027-01-31', '2027-03-31', '2027-05-31', '2027-07-31', '2027-08-31', '2027-10-31']);
  });

  it('takes the 5th Monday only in the months that have one', () => {
    expect(
      seriesDates(
        { date: '2027-03-29', time: '18:30', timezone: 'Asia/Gaza' },
        rule({ freq: 'monthly_weekday', nth: 5, count: 3 }),
      ),
    ).toEqual(['2027-03-29', '2027-05-31', '2027-08-30']);
  });

  it('starts on the first date the rule gives on or after the date asked for', () => {
    // 2027-03-10 is a Wednesday: "every Friday" starts that Friday.
    expect(
      seriesDates(
        { date: '2027-03-10', time: '18:00', timezone: 'Europe/London' },
        rule({ freq: 'weekly', weekdays: ['MO', 'FR'], count: 3 }),
      ),
    ).toEqual(['2027-03-12', '2027-03-15', '2027-03-19']);
  });

  it('ends on the last day given, that day included, in the event’s zone', () => {
    expect(
      seriesDates(
        { date: '2027-06-04', time: '23:30', timezone: 'Pacific/Auckland' },
        rule({ freq: 'weekly', weekdays: ['FR'], until: '2027-06-25' }),
      ),
    ).toEqual(['2027-06-04', '2027-06-11', '2027-06-18', '2027-06-25']);
  });

  it('refuses more than 60 dates, more than a year, and fewer than 2', () => {
    const start = { date: '2027-01-04', time: '09:00', timezone: 'Europe/Berlin' };
    expect(
      refusal(() =>
        seriesDates(start, rule({ freq: 'weekly', weekdays: ['MO', 'TU', 'WE'], until: '2027-06-30' })),
      ),
    ).toBe('A recurring event can have at most 60 dates. Choose an earlier end.');
    // Ending after a number of dates, fewer dates is a way out; ending on a date, an earlier one.
    expect(refusal(() => seriesDates(start, rule({ freq: 'monthly_day', count: 14 })))).toBe(
      'A recurring event can span at most a year. Choose fewer dates or an earlier end.',
    );
    expect(
      refusal(() => seriesDates(start, rule({ freq: 'weekly', weekdays: ['MO'], until: '2028-03-01' }))),
    ).toBe('A recurring event can span at most a year. Choose an earlier end.');
    expect(
      refusal(() => seriesDates(start, rule({ freq: 'weekly', weekdays: ['MO'], until: '2027-01-10' }))),
    ).toBe('These choices give fewer than 2 dates. Choose a later end or more weekdays.');
    // Six fifth Thursdays from 31 December 2026 run into 2028; six last Thursdays end in May 2027.
    const fifth = { date: '2026-12-31', time: '18:00', timezone: 'Europe/London' };
    expect(refusal(() => seriesDates(fifth, rule({ freq: 'monthly_weekday', nth: 5, count: 6 })))).toBe(
      'A recurring event can span at most a year. Choose fewer dates or an earlier end.',
    );
    expect(seriesDates(fifth, rule({ freq: 'monthly_weekday', nth: -1, count: 6 }))).toEqual([
      '2026-12-31',
      '2027-01-28',
      '2027-02-25',
      '2027-03-25',
      '2027-04-29',
      '2027-05-27',
    ]);
    // A whole year of Mondays is allowed.
    expect(seriesDates(start, rule({ freq: 'weekly', weekdays: ['MO'], until: '2027-12-31' }))).toHaveLength(
      52,
    );
  });
});

describe('repeatRuleSchema', () => {
  const messages = (input: unknown) => {
    const result = repeatRuleSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('asks for weekdays on a weekly rule, an end, and 2 to 60 dates', () => {
    expect(messages({ freq: 'weekly', count: 4 })).toEqual(['Choose at least one weekday']);
    expect(messages({ freq: 'monthly_day' })).toEqual([
      'Choose when it ends: on a date or after a number of dates',
    ]);
    expect(messages({ freq: 'monthly_day', count: 61 })).toEqual([
      'A recurring event has from 2 to 60 dates',
    ]);
    expect(messages({ freq: 'monthly_day', count: 1 })).toEqual(['A recurring event has from 2 to 60 dates']);
    expect(messages({ freq: 'yearly', count: 3 })).toHaveLength(1);
  });

  it('keeps only what the frequency uses, weekdays in week order, and one end', () => {
    expect(rule({ freq: 'weekly', weekdays: ['FR', 'MO'], nth: 2, until: '2027-05-01', count: 3 })).toEqual({
      freq: 'weekly',
      weekdays: ['MO', 'FR'],
      until: '2027-05-01',
    });
    expect(rule({ freq: 'monthly_weekday', weekdays: ['FR'], count: '4' })).toEqual({
      freq: 'monthly_weekday',
      nth: 1,
      count: 4,
    });
  });
});

describe('rruleValue', () => {
  it('writes the RFC 5545 rule calendars expand, UNTIL as the end of the last day in UTC', () => {
    const first = { date: '2027-03-12', time: '18:00', timezone: 'Europe/London' };
    expect(rruleValue(rule({ freq: 'biweekly', weekdays: ['FR'], until: '2027-04-30' }), first)).toBe(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR;WKST=MO;UNTIL=20270430T225959Z',
    );
    expect(rruleValue(rule({ freq: 'monthly_weekday', nth: -1, count: 5 }), first)).toBe(
      'FREQ=MONTHLY;BYDAY=-1FR;COUNT=5',
    );
    expect(rruleValue(rule({ freq: 'monthly_day', count: 5 }), first)).toBe(
      'FREQ=MONTHLY;BYMONTHDAY=12;COUNT=5',
    );
  });
});
