import { afterAll, beforeAll, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../common/enums';
import type { EventList } from '../../common/schemas/events';
import { startTestServer, type TestServer } from '../testing/harness';
import { type DemoAccounts, seedDemo } from './seed';

let server: TestServer;
let accounts: DemoAccounts;
beforeAll(async () => {
  server = await startTestServer();
  ({ accounts } = await seedDemo(server.store));
});
afterAll(() => server.close());

const list = async (query: string) => (await (await server.fetch(`/api/events${query}`)).json()) as EventList;

it('fills the calendar with about 40 varied sample events', async () => {
  const upcoming = await list('?pageSize=100');
  const past = await list('?pageSize=100&when=past');
  const all = [...upcoming.events, ...past.events];
  expect(all.length).toBeGreaterThanOrEqual(40);
  expect(upcoming.total).toBeGreaterThan(20);
  expect(past.total).toBeGreaterThan(3);
  expect(new Set(all.map((e) => e.type))).toEqual(new Set(EVENT_TYPES));
  expect(new Set(all.map((e) => e.location.country)).size).toBeGreaterThan(15);
  expect(all.some((e) => e.verified)).toBe(true);
  expect(all.some((e) => !e.verified)).toBe(true);
  // Events as they really happen: ends, one happening now, online ones, places with their rules,
  // accessibility notes, a cancellation and a postponement.
  expect(all.filter((e) => e.endDate).length).toBeGreaterThan(5);
  expect(upcoming.events.some((e) => Date.parse(e.date) < Date.now())).toBe(true);
  expect(all.some((e) => e.attendance === 'online' && e.joinUrl)).toBe(true);
  // Online events are online: none is left in person "in" a city called Online.
  expect(all.filter((e) => e.location.city === 'Online').map((e) => e.title)).toEqual([]);
  expect(all.some((e) => e.attendance === 'both')).toBe(true);
  expect(all.some((e) => e.address)).toBe(true);
  expect(all.some((e) => e.placeWithheld)).toBe(true);
  expect(all.some((e) => e.accessibility)).toBe(true);
  expect(new Set(upcoming.events.map((e) => e.schedule))).toEqual(
    new Set(['scheduled', 'cancelled', 'postponed']),
  );
});

it('creates a demo moderator and a demo user who can sign in', async () => {
  for (const [who, role] of [
    ['moderator', 'moderator'],
    ['user', 'user'],
  ] as const) {
    const res = await server.fetch('/api/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(accounts[who]),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie')?.split(';')[0] ?? '';
    const session = await (await server.fetch('/api/auth/session', { headers: { cookie } })).json();
    expect(session.user.role).toBe(role);
  }
});

it('gives the moderator work to do and the log a history', async () => {
  const pending = await server.store.db
    .selectFrom('events')
    .select('id')
    .where('status', '=', 'pending')
    .execute();
  expect(pending.length).toBeGreaterThan(0);
  const log = await server.store.db.selectFrom('transparency_log').select('action').execute();
  expect(log.map((l) => l.action).sort()).toEqual(['rejected', 'removed']);
  const open = await server.store.db
    .selectFrom('reports')
    .select('id')
    .where('status', '=', 'open')
    .execute();
  expect(open.length).toBeGreaterThan(0);
});
