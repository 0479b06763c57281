import { afterAll, beforeAll, expect, it } from 'vitest';
import { hitRateLimit, type RateRule } from './rateLimit';
import { startTestServer, type TestServer } from './testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const rule: RateRule = { name: 'test', limit: 3, windowMs: 60_000, message: 'Slow down.' };

it('allows up to the limit in a window, then refuses until the next window', async () => {
  const t0 = 60_000 * 16_666_667 + 20_000; // 20 s into a window
  const results = [];
  for (let i = 0; i < 5; i++) results.push(await hitRateLimit(server.store.db, rule, '203.0.113.9', t0 + i));
  expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
  expect(results[4]?.retryAfterSeconds).toBe(40);
  const nextWindow = await hitRateLimit(server.store.db, rule, '203.0.113.9', t0 + 60_000);
  expect(nextWindow.allowed).toBe(true);
});

it('counts each subject separately and never stores the subject itself', async () => {
  const t0 = 2_000_000_000_000;
  for (let i = 0; i < 3; i++) await hitRateLimit(server.store.db, rule, 'a@example.org', t0);
  expect((await hitRateLimit(server.store.db, rule, 'b@example.org', t0)).allowed).toBe(true);
  const keys = await server.store.db.selectFrom('rate_limits').select('key').execute();
  expect(keys.some((k) => k.key.includes('example.org') || k.key.includes('203.0.113.9'))).toBe(false);
});
