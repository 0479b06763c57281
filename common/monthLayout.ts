/**
 * The month view's grid (docs/PRODUCT.md#home): weeks of seven days starting on the locale's first day
 * of the week, the weekday and day names, and the months before and after. Only the month view's own
 * code uses it (its chunk); which month and its days' instants are common/monthGrid.ts.
 */
import { dateTimeFormat } from './dates';
import { daysOfMonth } from './monthGrid';

/** 'YYYY-MM' moved by `months` (negative: back). */
export function addMonths(month: string, months: number): string {
  const [y = 0, m = 1] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** What Intl says of a locale's week, under either name engines have given it. */
interface WeekInfoLocale {
  getWeekInfo?: () => { firstDay?: number };
  weekInfo?: { firstDay?: number };
}

/**
 * The locale's first day of the week, 1 (Monday) to 7 (Sunday), as Intl knows it; Monday when this
 * engine does not say (ISO 8601's week).
 */
export function firstDayOfWeek(locale: string): number {
  try {
    const info = new Intl.Locale(locale) as Intl.Locale & WeekInfoLocale;
    const firstDay = info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay;
    return firstDay !== undefined && firstDay >= 1 && firstDay <= 7 ? firstDay : 1;
  } catch {
    return 1;
  }
}

/** The ISO weekday of a calendar day: 1 (Monday) to 7 (Sunday). */
export const isoWeekday = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

/**
 * The month as weeks of 7 cells, the first column `firstDay` (1 Monday … 7 Sunday); the cells before
 * the first day and after the last are null.
 */
export function monthWeeks(month: string, firstDay: number): (string | null)[][] {
  const days = daysOfMonth(month);
  const lead = (isoWeekday(`${month}-01`) - firstDay + 7) % 7;
  const cells: (string | null)[] = [...Array<null>(lead).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The weekday names in grid order, from `firstDay`: 'long' for screen readers, 'short' to show. */
export function weekdayNames(locale: string, firstDay: number, width: 'long' | 'short' | 'narrow'): string[] {
  const format = dateTimeFormat(locale, { weekday: width, timeZone: 'UTC' });
  // 2024-01-01 was a Monday: the day of ISO weekday w is 2024-01-0w.
  return Array.from({ length: 7 }, (_, i) => {
    const weekday = ((firstDay - 1 + i) % 7) + 1;
    return format.format(new Date(Date.UTC(2024, 0, weekday, 12)));
  });
}

/** 'Saturday, November 28, 2026' for a day's cell (its accessible name). */
export function formatGridDay(day: string, locale: string): string {
  return dateTimeFormat(locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

/** The day of the month as the locale writes it ('28', '٢٨'). */
export function formatDayNumber(day: string, locale: string): string {
  return dateTimeFormat(locale, { day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}
