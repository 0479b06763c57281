import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { EventStatus, EventType } from '../../common/enums';
import { type Listed, type Page, pageOffset } from '../../common/paging';
import type { ListEventsFilters } from '../../common/schemas/events';
import { newId } from './ids';
import type { Database, EventRow } from './schema';

/** Escape LIKE wildcards so a search for "100%" means the text "100%". */
export function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function searchTextOf(e: {
  title: string;
  description: string;
  city: string;
  country: string;
}): string {
  return [e.title, e.description, e.city, e.country].join('\n').toLowerCase();
}

export function locationTextOf(e: { city: string; country: string }): string {
  return `${e.city}\n${e.country}`.toLowerCase();
}

/** FTS5's trigram tokenizer finds substrings of 3 or more characters; shorter terms use LIKE alone. */
const TRIGRAM_MIN = 3;
/** Counts this large, or this slow to compute, are served from a short-lived cache (cachedCount). */
const COUNT_CACHE_MIN = 300;
const COUNT_CACHE_SLOW_MS = 50;
const COUNT_FRESH_MIN_MS = 10_000;
const COUNT_FRESH_MAX_MS = 300_000;
const COUNT_CACHE_MAX_KEYS = 2000;

interface CountEntry {
  value: number;
  at: number;
  /** How long it stays fresh: longer for counts that were slow to compute. */
  freshMs: number;
  refreshing: boolean;
}
const countCaches = new WeakMap<object, Map<string, CountEntry>>();

/**
 * Exact counts are cheap for small results and costly for huge ones (hundreds of thousands of index
 * entries at a million events). Counts of COUNT_CACHE_MIN or more (or that took COUNT_CACHE_SLOW_MS
 * to compute) are kept per filter for at least 10 s (longer when slow to compute: an expensive count is recomputed at most ~1% of the time), then
 * served stale once while one request refreshes them in the background. So a total on a large
 * calendar may lag the truth by seconds; a small one (every test, most real calendars) is always
 * exact. The cache lives in this process only; nothing depends on it being shared between servers.
 */
async function cachedCount(
  db: Kysely<Database>,
  key: string,
  compute: () => Promise<number>,
): Promise<number> {
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
    if (value >= COUNT_CACHE_MIN || elapsed >= COUNT_CACHE_SLOW_MS) {
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
    return hit.value;
  }
  return measure();
}

/** An FTS5 phrase: the text in double quotes, inner quotes doubled. Trigram phrases match substrings. */
const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** Newlines separate the fields in the stored text; a query never spans two of them. */
export const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ');

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

/**
 * Approved events matching the home page's filters: upcoming soonest first, or past latest first.
 *
 * Search and location are case-insensitive substring matches (LIKE over the lower-cased text, which
 * stays the final word). On SQLite, terms of 3+ characters first go through the FTS5 trigram index
 * (migration 0002): when the matches are few, the page is read from them; when they are many, walking
 * the date index and checking each row is cheaper, and the count says which case it is. On PostgreSQL,
 * pg_trgm GIN indexes serve the same LIKE and its planner makes that choice itself.
 */
export async function listApprovedEvents(
  db: Kysely<Database>,
  filters: ListEventsFilters,
  { page, pageSize }: Page,
  now: number = Date.now(),
): Promise<Listed<EventRow>> {
  const sqlite = !(db.getExecutor().adapter instanceof PostgresAdapter);
  const search = oneLine(filters.search);
  const location = oneLine(filters.location);
  const offset = pageOffset({ page, pageSize });

  let window = db.selectFrom('events').where('status', '=', 'approved');
  window =
    filters.when === 'past' ? window.where('starts_at', '<', now) : window.where('starts_at', '>=', now);
  if (filters.type !== 'all') window = window.where('type', '=', filters.type);
  let matching = window;
  if (search) matching = matching.where(sql<boolean>`search_text like ${likeContains(search)} escape '\\'`);
  if (location)
    matching = matching.where(sql<boolean>`location_text like ${likeContains(location)} escape '\\'`);

  // City and country are part of search_text, so a location term narrows the FTS lookup too.
  const phrases = [search, location]
    .filter((t) => [...t].length >= TRIGRAM_MIN)
    .map((t) => ftsPhrase(t.toLowerCase()));
  const viaFts =
    sqlite && phrases.length > 0
      ? matching.where(
          sql<boolean>`events.rowid in (select rowid from events_fts where events_fts match ${phrases.join(' ')})`,
        )
      : null;

  const countOf = (query: typeof window) =>
    query
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  const key = (parts: object) => JSON.stringify({ when: filters.when, type: filters.type, ...parts });
  const total = await cachedCount(db, key({ search, location }), () => countOf(viaFts ?? matching));

  const pageOf = (query: typeof window) =>
    query
      .selectAll()
      .orderBy('starts_at', filters.when === 'past' ? 'desc' : 'asc')
      .orderBy('id')
      .limit(pageSize)
      .offset(offset)
      .execute();
  if (!sqlite && location && !search) {
    // PostgreSQL, location only: the page's ids come from the date index alone (migration 0005 carries
    // location_text in it: an index-only scan), then only those rows are read.
    const direction = filters.when === 'past' ? 'desc' : 'asc';
    const ids = matching
      .select(['id', 'starts_at'])
      .orderBy('starts_at', direction)
      .orderBy('id')
      .limit(pageSize)
      .offset(offset)
      .as('page');
    const rows = await db
      .selectFrom(ids)
      .innerJoin('events', 'events.id', 'page.id')
      .selectAll('events')
      .orderBy('page.starts_at', direction)
      .orderBy('page.id')
      .execute();
    return settled(rows, total, offset, pageSize);
  }
  if (!viaFts) return settled(await pageOf(matching), total, offset, pageSize);
  // Walking the date index visits about (offset + pageSize) × window / total rows; reading the
  // matches from the FTS index costs `total` lookups, each about 5 times dearer. Take the cheaper.
  const windowSize = await cachedCount(db, key({}), () => countOf(window));
  const walk = ((offset + pageSize) * windowSize) / Math.max(total, 1);
  return settled(await pageOf(walk < 5 * total ? matching : viaFts), total, offset, pageSize);
}

export async function getEventById(db: Kysely<Database>, id: string): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface NewEvent {
  title: string;
  description: string;
  startsAt: number;
  timezone: string;
  city: string;
  country: string;
  type: EventType;
  sourceLink: string;
  organizer?: string | undefined;
  createdBy: string;
  status?: EventStatus;
  verified?: boolean;
  createdAt?: number;
}

/** Insert an event (pending and unverified unless told otherwise) and return its row. */
export async function insertEvent(db: Kysely<Database>, e: NewEvent): Promise<EventRow> {
  const now = e.createdAt ?? Date.now();
  const status = e.status ?? 'pending';
  const row: EventRow = {
    id: newId(),
    title: e.title,
    description: e.description,
    starts_at: e.startsAt,
    timezone: e.timezone,
    city: e.city,
    country: e.country,
    type: e.type,
    source_link: e.sourceLink,
    organizer: e.organizer ?? null,
    status,
    verified: e.verified ? 1 : 0,
    created_by: e.createdBy,
    created_at: now,
    updated_at: now,
    approved_at: status === 'approved' ? now : null,
    search_text: searchTextOf(e),
    location_text: locationTextOf(e),
  };
  await db.insertInto('events').values(row).execute();
  return row;
}
