import type { Kysely } from 'kysely';

// Migrations take Kysely<any> on purpose: they must not depend on today's table types.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Db = Kysely<any>;

/**
 * "Delete my account" (docs/PRODUCT.md#deleting-an-account): the account's row stays as an anonymous
 * tombstone (no name, no address, no way to sign in), so the events, reports and log entries that
 * refer to it keep valid foreign keys without pointing at a person. `deleted_at` says when, and marks
 * the row as one that must never sign in or get mail again.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('users').addColumn('deleted_at', 'bigint').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
}
