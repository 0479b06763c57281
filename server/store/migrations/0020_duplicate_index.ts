import type { Kysely } from 'kysely';

// Migrations take Kysely<any> on purpose: they must not depend on today's table types.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Db = Kysely<any>;

/**
 * Possible duplicates (docs/PRODUCT.md#moderation, store/duplicates.ts): the events of one city around
 * one date, read by this index on both databases; the titles' trigram similarity is then worked out
 * on those few rows.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.createIndex('events_city_starts_idx').on('events').columns(['city', 'starts_at']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('events_city_starts_idx').execute();
}
