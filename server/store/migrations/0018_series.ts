import type { Kysely } from 'kysely';

// Migrations take Kysely<any> on purpose: they must not depend on today's table types.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Db = Kysely<any>;

/**
 * Recurring events (docs/PRODUCT.md#recurring-events). A `series` row holds the rule as the form gave
 * it (JSON: common/series.ts), its zone and time of day, and the date it was ended early; every
 * occurrence is a full `events` row (its own id, page, start and end) carrying `series_id`, its
 * position, the date the rule gave it (`series_date`, local to the zone: the RECURRENCE-ID of a moved
 * one) and a copy of the rule for presenting it without a join (`series_rule`). So listings, search,
 * "near", the month view, feeds and the embed read occurrences through the indexes they already use.
 * `events_series_idx` finds a series' occurrences in order.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('series')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('first_date', 'text', (c) => c.notNull())
    .addColumn('time', 'text', (c) => c.notNull())
    .addColumn('ended_after', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('events').addColumn('series_id', 'text').execute();
  await db.schema.alterTable('events').addColumn('series_position', 'integer').execute();
  await db.schema.alterTable('events').addColumn('series_date', 'text').execute();
  await db.schema.alterTable('events').addColumn('series_rule', 'text').execute();
  await db.schema
    .alterTable('events')
    .addColumn('series_moved', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('events_series_idx')
    .on('events')
    .columns(['series_id', 'series_position'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('events_series_idx').execute();
  for (const column of ['series_moved', 'series_rule', 'series_date', 'series_position', 'series_id']) {
    await db.schema.alterTable('events').dropColumn(column).execute();
  }
  await db.schema.dropTable('series').execute();
}
