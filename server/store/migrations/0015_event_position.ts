import type { Kysely } from 'kysely';
import { positionOf } from '../near';

// Migrations take Kysely<any> on purpose: they must not depend on today's table types.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Db = Kysely<any>;

const BATCH = 2000;

/**
 * Near a city (docs/PRODUCT.md#home): where each event is, in degrees, from its city and country by the
 * offline gazetteer (search/gazetteer.ts); null for events one attends only online and for cities the
 * gazetteer does not know. The store writes them with the city from now on (store/events.ts,
 * eventColumnsOf); existing events are placed here.
 *
 * `cell` is the 1° square of latitude and longitude holding the event (store/near.ts). The index orders
 * each square's events by date and carries the position, so a "near" list walks, in each square the
 * circle touches, about a page of entries and checks the distance in the index; its count reads only
 * the index. status leads it as it leads every listing index.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('events').addColumn('latitude', 'double precision').execute();
  await db.schema.alterTable('events').addColumn('longitude', 'double precision').execute();
  await db.schema.alterTable('events').addColumn('cell', 'integer').execute();
  let after = '';
  for (;;) {
    const rows: { id: string; city: string; country: string; attendance: string }[] = await db
      .selectFrom('events')
      .select(['id', 'city', 'country', 'attendance'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const position = positionOf({ ...row, attendance: row.attendance as 'in_person' | 'online' | 'both' });
      if (position.latitude === null) continue;
      await db.updateTable('events').set(position).where('id', '=', row.id).execute();
    }
    after = rows[rows.length - 1]?.id ?? after;
  }
  await db.schema
    .createIndex('events_near_idx')
    .on('events')
    .columns(['status', 'cell', 'starts_at', 'latitude', 'longitude'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('events_near_idx').execute();
  await db.schema.alterTable('events').dropColumn('cell').execute();
  await db.schema.alterTable('events').dropColumn('longitude').execute();
  await db.schema.alterTable('events').dropColumn('latitude').execute();
}
