import type { Kysely } from 'kysely';

// Migrations take Kysely<any> on purpose: they must not depend on today's table types.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Db = Kysely<any>;

/**
 * The language the person reads the calendar in (docs/PRODUCT.md#languages): set at sign-up and by
 * each choice of language while signed in; their emails are written in it, and a browser they sign in
 * on without a choice of its own takes it. Null: never chosen (English emails, as before).
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
