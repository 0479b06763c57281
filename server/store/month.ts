import type { Kysely } from 'kysely';
import type { DayWindow } from '../../common/monthGrid';
import type { ListEventsFilters } from '../../common/schemas/events';
import { cachedValue, overlapping } from './events';
import type { Database, EventRow } from './schema';

/** What a day of the month grid shows of an event (presenters/event.ts presentMonthEvent). */
export const MONTH_COLUMNS = [
  'id',
  'title',
  'starts_at',
  'ends_at',
  'timezone',
  'type',
  'schedule',
  'verified',
] as const satisfies readonly (keyof EventRow)[];
export type MonthRow = Pick<EventRow, (typeof MONTH_COLUMNS)[number]>;

export interface MonthDay {
  day: string;
  /** How many approved events matching the filters overlap the day. */
  total: number;
  /** The first `perDay` of them by start (then id): only what the grid shows. */
  rows: MonthRow[];
}

type MonthFilters = Pick<ListEventsFilters, 'search' | 'location' | 'near' | 'km' | 'type' | 'online'>;

/** What the month's candidates come to: per day, the count and the first ids. */
interface Buckets {
  totals: number[];
  picks: string[][];
}

/**
 * The month view (docs/PRODUCT.md#home): for each day of `days` (the month's days as windows of
 * instants on the viewer's calendar), the approved events matching the filters that overlap it, by the
 * period filters' rule (they start before the day ends and are over after it starts), counted, and the
 * first `perDay` of them by start.
 *
 * The candidates are the events that overlap the month, read as the events happening now are
 * (`overlapping`, store/events.ts): their id and instants, then whole rows only for the at most
 * `perDay` × 31 events shown. So a month costs what the month holds, whatever the calendar's size:
 * about 17,000 index entries at a million events over five years (15 ms on SQLite, 12 ms on
 * PostgreSQL, extrapolated from 100,000), which is why the per-day answer is kept like a large count
 * (cachedValue: at least 10 s, refreshed in the background); a month of a small calendar is always
 * exact.
 */
export async function listMonthEvents(
  db: Kysely<Database>,
  filters: MonthFilters,
  days: readonly DayWindow[],
  perDay: number,
): Promise<MonthDay[]> {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return [];
  const buckets = await cachedValue(
    db,
    JSON.stringify({ month: [first.from, last.to, days.length], perDay, ...filters }),
    () => bucketsOf(db, filters, days, perDay),
    (b) => b.totals.reduce((sum, n) => sum + n, 0),
  );
  const ids = [...new Set(buckets.picks.flat())];
  // Kept ids may name an event removed since: only approved ones are read.
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('events')
          // Not whole rows: descriptions and search text are most of a row's bytes, and none is shown.
          .select(MONTH_COLUMNS)
          .where('id', 'in', ids)
          .where('status', '=', 'approved')
          .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return days.map((window, i) => ({
    day: window.day,
    total: buckets.totals[i] ?? 0,
    rows: (buckets.picks[i] ?? []).flatMap((id) => byId.get(id) ?? []),
  }));
}

async function bucketsOf(
  db: Kysely<Database>,
  filters: MonthFilters,
  days: readonly DayWindow[],
  perDay: number,
): Promise<Buckets> {
  const from = days[0]?.from ?? 0;
  const to = days.at(-1)?.to ?? 0;
  const anyTime = { when: 'upcoming', period: 'any', from: '', to: '', tz: '' } as const;
  const matching = overlapping(db, { ...filters, ...anyTime }, from, from, to);
  const found = await matching
    .select(['candidates.id', 'candidates.starts_at', 'candidates.over_at'])
    .orderBy('candidates.starts_at')
    .orderBy('candidates.id')
    .execute();

  const totals = days.map(() => 0);
  const picks: string[][] = days.map(() => []);
  for (const event of found) {
    const startsAt = Number(event.starts_at);
    const overAt = Number(event.over_at);
    // The first day it overlaps: the last window starting at or before its start (or the month's first).
    let lo = 0;
    let hi = days.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((days[mid]?.from ?? 0) <= startsAt) lo = mid;
      else hi = mid - 1;
    }
    for (let i = lo; i < days.length; i++) {
      const day = days[i];
      if (!day || day.from >= overAt) break;
      if (startsAt >= day.to) continue;
      totals[i] = (totals[i] ?? 0) + 1;
      const dayPicks = picks[i];
      if (dayPicks && dayPicks.length < perDay) dayPicks.push(event.id);
    }
  }
  return { totals, picks };
}
