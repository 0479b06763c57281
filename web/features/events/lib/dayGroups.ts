/**
 * The home list read as a diary (docs/PRODUCT.md#home): consecutive events under one heading per day
 * of the viewer's calendar. An upcoming event that has already started (a march under way, a
 * three-day camp) sits under today, where the person looks for what they can still join; a past event
 * under the day it started. The list keeps the server's order; groups only join neighbours.
 */
import { calendarDay, calendarDaysBetween, dateTimeFormat } from '../../../../common/dates';

export interface DayGroup<T> {
  /** 'YYYY-MM-DD' on the viewer's calendar. */
  day: string;
  /** Calendar days from today: 0 today, 1 tomorrow, -1 yesterday. */
  offset: number;
  events: T[];
}

export function groupByDay<T extends { date: string }>(
  events: readonly T[],
  viewerZone: string,
  now: Date,
  list: 'upcoming' | 'past',
): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const event of events) {
    const start = new Date(event.date);
    const shown = list === 'upcoming' && start.getTime() < now.getTime() ? now : start;
    const day = calendarDay(shown, viewerZone);
    const last = groups.at(-1);
    if (last && last.day === day) last.events.push(event);
    else groups.push({ day, offset: calendarDaysBetween(now, shown, viewerZone), events: [event] });
  }
  return groups;
}

/**
 * 'Saturday, November 29' for a day heading, with the year only when it is not the viewer's current
 * year. `day` is a calendar date, so it is formatted at noon UTC in UTC: no zone can move it.
 */
export function formatDayHeading(day: string, now: Date, viewerZone: string, locale: string): string {
  const sameYear = day.slice(0, 4) === calendarDay(now, viewerZone).slice(0, 4);
  return dateTimeFormat(locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}
