/**
 * "When" on the home page (docs/PRODUCT.md#home): Today, This weekend, Next 7 days, This month, or a
 * range of days, each a window of instants on the viewer's calendar (`tz`, which the web app sends; UTC
 * without it). An event is in the window when it overlaps it: it starts before the window ends and is
 * over after the window starts. Zod-free, for the first bundle.
 */
import { calendarDay, zonedDateTimeToInstant } from './dates';

export const PERIODS = ['any', 'today', 'weekend', 'week', 'month'] as const;
export type Period = (typeof PERIODS)[number];

export const isPeriod = (value: string): value is Period => (PERIODS as readonly string[]).includes(value);

/** The longest range of days one may choose (a year and a day, so any year fits). */
export const RANGE_MAX_DAYS = 366;

const DAY_MS = 24 * 3600 * 1000;

/** 'YYYY-MM-DD' moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export interface PeriodFilters {
  period: Period;
  /** A chosen range of days, 'YYYY-MM-DD' each ('' when none); it takes the place of `period`. */
  from: string;
  to: string;
  tz: string;
}

/** The first and last day of the window, on the viewer's calendar, or null for "any time". */
export function periodDays(filters: PeriodFilters, now: number): { first: string; last: string } | null {
  if (filters.from || filters.to) {
    const first = filters.from || filters.to;
    const last = filters.to || filters.from;
    return first <= last ? { first, last } : { first: last, last: first };
  }
  const today = calendarDay(new Date(now), filters.tz || 'UTC');
  switch (filters.period) {
    case 'any':
      return null;
    case 'today':
      return { first: today, last: today };
    case 'weekend': {
      // Saturday and Sunday: this week's, or, on a Sunday, the one it ends.
      const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
      const saturday = weekday === 0 ? addDays(today, -1) : addDays(today, 6 - weekday);
      return { first: saturday, last: addDays(saturday, 1) };
    }
    case 'week':
      return { first: today, last: addDays(today, 6) };
    case 'month': {
      const first = `${today.slice(0, 8)}01`;
      return { first, last: addDays(`${addDays(first, 31).slice(0, 8)}01`, -1) };
    }
  }
}

/** The window as instants [from, to), or null for "any time". */
export function periodWindow(filters: PeriodFilters, now: number): { from: number; to: number } | null {
  const days = periodDays(filters, now);
  if (!days) return null;
  const tz = filters.tz || 'UTC';
  return {
    from: zonedDateTimeToInstant(days.first, '00:00', tz).getTime(),
    to: zonedDateTimeToInstant(addDays(days.last, 1), '00:00', tz).getTime(),
  };
}
