import { describe, expect, it } from 'vitest';
import { ANY_TIME } from '../../../common/filters';
import { migrationTestDatabase } from '../../testing/migrations';
import { listApprovedEvents, newEventRow } from '../events';

const m = migrationTestDatabase();

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const now = Date.UTC(2031, 4, 10, 12);

const longIndex = () => m.indexDefinition('events_long_idx');

async function upcomingTitles(): Promise<string[]> {
  const filters = { search: '', location: '', type: 'all', when: 'upcoming', ...ANY_TIME } as const;
  const { rows } = await listApprovedEvents(m.store.db, filters, { page: 1, pageSize: 10 }, now);
  return rows.map((r) => r.title);
}

describe('migration 0014 (the long events index carries what the running list reads)', () => {
  let before = '';

  it('on PostgreSQL, gives events_long_idx the id, type, attendance and place; SQLite keeps its own', async () => {
    await m.migrateTo('0012_search_folding');
    before = await longIndex();
    expect(before).toContain('over_at - starts_at');
    await m.store.db
      .insertInto('users')
      .values({
        id: 'OldUserAbCdEfGhI',
        name: 'Old user',
        email: 'old@example.org',
        email_lc: 'old@example.org',
        password_hash: null,
        google_sub: null,
        role: 'user',
        created_at: 1,
        email_verified_at: null,
        deleted_at: null,
      })
      .execute();
    for (const [title, startsAt, endsAt] of [
      ['Encampment, day ten of fourteen', now - 9 * DAY, now + 4 * DAY],
      ['Vigil an hour ago', now - HOUR, null],
      ['March tomorrow', now + DAY, null],
    ] as const) {
      // As insertEvent wrote it at 0012: without the position and square 0015 added.
      const {
        latitude: _,
        longitude: __,
        cell: ___,
        image: ____,
        image_id: _____,
        ...row
      } = newEventRow({
        title,
        description: 'Everyone is welcome.',
        startsAt,
        endsAt,
        timezone: 'Europe/London',
        city: 'London',
        country: 'United Kingdom',
        type: 'protest',
        sourceLink: 'https://example.org/e',
        createdBy: 'OldUserAbCdEfGhI',
        status: 'approved',
      });
      await m.untyped().insertInto('events').values(row).execute();
    }
    const listed = await upcomingTitles();
    expect(listed).toEqual(['Encampment, day ten of fourteen', 'Vigil an hour ago', 'March tomorrow']);

    await m.migrateTo('0014_running_long_index');
    const after = await longIndex();
    if (m.store.dialect === 'postgres') {
      expect(after).toContain('(status, starts_at, id) INCLUDE (over_at, type, attendance, location_text)');
      expect(after).toContain('WHERE ((over_at - starts_at) > 86400000)');
    } else {
      expect(after).toBe(before);
    }
    expect(await upcomingTitles()).toEqual(listed);
  });

  it('can be undone, leaving the index as 0008 made it', async () => {
    await m.migrateTo('0012_search_folding');
    expect(await longIndex()).toBe(before);
    await m.migrateToLatest();
    expect(await upcomingTitles()).toEqual([
      'Encampment, day ten of fourteen',
      'Vigil an hour ago',
      'March tomorrow',
    ]);
  });
});
