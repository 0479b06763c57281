import type { Kysely } from 'kysely';

// Migrations take Kysely<any> on purpose: they must not depend on today's table types.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Db = Kysely<any>;

/**
 * Moderators' time (docs/PRODUCT.md#moderation), every table moderators alone read:
 *
 * - `trusted_people`: people whose submissions are published at once, without review. A table of its
 *   own rather than a column of `users`, so that nothing that reads a person's row (their session,
 *   their account export) can ever carry it to them.
 * - `person_audit`: the moderators' audit trail of what was done to a person (trusted, untrusted),
 *   beside `moderation_audit`, which is per event.
 * - `unreviewed_events`: events a trusted person published, until a moderator marks them checked.
 * - `event_claims`: "I'm looking at this", one per event, until `expires_at`.
 * - `moderator_notes`: private notes on an event or on a person (exactly one of the two).
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('trusted_people')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('trusted_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('person_audit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('moderator_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('person_audit_user_idx')
    .on('person_audit')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('unreviewed_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey().references('events.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('unreviewed_events_created_idx')
    .on('unreviewed_events')
    .columns(['created_at', 'event_id'])
    .execute();

  await db.schema
    .createTable('event_claims')
    .addColumn('event_id', 'text', (c) => c.primaryKey().references('events.id'))
    .addColumn('moderator_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('event_claims_expires_idx').on('event_claims').column('expires_at').execute();

  await db.schema
    .createTable('moderator_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.references('events.id'))
    .addColumn('user_id', 'text', (c) => c.references('users.id'))
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('moderator_notes_event_idx')
    .on('moderator_notes')
    .columns(['event_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('moderator_notes_user_idx')
    .on('moderator_notes')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('moderator_notes').execute();
  await db.schema.dropTable('event_claims').execute();
  await db.schema.dropTable('unreviewed_events').execute();
  await db.schema.dropTable('person_audit').execute();
  await db.schema.dropTable('trusted_people').execute();
}
