import type { Kysely } from 'kysely';
import { ANY_TIME, type FeedFilters } from '../../common/filters';
import { listApprovedEvents } from './events';
import { nearQuery } from './near';
import type { Database, EventRow } from './schema';
import { textQuery } from './textSearch';

// Queries only the feeds need. They read approved events only: pending, rejected and removed events
// never reach a feed, a sitemap or a share preview.

/** The subscribable calendar holds at most this many events, soonest first. */
export const FEED_MAX_EVENTS = 500;
/**
 * Events that started within this window stay in the calendar feed, so an event does not vanish from
 * subscribers' calendars the moment it begins (or a day later, when they look back at it).
 */
export const FEED_LOOKBACK_MS = 7 * 24 * 3600 * 1000;
/** The RSS feed lists this many most recently approved events. */
export const RSS_MAX_ITEMS = 50;
/** One sitemap file holds at most 50,000 URLs (sitemaps.org); the home page is one of them. */
export const SITEMAP_MAX_EVENTS = 49_000;

/** Upcoming (and just-started) approved events for the calendar feed and the embed list. */
export async function listFeedEvents(
  db: Kysely<Database>,
  filters: FeedFilters,
  limit: number,
  { now = Date.now(), lookbackMs = FEED_LOOKBACK_MS }: { now?: number; lookbackMs?: number } = {},
): Promise<EventRow[]> {
  const { rows } = await listApprovedEvents(
    db,
    { ...ANY_TIME, ...filters, when: 'upcoming' },
    { page: 1, pageSize: limit },
    now - lookbackMs,
  );
  return rows;
}

/** Approved events, most recently approved first (RSS), with the same filters as the home page. */
export async function listRecentlyApproved(
  db: Kysely<Database>,
  filters: FeedFilters,
  limit: number,
): Promise<EventRow[]> {
  let query = db.selectFrom('events').selectAll().where('status', '=', 'approved');
  if (filters.type !== 'all') query = query.where('type', '=', filters.type);
  for (const condition of textQuery(filters.search, filters.location).conditions)
    query = query.where(condition);
  for (const condition of nearQuery(filters.near, filters.km)?.conditions ?? [])
    query = query.where(condition);
  return query.orderBy('approved_at', 'desc').orderBy('id').limit(limit).execute();
}

/** Every approved event's id and last change, for the sitemap. */
export async function listApprovedForSitemap(
  db: Kysely<Database>,
  limit: number,
): Promise<Pick<EventRow, 'id' | 'updated_at'>[]> {
  return db
    .selectFrom('events')
    .select(['id', 'updated_at'])
    .where('status', '=', 'approved')
    .orderBy('starts_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}
