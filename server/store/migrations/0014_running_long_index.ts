import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any> on purpose: they must not depend on today's table types.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Db = Kysely<any>;

const DAY = 24 * 3600 * 1000;

/**
 * PostgreSQL only: the index of long events (0008) carries what the list of events happening now reads
 * and checks (server/store/events.ts, happeningNow), so that part is an index-only scan like the one of
 * the last day's events in events_status_starts_id_over_idx. It was (status, starts_at, over_at): the
 * id (the page's order, and its join) and location_text had to be read from the table. The planner,
 * expecting ~100 times more long events still running than there are (2,200 for 21 at a million
 * events: it cannot know how over_at - starts_at > 1 day and over_at > now go together), would rather
 * intersect that index with a pg_trgm lookup of every event holding the search word (before the query
 * was changed), or walk a month of the date index (16,000 entries) than read those rows. The index stays
 * small: events longer than a day only (2% of the benchmark's events, 2.3 MB at a million). SQLite
 * checks these few rows in its own events_long_idx as before, and is left as it is.
 */
export async function up(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index events_long_idx`.execute(db);
  await sql`create index events_long_idx on events (status, starts_at, id) include (over_at, type, attendance, location_text) where over_at - starts_at > ${sql.lit(DAY)}`.execute(
    db,
  );
}

export async function down(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index events_long_idx`.execute(db);
  await sql`create index events_long_idx on events (status, starts_at, over_at) where over_at - starts_at > ${sql.lit(DAY)}`.execute(
    db,
  );
}
