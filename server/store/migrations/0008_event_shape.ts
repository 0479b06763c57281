import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any> on purpose: they must not depend on today's table types.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Db = Kysely<any>;

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/**
 * Events as they really happen (docs/PRODUCT.md#events): an optional end, a venue and an address, how
 * to attend (in person, online, both) with a link to join, who sees the exact place, accessibility
 * notes, and whether an approved event is cancelled or postponed (with the SEQUENCE calendar files
 * raise so subscribed calendars update). Existing events keep everything: no end, in person (online
 * for digital ones, as search engines were already told), visible to everyone, scheduled.
 *
 * `over_at` is when the event is over: its end, or its start plus the default 2 hours. "Upcoming" and
 * "past" are read from it, so the listing indexes carry it (the date walk checks it in the index):
 * - the date indexes gain `over_at`, for the past list (started and over) and its count;
 * - `events_long_idx` holds only events longer than a day, so the few that started days ago and still
 *   run are found without walking every event of those days (server/store/events.ts).
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('events').addColumn('ends_at', 'bigint').execute();
  await db.schema
    .alterTable('events')
    .addColumn('over_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('events')
    .set({ over_at: sql`starts_at + ${sql.lit(2 * HOUR)}` })
    .execute();
  const columns: [string, string, string | number | null][] = [
    ['venue', 'text', null],
    ['address', 'text', null],
    ['attendance', 'varchar(16)', 'in_person'],
    ['join_url', 'text', null],
    ['place_visibility', 'varchar(16)', 'everyone'],
    ['place_hours_before', 'integer', null],
    ['accessibility', 'text', null],
    ['schedule', 'varchar(16)', 'scheduled'],
    ['schedule_note', 'text', null],
    ['sequence', 'integer', 0],
  ];
  for (const [name, type, fallback] of columns) {
    await db.schema
      .alterTable('events')
      // biome-ignore lint/suspicious/noExplicitAny: Kysely's data type literal union
      .addColumn(name, type as any, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
      .execute();
  }

  // Digital events were presented as online ones (JSON-LD): they stay so, without a link to join, and
  // are found by the location "online" like every online event (store/events.ts, locationTextOf).
  await db
    .updateTable('events')
    .set({
      attendance: 'online',
      search_text: sql`search_text || ${'\nonline'}`,
      location_text: sql`location_text || ${'\nonline'}`,
    })
    .where('type', '=', 'digital')
    .execute();

  // Who changed a schedule (moderators; docs/PRODUCT.md#cancelled-and-postponed): the moderators' audit
  // trail, never shown publicly.
  await db.schema
    .createTable('moderation_audit')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull().references('events.id'))
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('moderator_id', 'varchar(32)', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('moderation_audit_event_idx')
    .on('moderation_audit')
    .column('event_id')
    .execute();
  await db.schema
    .createIndex('moderation_audit_created_idx')
    .on('moderation_audit')
    .column('created_at')
    .execute();

  const long = sql`over_at - starts_at > ${sql.lit(DAY)}`;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index events_status_starts_id_over_idx on events (status, starts_at, id) include (location_text, over_at)`.execute(
      db,
    );
    await sql`drop index events_status_starts_id_location_idx`.execute(db);
    await sql`create index events_status_type_starts_over_idx on events (status, type, starts_at) include (over_at)`.execute(
      db,
    );
  } else {
    await sql`create index events_status_starts_location_over_idx on events (status, starts_at, location_text, over_at)`.execute(
      db,
    );
    await sql`drop index events_status_starts_location_idx`.execute(db);
    await sql`create index events_status_type_starts_over_idx on events (status, type, starts_at, over_at)`.execute(
      db,
    );
  }
  await sql`drop index events_status_type_starts_idx`.execute(db);
  await sql`create index events_long_idx on events (status, starts_at, over_at) where ${long}`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await sql`drop index events_long_idx`.execute(db);
  await sql`create index events_status_type_starts_idx on events (status, type, starts_at)`.execute(db);
  await sql`drop index events_status_type_starts_over_idx`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index events_status_starts_id_location_idx on events (status, starts_at, id) include (location_text)`.execute(
      db,
    );
    await sql`drop index events_status_starts_id_over_idx`.execute(db);
  } else {
    await sql`create index events_status_starts_location_idx on events (status, starts_at, location_text)`.execute(
      db,
    );
    await sql`drop index events_status_starts_location_over_idx`.execute(db);
  }
  await db.schema.dropTable('moderation_audit').execute();
  for (const column of [
    'sequence',
    'schedule_note',
    'schedule',
    'accessibility',
    'place_hours_before',
    'place_visibility',
    'join_url',
    'attendance',
    'address',
    'venue',
    'over_at',
    'ends_at',
  ]) {
    await db.schema.alterTable('events').dropColumn(column).execute();
  }
}
