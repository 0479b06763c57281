import { describe, expect, it } from 'vitest';
import { ANY_TIME } from '../../../common/filters';
import { migrationTestDatabase } from '../../testing/migrations';
import { listApprovedEvents } from '../events';

const m = migrationTestDatabase();

const untyped = m.untyped;

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
    await m.migrateTo('0008_event_shape');
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

    await m.migrateToLatest();
    const now = Date.UTC(2030, 0, 1);
    const found = async (search: string, location: string) =>
      (
        await listApprovedEvents(
          m.store.db,
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
