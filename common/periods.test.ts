import { describe, expect, it } from 'vitest';
import { type PeriodFilters, periodDays, periodWindow } from './periods';

const at = (iso: string) => Date.parse(iso);
const f = (over: Partial<PeriodFilters>): PeriodFilters => ({
  period: 'any',
  from: '',
  to: '',
  tz: 'UTC',
  ...over,
});

describe('periods on the viewer’s calendar', () => {
  // Wednesday 25 November 2026, 23:30 in London is already Thursday in Gaza.
  const wednesdayNight = at('2026-11-25T23:30:00Z');

  it('takes today, the weekend, the next 7 days and the month on the viewer’s calendar', () => {
    expect(periodDays(f({ period: 'today' }), wednesdayNight)).toEqual({
      first: '2026-11-25',
      last: '2026-11-25',
    });
    expect(periodDays(f({ period: 'today', tz: 'Asia/Gaza' }), wednesdayNight)).toEqual({
      first: '2026-11-26',
      last: '2026-11-26',
    });
    expect(periodDays(f({ period: 'weekend' }), wednesdayNight)).toEqual({
      first: '2026-11-28',
      last: '2026-11-29',
    });
    expect(periodDays(f({ period: 'week' }), wednesdayNight)).toEqual({
      first: '2026-11-25',
      last: '2026-12-01',
    });
    expect(periodDays(f({ period: 'month' }), wednesdayNight)).toEqual({
      first: '2026-11-01',
      last: '2026-11-30',
    });
    expect(periodDays(f({ period: 'month' }), at('2027-02-10T12:00:00Z'))).toEqual({
      first: '2027-02-01',
      last: '2027-02-28',
    });
    expect(periodDays(f({ period: 'any' }), wednesdayNight)).toBeNull();
  });

  it('keeps the weekend it is in on a Saturday and a Sunday', () => {
    expect(periodDays(f({ period: 'weekend' }), at('2026-11-28T10:00:00Z'))?.first).toBe('2026-11-28');
    expect(periodDays(f({ period: 'weekend' }), at('2026-11-29T10:00:00Z'))?.first).toBe('2026-11-28');
  });

  it('takes a range of days in either order, or one day when only one end is given', () => {
    expect(periodDays(f({ from: '2026-12-10', to: '2026-12-01' }), 0)).toEqual({
      first: '2026-12-01',
      last: '2026-12-10',
    });
    expect(periodDays(f({ from: '2026-12-10' }), 0)).toEqual({ first: '2026-12-10', last: '2026-12-10' });
  });

  it('turns days into instants at midnight in the viewer’s zone, summer time included', () => {
    expect(periodWindow(f({ period: 'today', tz: 'Europe/London' }), at('2026-07-01T12:00:00Z'))).toEqual({
      from: at('2026-06-30T23:00:00Z'),
      to: at('2026-07-01T23:00:00Z'),
    });
  });
});
