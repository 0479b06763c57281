import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationTestDatabase } from '../../testing/migrations';
import { newEventRow } from '../events';

const m = migrationTestDatabase();

/** The events' positions by title. */
async function positions(): Promise<Record<string, [number | null, number | null]>> {
  const rows = await sql<{ title: string; latitude: number | null; longitude: number | null }>`
    select title, latitude, longitude from events order by title`.execute(m.store.db);
  return Object.fromEntries(rows.rows.map((r) => [r.title, [r.latitude, r.longitude]]));
}

const indexColumns = () => m.indexDefinition('events_near_idx');

describe('migration 0015 (where each event is)', () => {
  it('places the existing events by their city and country, and indexes the position', async () => {
    await m.migrateTo('0014_running_long_index');
    await m
      .untyped()
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
        language: null,
      })
      .execute();
    for (const [title, city, country, attendance] of [
      ['March in Salford', 'Salford', 'UK', 'in_person'],
      ['Film night in Cologne', 'Koln', 'Deutschland', 'both'],
      ['Teach-in in Paris, Texas', 'Paris', 'USA', 'in_person'],
      ['Vigil in a village', 'Little Nowhere on the Wold', 'United Kingdom', 'in_person'],
      ['Webinar', 'London', 'United Kingdom', 'online'],
    ] as const) {
      // As insertEvent wrote it at 0014: without a position.
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
        startsAt: Date.UTC(2031, 4, 10, 18),
        timezone: 'Europe/London',
        city,
        country,
        attendance,
        joinUrl: attendance === 'in_person' ? undefined : 'https://meet.example.org/x',
        type: 'protest',
        sourceLink: 'https://example.org/e',
        createdBy: 'OldUserAbCdEfGhI',
        status: 'approved',
      });
      await m.untyped().insertInto('events').values(row).execute();
    }
    expect(await indexColumns()).toBe('');

    await m.migrateTo('0015_event_position');
    const placed = await positions();
    expect(placed['March in Salford']).toEqual([53.48771, -2.29042]);
    expect(placed['Film night in Cologne']).toEqual([50.93333, 6.95]);
    expect(placed['Teach-in in Paris, Texas']?.map((n) => Math.round(n ?? 0))).toEqual([34, -96]);
    expect(placed['Vigil in a village']).toEqual([null, null]);
    expect(placed.Webinar).toEqual([null, null]);
    expect((await indexColumns()).replaceAll('"', '')).toMatch(
      /\(status, cell, starts_at, latitude, longitude\)/,
    );
    const cells = await sql<{ title: string; cell: number | null }>`select title, cell from events`.execute(
      m.store.db,
    );
    // Salford, 53.5° N 2.3° W: the square of 53° N, 3° W.
    expect(cells.rows.find((r) => r.title === 'March in Salford')?.cell).toBe((53 + 90) * 360 + (-3 + 180));
    expect(cells.rows.find((r) => r.title === 'Webinar')?.cell).toBeNull();
  });

  it('can be undone, and done again', async () => {
    await m.migrateTo('0014_running_long_index');
    expect(await indexColumns()).toBe('');
    await expect(sql`select latitude from events`.execute(m.store.db)).rejects.toThrow();
    await m.migrateToLatest();
    expect((await positions())['March in Salford']).toEqual([53.48771, -2.29042]);
  });
});
