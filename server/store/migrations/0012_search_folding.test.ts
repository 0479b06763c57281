import { type Kysely, Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANY_TIME } from '../../../common/filters';
import { freshTestDatabase, type TestDatabase } from '../../testing/harness';
import { migrateToLatest, openStore, type Store } from '../db';
import { listApprovedEvents } from '../events';
import { migrations } from './index';

let database: TestDatabase;
let store: Store;

beforeAll(async () => {
  database = await freshTestDatabase();
  store = openStore(database.url);
});
afterAll(async () => {
  await store.close();
  database.remove();
});

// biome-ignore lint/suspicious/noExplicitAny: the tables as 0008 left them, not today's types
const untyped = () => store.db as unknown as Kysely<any>;

// An event as 0008 wrote it: lower-cased texts, accents and all, no country token.
const OLD_EVENT = {
  id: 'OldEventAbCdEfGh',
  title: 'National March for Palestine',
  description: 'From the café at Marble Arch, for Gaza.',
  starts_at: Date.UTC(2031, 2, 3, 17),
  over_at: Date.UTC(2031, 2, 3, 19),
  timezone: 'Europe/London',
  city: 'London',
  country: 'UK',
  type: 'protest',
  source_link: 'https://example.org/march',
  status: 'approved',
  verified: 0,
  created_by: 'OldUserAbCdEfGhI',
  created_at: Date.UTC(2026, 1, 1),
  updated_at: Date.UTC(2026, 1, 2),
  approved_at: Date.UTC(2026, 1, 2),
  search_text: 'national march for palestine\nfrom the café at marble arch, for gaza.\nlondon\nuk',
  location_text: 'london\nuk',
};

describe('migration 0012 (search like a person)', () => {
  it('writes every event’s texts again, so old events are found by several words, without accents and by country', async () => {
    const to8 = await new Migrator({
      db: store.db,
      provider: { getMigrations: async () => migrations },
    }).migrateTo('0008_event_shape');
    expect(to8.error).toBeUndefined();
    await untyped()
      .insertInto('users')
      .values({
        id: OLD_EVENT.created_by,
        name: 'Old user',
        email: 'old@example.org',
        email_lc: 'old@example.org',
        role: 'user',
        created_at: 1,
      })
      .execute();
    await untyped().insertInto('events').values(OLD_EVENT).execute();

    await migrateToLatest(store.db);
    const now = Date.UTC(2030, 0, 1);
    const found = async (search: string, location: string) =>
      (
        await listApprovedEvents(
          store.db,
          { search, location, type: 'all', when: 'upcoming', ...ANY_TIME },
          { page: 1, pageSize: 10 },
          now,
        )
      ).rows.map((row) => row.id);
    expect(await found('gaza march', '')).toEqual([OLD_EVENT.id]);
    expect(await found('cafe', '')).toEqual([OLD_EVENT.id]);
    expect(await found('', 'United Kingdom')).toEqual([OLD_EVENT.id]);
    expect(await found('', 'gb')).toEqual([OLD_EVENT.id]);
    expect(await found('', 'ukraine')).toEqual([]);
  });
});
