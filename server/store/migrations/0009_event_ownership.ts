import type { Kysely } from 'kysely';

// Migrations take Kysely<any> on purpose: they must not depend on today's table types.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Db = Kysely<any>;

/**
 * Organisers own their events (docs/PRODUCT.md#my-events):
 * - `events.version` counts the writes to an event. Every edit and moderation action carries the
 *   version it was based on and changes the row only if it is still that one, so a stale write is
 *   refused (409) instead of silently undoing another (server/commands/editEvent.ts).
 * - `event_changes` holds what a submitter proposed for a published event: the published version stays
 *   live until a moderator accepts it. One pending change per event at most; its history stays.
 * - My events lists a person's events newest first: an index on the submitter.
 * Existing events start at version 1; the new status `withdrawn` needs no schema change.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('events_created_by_created_idx')
    .on('events')
    .columns(['created_by', 'created_at'])
    .execute();

  await db.schema
    .createTable('event_changes')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull().references('events.id'))
    .addColumn('proposed_by', 'varchar(32)', (c) => c.notNull().references('users.id'))
    // The form as the submitter sent it (JSON of the validated input).
    .addColumn('payload', 'text', (c) => c.notNull())
    // The event's version the change was proposed on.
    .addColumn('base_version', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('decided_by', 'varchar(32)', (c) => c.references('users.id'))
    .execute();
  await db.schema
    .createIndex('event_changes_event_idx')
    .on('event_changes')
    .columns(['event_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('event_changes_status_idx')
    .on('event_changes')
    .columns(['status', 'created_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('event_changes').execute();
  await db.schema.dropIndex('events_created_by_created_idx').execute();
  await db.schema.alterTable('events').dropColumn('version').execute();
}
