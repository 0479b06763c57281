/**
 * The home page's month view (docs/PRODUCT.md#home): which month, its days as instants on the viewer's
 * calendar (`tz`, UTC without it, as the period filters read theirs: common/periods.ts), and its title.
 * The grid that shows it is common/monthLayout.ts. Zod-free, for the first bundle.
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

/** 'November 2026', in the locale's words and order. */
export function formatMonthTitle(month: string, locale: string): string {
  return dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-15T12:00:00Z`),
  );
}
