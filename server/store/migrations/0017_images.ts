import { type Kysely, PostgresAdapter } from 'kysely';

// Migrations take Kysely<any> on purpose: they must not depend on today's table types.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Db = Kysely<any>;

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Flyers (docs/PRODUCT.md#flyers): each upload, and its re-encoded variants' bytes, in the database, so
 * that every app server serves them and a backup carries them (no shared disk). `images.hash` is the
 * variants' content hash, the part of their address that changes when they do. An event names its
 * flyer in `events.image` (JSON of common/images.ts EventImage: id, hash, size, alt text), so that every
 * output reads it from the row it already has, and by id in the indexed `events.image_id`.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('hash', 'text', (c) => c.notNull())
    // Null once the uploader deleted their account (the images of their published events stay).
    .addColumn('uploaded_by', 'text', (c) => c.references('users.id'))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('upload_bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // When an event or a proposed change first named it; unnamed uploads are deleted after a day.
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('images_hash_idx').on('images').column('hash').execute();
  await db.schema
    .createIndex('images_uploader_idx')
    .on('images')
    .columns(['uploaded_by', 'created_at'])
    .execute();
  await db.schema
    .createTable('image_variants')
    .addColumn('image_id', 'text', (c) => c.notNull().references('images.id').onDelete('cascade'))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('data', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('image_variants_pk', ['image_id', 'width', 'format'])
    .execute();
  await db.schema.alterTable('events').addColumn('image', 'text').execute();
  // Which events show an image: who may fetch it follows who may see them (policies/images.ts).
  await db.schema.alterTable('events').addColumn('image_id', 'text').execute();
  await db.schema.createIndex('events_image_idx').on('events').column('image_id').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('events_image_idx').execute();
  await db.schema.alterTable('events').dropColumn('image_id').execute();
  await db.schema.alterTable('events').dropColumn('image').execute();
  await db.schema.dropTable('image_variants').execute();
  await db.schema.dropTable('images').execute();
}
