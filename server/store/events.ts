import { type Kysely, PostgresAdapter, type SelectQueryBuilder, sql } from 'kysely';
import type { AttendanceMode, EventStatus, EventType, PlaceVisibility } from '../../common/enums';
import { overAt } from '../../common/eventTime';
import type { EventImage } from '../../common/images';
import { LIMITS } from '../../common/limits';
import { type Listed, type Page, pageOffset } from '../../common/paging';
import { periodWindow } from '../../common/periods';
import type { ListEventsFilters } from '../../common/schemas/events';
import { cityKey } from '../search/gazetteer';
import { ONLINE } from '../search/onlineWords';
import { newId } from './ids';
import { nearQuery, pageByCells, positionOf } from './near';
import type { Database, EventRow } from './schema';
import { storedText, textQuery } from './textSearch';

/**
 * An event one can attend online is found by the word "online" among its places (docs/PRODUCT.md#home),
 * whatever its city and country say; the location box takes each language's word for it
 * (search/onlineWords.ts).
 */
const onlinePlace = (attendance: AttendanceMode | undefined) =>
  attendance === 'online' || attendance === 'both' ? [ONLINE] : [];

/** What search finds an event by (store/textSearch.ts): every text field, and its place. */
export function searchTextOf(e: {
  title: string;
  description: string;
  city: string;
  country: string;
  attendance?: AttendanceMode | undefined;
}): string {
  return storedText([e.title, e.description, e.city, e.country, ...onlinePlace(e.attendance)], e.country);
}

/** What the location box finds an event by: its city, its country (and its code), "online". */
export function locationTextOf(e: {
  city: string;
  country: string;
  attendance?: AttendanceMode | undefined;
}): string {
  return storedText([e.city, e.country, ...onlinePlace(e.attendance)], e.country);
}

/** Counts this large, or this slow to compute, are served from a short-lived cache (cachedCount). */
const COUNT_CACHE_MIN = 300;
const COUNT_CACHE_SLOW_MS = 50;
const COUNT_FRESH_MIN_MS = 10_000;
const COUNT_FRESH_MAX_MS = 300_000;
const COUNT_CACHE_MAX_KEYS = 2000;

interface CountEntry {
  value: unknown;
  at: number;
  /** How long it stays fresh: longer for counts that were slow to compute. */
  freshMs: number;
  refreshing: boolean;
}
const countCaches = new WeakMap<object, Map<string, CountEntry>>();
/** Counts being computed for a cold key: concurrent requests for it share one computation. */
const countsInFlight = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Exact counts are cheap for small results and costly for huge ones (hundreds of thousands of index
 * entries at a million events). Counts of COUNT_CACHE_MIN or more (or that took COUNT_CACHE_SLOW_MS
 * to compute) are kept per filter for at least 10 s (longer when slow to compute: an expensive count is recomputed at most ~1% of the time), then
 * served stale once while one request refreshes them in the background. So a total on a large
 * calendar may lag the truth by seconds; a small one (every test, most real calendars) is always
 * exact. A count nobody has kept yet is computed once however many requests ask for it at the same
 * moment (a burst on a cold server would otherwise run the same costly count once per request). The
 * cache lives in this process only; nothing depends on it being shared between servers.
 */
export function cachedCount(
  db: Kysely<Database>,
  key: string,
  compute: () => Promise<number>,
): Promise<number> {
  return cachedValue(db, `count:${key}`, compute, (value) => value);
}

/**
 * cachedCount's rule for any value made of counts (the month view's days: store/month.ts): `size` says
 * how many rows it stands for, which decides whether it is kept.
 */
export async function cachedValue<T>(
  db: Kysely<Database>,
  key: string,
  compute: () => Promise<T>,
  size: (value: T) => number,
): Promise<T> {
  let cache = countCaches.get(db);
  if (!cache) {
    cache = new Map();
    countCaches.set(db, cache);
  }
  const store = cache;
  const measure = async () => {
    const started = performance.now();
    const value = await compute();
    const elapsed = performance.now() - started;
    const freshMs = Math.min(COUNT_FRESH_MAX_MS, Math.max(COUNT_FRESH_MIN_MS, 100 * elapsed));
    if (size(value) >= COUNT_CACHE_MIN || elapsed >= COUNT_CACHE_SLOW_MS) {
      if (store.size >= COUNT_CACHE_MAX_KEYS) store.clear();
      store.set(key, { value, at: Date.now(), freshMs, refreshing: false });
    } else {
      store.delete(key);
    }
    return value;
  };
  const hit = store.get(key);
  const age = hit ? Date.now() - hit.at : 0;
  if (hit && age < 6 * hit.freshMs) {
    if (age >= hit.freshMs && !hit.refreshing) {
      hit.refreshing = true;
      measure().catch(() => {
        hit.refreshing = false;
      });
    }
    return hit.value as T;
  }
  let inFlight = countsInFlight.get(db);
  if (!inFlight) {
    inFlight = new Map();
    countsInFlight.set(db, inFlight);
  }
  const pending = inFlight.get(key);
  if (pending) return pending as Promise<T>;
  const running = inFlight;
  const computed = measure().finally(() => running.delete(key));
  running.set(key, computed);
  return computed;
}

/**
 * The page itself says what a kept count may have missed: a page that is not full ends the list, so
 * the total is exactly what comes before it plus its rows; a full page means at least that many. So a
 * count kept from before a change (cachedCount, above) can never contradict the rows shown
 * beside it, and every list that fits on its pages has an exact total.
 */
export function settled(rows: EventRow[], total: number, offset: number, pageSize: number) {
  // An empty page past the end says nothing: the list may end anywhere before it.
  if (rows.length === 0 && offset > 0) return { rows, total };
  const seen = offset + rows.length;
  return { rows, total: rows.length < pageSize ? seen : Math.max(total, seen) };
}

const DAY_MS = 24 * 3600 * 1000;
/** Events longer than this are in events_long_idx (migrations 0008, 0014); the literal must match its WHERE. */
const LONG_EVENT = sql<boolean>`over_at - starts_at > ${sql.lit(DAY_MS)}`;

/**
 * Approved events matching the home page's filters: upcoming (not over yet) soonest first, the ones
 * happening now first of all; or past (over) latest first (docs/PRODUCT.md#home).
 *
 * Upcoming is two lists read one after the other: events that started and are not over (few: those
 * that started within a day, from the date index, and longer ones from events_long_idx, at
 * most LIMITS.eventMaxDays back), then events still to start, walked in date order as before.
 */
export async function listApprovedEvents(
  db: Kysely<Database>,
  filters: ListEventsFilters,
  { page, pageSize }: Page,
  now: number = Date.now(),
): Promise<Listed<EventRow>> {
  const offset = pageOffset({ page, pageSize });
  // A city the gazetteer does not know: nothing is near it (the route says so).
  if (nearQuery(filters.near, filters.km)?.cells?.length === 0) return { rows: [], total: 0 };
  if (filters.when === 'past') {
    const past = await walkByDate(db, filters, { past: true, now }, offset, pageSize);
    return settled(past.rows, past.total, offset, pageSize);
  }
  const running = await happeningNow(db, filters, now, offset, pageSize);
  const future = await walkByDate(
    db,
    filters,
    { past: false, now },
    Math.max(0, offset - running.total),
    pageSize - running.rows.length,
  );
  return settled([...running.rows, ...future.rows], running.total + future.total, offset, pageSize);
}

/**
 * The events happening now (started, not over) matching the filters, `limit` of them from `offset` in
 * date order, with how many there are.
 *
 * Whatever the calendar's size, the candidates are few: the events that started within the last day
 * and the long ones (events_long_idx) of the last LIMITS.eventMaxDays. So their ids and starts are read
 * first (on PostgreSQL from the indexes alone when nothing is searched: both carry id, over_at and
 * location_text, migrations 0008 and 0014), with the text conditions checked on them, and put in order
 * here; only the page's rows are then read whole, by id, and none when nothing is happening (most of
 * the time). Sorting and counting the few candidates in the database cost SQLite a temporary B-tree
 * each, however few they were (~50 µs of a ~75 µs query that found nothing: bench/NOTES.md, issue 21).
 * On PostgreSQL the candidates are a subquery with OFFSET 0, which the planner keeps apart: it cannot
 * trade the short walk for a pg_trgm lookup of every event in the calendar holding the word (73,000 for
 * `vigil` at a million events, ~100 ms each time: bench/NOTES.md, issue 13). pg_trgm's estimates are
 * guesses (100 rows for `manchester`, which has 11,000), so nothing here is left to them.
 */
async function happeningNow(
  db: Kysely<Database>,
  filters: ListEventsFilters,
  now: number,
  offset: number,
  limit: number,
): Promise<{ rows: EventRow[]; total: number }> {
  const candidates = await overlapping(db, filters, now, now, now)
    .select(['candidates.id', 'candidates.starts_at'])
    .execute();
  if (candidates.length === 0) return { rows: [], total: 0 };
  // Soonest first, then by id (as code units: the same order on both databases), so that pages through
  // them neither skip nor repeat an event.
  const ordered = candidates
    .map(({ id, starts_at }) => ({ id, startsAt: Number(starts_at) }))
    .sort((a, b) => a.startsAt - b.startsAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const ids = ordered.slice(offset, offset + limit).map(({ id }) => id);
  if (ids.length === 0) return { rows: [], total: ordered.length };
  const found = await db.selectFrom('events').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(found.map((row) => [row.id, row]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  // An event removed between the two reads is left out, and out of the count.
  return { rows, total: ordered.length - (ids.length - rows.length) };
}

/**
 * The approved events matching `filters` that overlap the instants [from, to) (they start before `to`
 * and are over after `from`): those happening at `now` (from = to = now) and the month view's
 * (store/month.ts). Only a few can have started before `from`: those that started within the day
 * before it, from the date index, and longer ones from events_long_idx, at most LIMITS.eventMaxDays
 * back. Their id, start, end and the text they are found by are read (on PostgreSQL from the indexes
 * alone when nothing is searched: migrations 0008 and 0014), and the text conditions checked on them
 * afterwards: on PostgreSQL they are a subquery with OFFSET 0, which the planner keeps apart, so it
 * cannot trade the short walk for a pg_trgm lookup of every event in the calendar holding the word.
 */
export function overlapping(
  db: Kysely<Database>,
  filters: ListEventsFilters,
  now: number,
  from: number,
  to: number,
) {
  const sqlite = !(db.getExecutor().adapter instanceof PostgresAdapter);
  const base = narrowed(db.selectFrom('events').where('status', '=', 'approved'), filters, now);
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
  // SQLite has no trigram index to be tempted by (and wants a LIMIT before an OFFSET).
  const candidates = (sqlite ? both : both.offset(sql.lit(0))).as('candidates');
  let matching = db.selectFrom(candidates);
  for (const condition of textQuery(filters.search, filters.location).conditions)
    matching = matching.where(condition);
  return matching;
}

/**
 * The query narrowed by the filters that are not text: the type, the period or days (events that
 * overlap the window: they start before it ends and are over after it starts; common/periods.ts),
 * "online only" and "near a city" (docs/PRODUCT.md#home).
 */
function narrowed<Q extends SelectQueryBuilder<Database, 'events', object>>(
  query: Q,
  filters: ListEventsFilters,
  now: number,
): Q {
  let q = query;
  if (filters.type !== 'all') q = q.where('type', '=', filters.type) as Q;
  const window = periodWindow(filters, now);
  if (window) q = q.where('starts_at', '<', window.to).where('over_at', '>', window.from) as Q;
  if (filters.online) q = q.where('attendance', 'in', ['online', 'both']) as Q;
  for (const condition of nearQuery(filters.near, filters.km)?.conditions ?? []) q = q.where(condition) as Q;
  return q;
}

/**
 * Events still to start (soonest first) or over (latest first), `limit` of them from `offset`, with
 * their total.
 *
 * Search and location are case-insensitive substring matches (LIKE over the lower-cased text, which
 * stays the final word). On SQLite, terms of 3+ characters first go through the FTS5 trigram index
 * (migration 0002): when the matches are few, the page is read from them; when they are many, walking
 * the date index and checking each row is cheaper, and the count says which case it is. On PostgreSQL,
 * pg_trgm GIN indexes serve the same LIKE and its planner makes that choice itself. The past list's
 * "over" is checked in the date index, which carries over_at (migration 0008).
 */
async function walkByDate(
  db: Kysely<Database>,
  filters: ListEventsFilters,
  { past, now }: { past: boolean; now: number },
  offset: number,
  limit: number,
): Promise<{ rows: EventRow[]; total: number }> {
  const sqlite = !(db.getExecutor().adapter instanceof PostgresAdapter);
  const { search, location } = filters;
  const text = textQuery(search, location);

  let window = db.selectFrom('events').where('status', '=', 'approved');
  window = past
    ? window.where('starts_at', '<', now).where('over_at', '<=', now)
    : window.where('starts_at', '>=', now);
  const dated = window;
  window = narrowed(window, filters, now);
  const withText = (query: typeof window) => {
    let q = query;
    for (const condition of text.conditions) q = q.where(condition);
    return q;
  };
  const matching = withText(window);

  // City, country and the country's token are part of search_text, so location terms narrow the FTS
  // lookup too.
  const ftsOf = (query: typeof window) =>
    sqlite && text.fts !== null
      ? query.where(
          sql<boolean>`events.rowid in (select rowid from events_fts where events_fts match ${text.fts})`,
        )
      : null;
  const viaFts = ftsOf(matching);

  const countOf = (query: typeof window) =>
    query
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  const key = (parts: object) =>
    JSON.stringify({
      when: past ? 'past' : 'future',
      type: filters.type,
      period: periodWindow(filters, now),
      online: filters.online,
      near: filters.near ? [cityKey(filters.near), filters.km] : null,
      ...parts,
    });
  const direction = past ? 'desc' : 'asc';
  const pageOf = (query: typeof window) =>
    query.selectAll().orderBy('starts_at', direction).orderBy('id').limit(limit).offset(offset).execute();

  const near = nearQuery(filters.near, filters.km);
  if (near?.cells) {
    // Near a city: the squares the circle touches, through events_near_idx (store/near.ts); or, for
    // words found in few events anywhere (SQLite), those few from the FTS index.
    const anywhere = ftsOf(withText(narrowed(dated, { ...filters, near: '' }, now)));
    const rare =
      viaFts !== null &&
      anywhere !== null &&
      (await cachedCount(db, key({ search, location, near: null }), () => countOf(anywhere))) <= FTS_PAGE_MAX;
    const inCells = matching.where('cell', 'in', near.cells);
    const total = await cachedCount(db, key({ search, location }), () =>
      countOf(rare && viaFts ? viaFts : inCells),
    );
    if (limit <= 0) return { rows: [], total };
    if (rare && viaFts) return { rows: await pageOf(viaFts), total };
    return { rows: await pageByCells(db, matching, near, { direction, offset, limit }), total };
  }

  const total = await cachedCount(db, key({ search, location }), () => countOf(viaFts ?? matching));
  if (limit <= 0) return { rows: [], total };
  if (!sqlite && location && !search) {
    // PostgreSQL, location only: the page's ids come from the date index alone (migrations 0005 and
    // 0008 carry location_text and over_at in it: an index-only scan), then only those rows are read.
    const ids = matching
      .select(['id', 'starts_at'])
      .orderBy('starts_at', direction)
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .as('page');
    const rows = await db
      .selectFrom(ids)
      .innerJoin('events', 'events.id', 'page.id')
      .selectAll('events')
      .orderBy('page.starts_at', direction)
      .orderBy('page.id')
      .execute();
    return { rows, total };
  }
  if (!viaFts) return { rows: await pageOf(matching), total };
  // Walking the date index visits about (offset + limit) × window / total rows; reading the
  // matches from the FTS index costs `total` lookups, each about 5 times dearer. Take the cheaper.
  const windowSize = await cachedCount(db, key({}), () => countOf(window));
  const walk = ((offset + limit) * windowSize) / Math.max(total, 1);
  return { rows: await pageOf(walk < 5 * total ? matching : viaFts), total };
}

/** Words found in this few events are read from the FTS index, rather than walked square by square. */
const FTS_PAGE_MAX = 1000;

export async function getEventById(db: Kysely<Database>, id: string): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What the form gives an event (common/schemas/events.ts), its instants already worked out. */
export interface EventFields {
  title: string;
  description: string;
  startsAt: number;
  endsAt?: number | null;
  timezone: string;
  attendance?: AttendanceMode;
  venue?: string | undefined;
  address?: string | undefined;
  joinUrl?: string | undefined;
  placeVisibility?: PlaceVisibility;
  placeHoursBefore?: number | undefined;
  accessibility?: string | undefined;
  city: string;
  country: string;
  type: EventType;
  sourceLink: string;
  organizer?: string | undefined;
  /** Its flyer, resolved from the form's `image` by the write (store/images.ts attachableImage). */
  image?: EventImage | null;
}

export interface NewEvent extends EventFields {
  createdBy: string;
  status?: EventStatus;
  verified?: boolean;
  createdAt?: number;
}

/**
 * The columns the form decides, with what is derived from them (search text, when it is over): written
 * alike by a submission, an edit and an accepted change.
 */
export function eventColumnsOf(e: EventFields) {
  return {
    title: e.title,
    description: e.description,
    starts_at: e.startsAt,
    timezone: e.timezone,
    city: e.city,
    country: e.country,
    type: e.type,
    source_link: e.sourceLink,
    organizer: e.organizer ?? null,
    search_text: searchTextOf(e),
    location_text: locationTextOf(e),
    ...positionOf(e),
    ends_at: e.endsAt ?? null,
    over_at: overAt(e.startsAt, e.endsAt),
    venue: e.venue ?? null,
    address: e.address ?? null,
    attendance: e.attendance ?? 'in_person',
    join_url: e.joinUrl ?? null,
    place_visibility: e.placeVisibility ?? 'everyone',
    place_hours_before: e.placeVisibility === 'hours_before' ? (e.placeHoursBefore ?? null) : null,
    accessibility: e.accessibility ?? null,
    image: e.image ? JSON.stringify(e.image) : null,
    image_id: e.image?.id ?? null,
  } satisfies Partial<EventRow>;
}

/** Insert an event (pending and unverified unless told otherwise) and return its row. */
export async function insertEvent(db: Kysely<Database>, e: NewEvent): Promise<EventRow> {
  const row = newEventRow(e);
  await db.insertInto('events').values(row).execute();
  return { ...row, ...NO_SERIES };
}

/** The columns of an event that belongs to no series (migration 0018: their defaults). */
export const NO_SERIES = {
  series_id: null,
  series_position: null,
  series_date: null,
  series_rule: null,
  series_moved: 0,
} as const satisfies Partial<EventRow>;
type SeriesColumn = keyof typeof NO_SERIES;

/** The row insertEvent writes (migration tests write it without the columns of later migrations). */
export function newEventRow(e: NewEvent): Omit<EventRow, SeriesColumn> {
  const now = e.createdAt ?? Date.now();
  const status = e.status ?? 'pending';
  return {
    id: newId(),
    ...eventColumnsOf(e),
    status,
    verified: e.verified ? 1 : 0,
    created_by: e.createdBy,
    created_at: now,
    updated_at: now,
    approved_at: status === 'approved' ? now : null,
    schedule: 'scheduled',
    schedule_note: null,
    sequence: 0,
    version: 1,
  };
}
