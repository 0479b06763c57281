/**
 * The home page's month view (docs/PRODUCT.md#home): which month, its days as instants on the viewer's
 * calendar (`tz`, UTC without it, as the period filters read theirs: common/periods.ts), and the grid of
 * weeks that shows it, starting on the locale's first day of the week. Zod-free, for the first bundle.
 */
import { calendarDay, dateTimeFormat, zonedDateTimeToInstant } from './dates';
import { isCalendarMonth } from './filters';
import { addDays } from './periods';

/** Events a day of the grid lists; the rest are "+N more", a link to that day's list. */
export const MONTH_DAY_EVENTS = 3;

/** The month shown: the one asked for ('YYYY-MM'), else the current one on the viewer's calendar. */
export function monthOf(month: string, tz: string, now: number): string {
  return isCalendarMonth(month) ? month : calendarDay(new Date(now), tz || 'UTC').slice(0, 7);
}

/** 'YYYY-MM' moved by `months` (negative: back). */
export function addMonths(month: string, months: number): string {
  const [y = 0, m = 1] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The month's days, 'YYYY-MM-DD' each, first to last. */
export function daysOfMonth(month: string): string[] {
  const days: string[] = [];
  for (let day = `${month}-01`; day.startsWith(month); day = addDays(day, 1)) days.push(day);
  return days;
}

export interface DayWindow {
  day: string;
  /** The day as instants [from, to) on the viewer's calendar: 23 or 25 hours when the clocks change. */
  from: number;
  to: number;
}

/**
 * monthWindows' answers, by month and zone. A month's days in a zone do not change while the process
 * runs, and finding each midnight through the zone's rules is most of what a month view's request
 * cost the server (~0.3 ms of its ~0.8: issue 21), so each is worked out once. Bounded: a server asked
 * for many months in many zones starts again.
 */
const keptWindows = new Map<string, readonly DayWindow[]>();
const KEPT_WINDOWS_MAX = 512;

/** Each day of the month as a window of instants in `tz` (UTC when ''). Shared: never to be changed. */
export function monthWindows(month: string, tz: string): readonly DayWindow[] {
  const zone = tz || 'UTC';
  const key = `${month} ${zone}`;
  const kept = keptWindows.get(key);
  if (kept) return kept;
  const days = daysOfMonth(month);
  const starts = [...days, addDays(days.at(-1) ?? `${month}-01`, 1)].map((day) =>
    zonedDateTimeToInstant(day, '00:00', zone).getTime(),
  );
  const windows = Object.freeze(
    days.map((day, i) => Object.freeze({ day, from: starts[i] ?? 0, to: starts[i + 1] ?? 0 })),
  );
  if (keptWindows.size >= KEPT_WINDOWS_MAX) keptWindows.clear();
  keptWindows.set(key, windows);
  return windows;
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

/** 'November 2026', in the locale's words and order. */
export function formatMonthTitle(month: string, locale: string): string {
  return dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-15T12:00:00Z`),
  );
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
