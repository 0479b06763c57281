import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any> on purpose: they must not depend on today's table types.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Db = Kysely<any>;

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Search served from an index instead of a scan (search is a case-insensitive substring
 * match; events.search_text and events.location_text hold the lower-cased text).
 *
 * - SQLite: an FTS5 table with the trigram tokenizer over search_text, external content (the text
 *   stays in `events` only; the FTS rowid is the event's rowid), kept in step by triggers. It finds
 *   candidates for terms of 3+ characters; the query re-checks them with LIKE for exact semantics.
 *   Location terms use it too (city and country are part of search_text), re-checked on location_text.
 * - PostgreSQL: pg_trgm GIN indexes on search_text and location_text, which the planner uses for
 *   `LIKE '%…%'` directly. pg_trgm is a trusted extension: the database owner may create it.
 */
export async function up(db: Db): Promise<void> {
  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index events_search_trgm_idx on events using gin (search_text gin_trgm_ops)`.execute(db);
    await sql`create index events_location_trgm_idx on events using gin (location_text gin_trgm_ops)`.execute(
      db,
    );
    return;
  }
  await sql`
    create virtual table events_fts using fts5(
      search_text, content='events', content_rowid='rowid', tokenize='trigram', detail='full'
    )`.execute(db);
  await sql`
    create trigger events_fts_insert after insert on events begin
      insert into events_fts(rowid, search_text) values (new.rowid, new.search_text);
    end`.execute(db);
  await sql`
    create trigger events_fts_delete after delete on events begin
      insert into events_fts(events_fts, rowid, search_text) values ('delete', old.rowid, old.search_text);
    end`.execute(db);
  await sql`
    create trigger events_fts_update after update of search_text on events begin
      insert into events_fts(events_fts, rowid, search_text) values ('delete', old.rowid, old.search_text);
      insert into events_fts(rowid, search_text) values (new.rowid, new.search_text);
    end`.execute(db);
  await sql`insert into events_fts(events_fts) values ('rebuild')`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists events_location_trgm_idx`.execute(db);
    await sql`drop index if exists events_search_trgm_idx`.execute(db);
    return;
  }
  for (const trigger of ['events_fts_insert', 'events_fts_delete', 'events_fts_update']) {
    await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  }
  await sql`drop table if exists events_fts`.execute(db);
}
