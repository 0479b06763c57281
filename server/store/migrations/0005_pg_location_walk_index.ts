import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any> on purpose: they must not depend on today's table types.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Db = Kysely<any>;

/**
 * PostgreSQL's half of 0003. When a location term matches many events (a big city: `london` is 1 event
 * in 90), the planner finds the first page by walking approved events in date order and checking each
 * one's location, which meant reading ~1,400 table rows for 20 matches at a million events. With
 * `location_text` carried in the date index (and `id`, the page order's tie-break, in its key), that
 * walk is an index-only scan: listApprovedEvents picks the page's ids from the index alone and reads
 * just those 20 rows (2.6 ms → 0.8 ms per call at 1M, warm). The new index starts with the same
 * columns, so it replaces events_status_starts_idx for everything that used it. SQLite is left as 0003
 * made it.
 */
export async function up(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create index events_status_starts_id_location_idx on events (status, starts_at, id) include (location_text)`.execute(
    db,
  );
  await sql`drop index events_status_starts_idx`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create index events_status_starts_idx on events (status, starts_at)`.execute(db);
  await sql`drop index events_status_starts_id_location_idx`.execute(db);
}
