import type { Kysely } from 'kysely';

// Migrations take Kysely<any> on purpose: they must not depend on today's table types.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Db = Kysely<any>;

/**
 * One row per app server that `GET /api/health` writes, so that health says whether the database can
 * be written, not only read (read-only file system, full disk, a lost write permission): docs/DEPLOY.md.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('health_probe')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('checked_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('health_probe').execute();
}
