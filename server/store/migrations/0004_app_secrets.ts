import type { Kysely } from 'kysely';

// Migrations take Kysely<any> on purpose: they must not depend on today's table types.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Db = Kysely<any>;

/**
 * Secrets the app makes for itself and shares through the database with every app server on it: the
 * daily keys of the rate-limit hashes (server/store/secrets.ts). Never copied into backups
 * (server/store/backup.ts).
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('app_secrets').execute();
}
