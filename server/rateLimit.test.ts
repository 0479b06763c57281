import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { msg } from '../common/i18n/messages';
import { hitRateLimit, RATE_LIMIT_SECRET, type RateRule, rateKey } from './rateLimit';
import { DAY_MS } from './store/secrets';
import { startServersOnOneDatabase, startTestServer, type TestServer } from './testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const rule: RateRule = { name: 'test', limit: 3, windowMs: 60_000, message: msg('rateLimited') };

it('allows up to the limit in a window, then refuses until the next window', async () => {
  const t0 = Math.floor(Date.now() / 60_000) * 60_000 + 20_000; // 20 s into a window
  const results = [];
  for (let i = 0; i < 5; i++) results.push(await hitRateLimit(server.store.db, rule, '203.0.113.9', t0 + i));
  expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
  expect(results[4]?.retryAfterSeconds).toBe(40);
  const nextWindow = await hitRateLimit(server.store.db, rule, '203.0.113.9', t0 + 60_000);
  expect(nextWindow.allowed).toBe(true);
});

it('counts each subject separately and never stores the subject itself', async () => {
  const t0 = Date.now();
  for (let i = 0; i < 3; i++) await hitRateLimit(server.store.db, rule, 'a@example.org', t0);
  expect((await hitRateLimit(server.store.db, rule, 'b@example.org', t0)).allowed).toBe(true);
  const keys = await server.store.db.selectFrom('rate_limits').select('key').execute();
  expect(keys.some((k) => k.key.includes('example.org') || k.key.includes('203.0.113.9'))).toBe(false);
});

describe('keys cannot be turned back into addresses', () => {
  const ipRule: RateRule = {
    name: 'sign-in:ip-test',
    limit: 30,
    windowMs: 15 * 60_000,
    message: msg('rateLimited'),
  };
  const target = '203.0.113.77';
  const digestOf = (key: string) => key.slice(key.lastIndexOf(':') + 1);
  /** Every address in 203.0.96.0/19 (8,192), the target among them. */
  const candidates = () => {
    const all: string[] = [];
    for (let a = 96; a < 128; a++) for (let b = 0; b < 256; b++) all.push(`203.0.${a}.${b}`);
    return all;
  };

  it('is not the unkeyed SHA-256 of the address, and hashing candidate addresses does not find it', async () => {
    const now = Date.now();
    await hitRateLimit(server.store.db, ipRule, target, now);
    const row = await server.store.db
      .selectFrom('rate_limits')
      .select('key')
      .where('key', 'like', `${ipRule.name}:%`)
      .executeTakeFirstOrThrow();
    const stored = digestOf(row.key);
    expect(row.key).toBe(await rateKey(server.store.db, ipRule, target, now));

    // What someone holding a copy of the rate_limits table, but not the secret, could try.
    const guesses = (ip: string) => [
      createHash('sha256').update(ip).digest('base64url').slice(0, 22),
      createHash('sha256').update(`${ipRule.name}\0${ip}`).digest('base64url').slice(0, 22),
      createHash('sha256').update(`${ipRule.name}:${ip}`).digest('base64url').slice(0, 22),
      createHmac('sha256', '').update(`${ipRule.name}\0${ip}`).digest('base64url').slice(0, 22),
    ];
    expect(guesses(target)).not.toContain(stored);
    const found = candidates().filter((ip) => guesses(ip).includes(stored));
    expect(found).toEqual([]);

    // The same search with the day's secret finds the address at once: the secret is what protects it.
    const secrets = await server.store.db
      .selectFrom('app_secrets')
      .select(['name', 'value'])
      .where('name', 'like', `${RATE_LIMIT_SECRET}/%`)
      .execute();
    const secret = Buffer.from(
      secrets.find((s) => s.name.endsWith(new Date(now).toISOString().slice(0, 10)))!.value,
      'base64url',
    );
    expect(secret).toHaveLength(32);
    const withSecret = candidates().filter(
      (ip) =>
        createHmac('sha256', secret).update(`${ipRule.name}\0${ip}`).digest('base64url').slice(0, 22) ===
        stored,
    );
    expect(withSecret).toEqual([target]);
  });

  it('differs between two databases (each makes its own random secret) and between rules', async () => {
    const other = await startTestServer();
    try {
      const now = Date.now();
      const here = await rateKey(server.store.db, ipRule, target, now);
      const there = await rateKey(other.store.db, ipRule, target, now);
      expect(digestOf(here)).not.toBe(digestOf(there));
      const otherRule = { ...ipRule, name: 'sign-up:ip-test' };
      expect(digestOf(await rateKey(server.store.db, otherRule, target, now))).not.toBe(digestOf(here));
    } finally {
      await other.close();
    }
  });
});

describe('rotation at midnight (UTC)', () => {
  // 7-minute windows do not divide a day, so some window runs over midnight.
  const spanning: RateRule = {
    name: 'midnight-test',
    limit: 3,
    windowMs: 7 * 60_000,
    message: msg('rateLimited'),
  };
  /** A near-future midnight with a window that began at least 2 minutes before it and ends at least 2 after. */
  function midnightInsideAWindow(): number {
    let midnight = Math.ceil(Date.now() / DAY_MS) * DAY_MS;
    for (;;) {
      const offset = midnight % spanning.windowMs;
      if (offset >= 2 * 60_000 && spanning.windowMs - offset >= 2 * 60_000) return midnight;
      midnight += DAY_MS;
    }
  }

  it("keeps a window's count when the day (and the secret) changes in the middle of it", async () => {
    const midnight = midnightInsideAWindow();
    const db = server.store.db;
    const before = midnight - 60_000;
    const after = midnight + 60_000;
    expect((await hitRateLimit(db, spanning, '198.51.100.20', before)).allowed).toBe(true);
    expect((await hitRateLimit(db, spanning, '198.51.100.20', before + 1)).allowed).toBe(true);
    // After midnight: the new day's secret exists, but this window still counts under the old one.
    expect((await hitRateLimit(db, spanning, '198.51.100.20', after)).allowed).toBe(true);
    const refused = await hitRateLimit(db, spanning, '198.51.100.20', after + 1);
    expect(refused.allowed).toBe(false);
    const windowEnd = midnight - (midnight % spanning.windowMs) + spanning.windowMs;
    expect(refused.retryAfterSeconds).toBe(Math.ceil((windowEnd - after - 1) / 1000));
    const rows = await db
      .selectFrom('rate_limits')
      .selectAll()
      .where('key', 'like', 'midnight-test:%')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.count).toBe(4);

    // The next window, wholly in the new day, starts afresh under the new day's secret.
    expect((await hitRateLimit(db, spanning, '198.51.100.20', windowEnd)).allowed).toBe(true);
    expect(await rateKey(db, spanning, '198.51.100.20', windowEnd)).not.toBe(rows[0]?.key);
  });
});

describe('several app servers on one database', () => {
  it('share one limit from their very first request, all at once, with exactly one secret', async () => {
    const group = await startServersOnOneDatabase(2);
    onTestFinished(() => group.close());
    const [a, b] = group.servers;
    const shared: RateRule = { name: 'shared-test', limit: 6, windowMs: 60_000, message: msg('rateLimited') };
    const now = Date.now();
    expect(await a.store.db.selectFrom('app_secrets').selectAll().execute()).toEqual([]);
    const hits = Array.from({ length: 10 }, (_, i) =>
      hitRateLimit((i % 2 === 0 ? a : b).store.db, shared, '198.51.100.9', now),
    );
    const results = await Promise.all(hits);
    expect(results.filter((r) => r.allowed)).toHaveLength(6);
    const secrets = await b.store.db.selectFrom('app_secrets').select('name').execute();
    expect(secrets).toHaveLength(1);
    expect(await rateKey(a.store.db, shared, '198.51.100.9', now)).toBe(
      await rateKey(b.store.db, shared, '198.51.100.9', now),
    );
  });
});
