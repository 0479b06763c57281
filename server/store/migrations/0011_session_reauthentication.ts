import type { Kysely } from 'kysely';

// Migrations take Kysely<any> on purpose: they must not depend on today's table types.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Db = Kysely<any>;

/**
 * Re-authentication (docs/PRODUCT.md#deleting-an-account): when the person last confirmed who they are
 * on this session by signing in to Google again (prompt=login). Deleting an account that has no password
 * needs it to be recent; null on every session until then.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('reauthenticated_at', 'bigint').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('reauthenticated_at').execute();
}
