import { describe, expect, it } from 'vitest';
import { migrationTestDatabase } from '../../testing/migrations';

const m = migrationTestDatabase();
const HOUR = 3600 * 1000;

// An event as 0006 knew it, written before 0008 runs.
const OLD_EVENT = {
  id: 'OldEventAbCdEfGh',
  title: 'March for Gaza',
  description: 'From the square.',
  starts_at: Date.UTC(2026, 2, 3, 17),
  timezone: 'Europe/London',
  city: 'London',
  country: 'United Kingdom',
  type: 'protest',
  source_link: 'https://example.org/march',
  organizer: 'PSC',
  status: 'approved',
  verified: 1,
  created_by: 'OldUserAbCdEfGhI',
  created_at: Date.UTC(2026, 1, 1),
  updated_at: Date.UTC(2026, 1, 2),
  approved_at: Date.UTC(2026, 1, 2),
  search_text: 'march for gaza\nfrom the square.\nlondon\nunited kingdom',
  location_text: 'london\nunited kingdom',
};

const untyped = m.untyped;

describe('migration 0008 (event shape)', () => {
  it('keeps every existing event as it was: no end (over 2 hours after its start), in person, place for everyone, scheduled', async () => {
    await m.migrateTo('0006_email');
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
    await untyped()
      .insertInto('events')
      .values({ ...OLD_EVENT, id: 'OldDigitalAbCdEf', type: 'digital' })
      .execute();

    await m.migrateTo('0008_event_shape');
    const row = await m.store.db
      .selectFrom('events')
      .selectAll()
      .where('id', '=', OLD_EVENT.id)
      .executeTakeFirstOrThrow();
    const digital = await m.store.db
      .selectFrom('events')
      .select(['attendance', 'location_text'])
      .where('id', '=', 'OldDigitalAbCdEf')
      .executeTakeFirstOrThrow();
    // Digital events were already presented as online ones.
    expect(digital).toEqual({ attendance: 'online', location_text: 'london\nunited kingdom\nonline' });
    expect(row).toEqual({
      ...OLD_EVENT,
      ends_at: null,
      over_at: OLD_EVENT.starts_at + 2 * HOUR,
      venue: null,
      address: null,
      attendance: 'in_person',
      join_url: null,
      place_visibility: 'everyone',
      place_hours_before: null,
      accessibility: null,
      schedule: 'scheduled',
      schedule_note: null,
      sequence: 0,
    });
  });

  it('can be undone, leaving the events as 0006 had them', async () => {
    await m.migrateTo('0006_email');
    const row = await untyped()
      .selectFrom('events')
      .selectAll()
      .where('id', '=', OLD_EVENT.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual(OLD_EVENT);
    await m.migrateToLatest();
  });
});
