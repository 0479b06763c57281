import type { Kysely } from 'kysely';
import { locationTextOf, searchTextOf } from '../events';

// Migrations take Kysely<any> on purpose: they must not depend on today's table types.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Db = Kysely<any>;

const BATCH = 2000;

/**
 * Search like a person (docs/PRODUCT.md#home, store/textSearch.ts): every event's search and location
 * texts written again, folded (no accents, "ß" as "ss"…), one field per line framed by line breaks, with
 * the token of its country when its country is known by any of its names. The FTS5 index follows by
 * its update trigger (migration 0002), pg_trgm's by itself.
 */
export async function up(db: Db): Promise<void> {
  let after = '';
  for (;;) {
    const rows: {
      id: string;
      title: string;
      description: string;
      city: string;
      country: string;
      attendance: string;
    }[] = await db
      .selectFrom('events')
      .select(['id', 'title', 'description', 'city', 'country', 'attendance'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const e = { ...row, attendance: row.attendance as 'in_person' | 'online' | 'both' };
      await db
        .updateTable('events')
        .set({ search_text: searchTextOf(e), location_text: locationTextOf(e) })
        .where('id', '=', row.id)
        .execute();
    }
    after = rows[rows.length - 1]?.id ?? after;
  }
}

export async function down(): Promise<void> {
  // The older texts are not kept; searching them with today's code would only find less.
}
