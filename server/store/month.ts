import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { LIMITS } from '../../common/limits';
import type { DayWindow } from '../../common/monthGrid';
import type { ListEventsFilters } from '../../common/schemas/events';
import { cachedValue, LONG_EVENT, narrowed } from './events';
import type { Database, EventRow } from './schema';
import { textQuery } from './textSearch';

const DAY_MS = 24 * 3600 * 1000;

export interface MonthDay {
  day: string;
  /** How many approved events matching the filters overlap the day. */
  total: number;
  /** The first `perDay` of them by start (then id). */
  rows: EventRow[];
}

type MonthFilters = Pick<ListEventsFilters, 'search' | 'location' | 'type' | 'online'>;

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
 * The candidates are the events that overlap the month: those starting from a day before its first day
 * (the date index) and the long ones that started up to LIMITS.eventMaxDays before it and are not over
 * (events_long_idx), as happeningNow reads them (store/events.ts). Only their id and instants are read,
 * and then whole rows only for the at most `perDay` × 31 events shown. So a month costs what the month
 * holds, whatever the calendar's size: about 17,000 index entries at a million events over five years,
 * which is why the per-day answer is kept like a large count (cachedValue: at least 10 s, refreshed in the
 * background), and a month of a small calendar is always exact. On PostgreSQL the candidates are a
 * subquery with OFFSET 0, so the planner walks the dates rather than a pg_trgm lookup of the whole
 * calendar for a searched word.
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
          .selectAll()
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
  const sqlite = !(db.getExecutor().adapter instanceof PostgresAdapter);
  const from = days[0]?.from ?? 0;
  const to = days.at(-1)?.to ?? 0;
  const listFilters = { ...filters, when: 'upcoming', period: 'any', from: '', to: '', tz: '' } as const;
  const base = narrowed(db.selectFrom('events').where('status', '=', 'approved'), listFilters, 0);
  const columns = filters.search
    ? (['id', 'starts_at', 'over_at', 'location_text', 'search_text'] as const)
    : (['id', 'starts_at', 'over_at', 'location_text'] as const);
  const recent = base
    .where('starts_at', '>=', from - DAY_MS)
    .where('starts_at', '<', to)
    .where('over_at', '>', from)
    .select(columns);
  const long = base
    .where(LONG_EVENT)
    .where('starts_at', '>=', from - LIMITS.eventMaxDays * DAY_MS)
    .where('starts_at', '<', from - DAY_MS)
    .where('over_at', '>', from)
    .select(columns);
  const both = recent.unionAll(long);
  const candidates = (sqlite ? both : both.offset(sql.lit(0))).as('candidates');
  let matching = db.selectFrom(candidates);
  for (const condition of textQuery(filters.search, filters.location).conditions)
    matching = matching.where(condition);
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
