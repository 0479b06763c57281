import type { Kysely } from 'kysely';
import { positionOf } from '../events';

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
 * The index serves the bounding box a "near" search narrows by before it checks the exact distance
 * (store/events.ts, nearQuery): a range of latitudes, the longitudes checked in the index. status leads
 * it as it leads every listing index.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('events').addColumn('latitude', 'double precision').execute();
  await db.schema.alterTable('events').addColumn('longitude', 'double precision').execute();
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
    .createIndex('events_status_position_idx')
    .on('events')
    .columns(['status', 'latitude', 'longitude'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('events_status_position_idx').execute();
  await db.schema.alterTable('events').dropColumn('longitude').execute();
  await db.schema.alterTable('events').dropColumn('latitude').execute();
}
