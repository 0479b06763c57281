import { type Kysely, sql } from 'kysely';

// Migrations take Kysely<any> on purpose: they must not depend on today's table types.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('email_lc', 'varchar(320)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('google_sub', 'varchar(255)', (c) => c.unique())
    .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('user'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('timezone', 'varchar(64)', (c) => c.notNull())
    .addColumn('city', 'varchar(200)', (c) => c.notNull())
    .addColumn('country', 'varchar(200)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('source_link', 'text', (c) => c.notNull())
    .addColumn('organizer', 'text')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'varchar(32)', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('approved_at', 'bigint')
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('location_text', 'text', (c) => c.notNull())
    .execute();
  // Public list: approved events by date, optionally by type.
  await db.schema
    .createIndex('events_status_starts_idx')
    .on('events')
    .columns(['status', 'starts_at'])
    .execute();
  await db.schema
    .createIndex('events_status_type_starts_idx')
    .on('events')
    .columns(['status', 'type', 'starts_at'])
    .execute();
  // Moderation queue: pending events newest first; feeds: newly approved.
  await db.schema
    .createIndex('events_status_created_idx')
    .on('events')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('events_status_approved_idx')
    .on('events')
    .columns(['status', 'approved_at'])
    .execute();
  // "My submissions" and the submitter's view of the log.
  await db.schema.createIndex('events_created_by_idx').on('events').column('created_by').execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull().references('events.id'))
    .addColumn('reported_by', 'varchar(32)', (c) => c.notNull().references('users.id'))
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    .addColumn('closed_by', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('reports_status_created_idx')
    .on('reports')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('reports_event_status_idx')
    .on('reports')
    .columns(['event_id', 'status'])
    .execute();
  // One open report per user per event (docs/PRODUCT.md#reports); a closed one does not block a new report.
  await db.schema
    .createIndex('reports_one_open_per_user_idx')
    .on('reports')
    .columns(['event_id', 'reported_by'])
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();

  await db.schema
    .createTable('transparency_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull().references('events.id'))
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('moderator_id', 'varchar(32)', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('log_created_idx').on('transparency_log').column('created_at').execute();
  await db.schema.createIndex('log_event_idx').on('transparency_log').column('event_id').execute();

  // Fixed-window counters shared by every app server on this database.
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of ['rate_limits', 'transparency_log', 'reports', 'events', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
