import type { Kysely } from 'kysely';

// Migrations take Kysely<any> on purpose: they must not depend on today's table types.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Db = Kysely<any>;

/**
 * The moderators' preset reasons (docs/PRODUCT.md#moderation): common rejection and removal reasons,
 * shared by every moderator, chosen in the reason dialog and edited there. A handful of rows: the
 * dialog reads them by kind, oldest first.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('preset_reasons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('preset_reasons_kind_idx')
    .on('preset_reasons')
    .columns(['kind', 'created_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('preset_reasons').execute();
}
