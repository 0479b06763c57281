import { afterAll, beforeAll, expect, it } from 'vitest';
import { msg } from '../../common/i18n/messages';
import type { EventList } from '../../common/schemas/events';
import { hitRateLimit, type RateRule } from '../rateLimit';
import { createEvent, createUser, sessionCookieFor } from '../testing/factories';
import { startServersOnOneDatabase, type TestServer, type TestServers } from '../testing/harness';

// Several stateless app servers on one database (PostgreSQL in the api-pg project, one SQLite file
// otherwise): nothing that matters may live in one process's memory.

let group: TestServers<2>;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  // Both start at once on an empty database: both run the migrations, one waits for the other.
  group = await startServersOnOneDatabase(2);
  [a, b] = group.servers;
});
afterAll(() => group?.close());

it('migrates once even when two servers start together', async () => {
  const applied = await a.store.db
    .selectFrom('kysely_migration' as never)
    .select('name' as never)
    .execute();
  const names = applied.map((r) => (r as { name: string }).name);
  expect(names).toContain('0002_search_index');
  expect(new Set(names).size).toBe(names.length);
});

it('a session started on one server is valid on the other, and signing out ends it on both', async () => {
  const user = await createUser(a.store, { name: 'Amal' });
  const cookie = await sessionCookieFor(a.store, user);
  for (const server of [a, b]) {
    const res = await server.fetch('/api/auth/session', { headers: { cookie } });
    expect(((await res.json()) as { user: { name: string } | null }).user?.name).toBe('Amal');
  }
  const out = await b.fetch('/api/auth/sign-out', { method: 'POST', headers: { cookie, origin: b.url } });
  expect(out.status).toBeLessThan(300);
  const after = await a.fetch('/api/auth/session', { headers: { cookie } });
  expect(((await after.json()) as { user: unknown }).user).toBeNull();
});

it('an event stored through one server is listed and searchable on the other', async () => {
  const event = await createEvent(a.store, {
    title: 'Twin-city vigil',
    city: 'Bethlehem',
    country: 'Palestine',
  });
  const res = await b.fetch('/api/events?search=twin-city');
  const body = (await res.json()) as EventList;
  expect(body.events.map((e) => e.id)).toEqual([event.id]);
  expect(body.total).toBe(1);
  const detail = await b.fetch(`/api/events/${event.id}`);
  expect(detail.status).toBe(200);
});

it('rate limits are shared: hits on either server count against one limit', async () => {
  const rule: RateRule = { name: 'multi-test', limit: 4, windowMs: 60_000, message: msg('rateLimited') };
  const t0 = 1_800_000_000_000;
  const allowed: boolean[] = [];
  for (let i = 0; i < 6; i++) {
    const server = i % 2 === 0 ? a : b;
    allowed.push((await hitRateLimit(server.store.db, rule, '198.51.100.7', t0 + i)).allowed);
  }
  expect(allowed).toEqual([true, true, true, true, false, false]);
});
