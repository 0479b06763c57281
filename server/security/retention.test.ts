import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_RULES } from '../auth/rateLimits';
import { runMaintenance } from '../maintenance';
import {
  enforceRateLimit,
  pruneRateLimits,
  RATE_LIMIT_RETENTION_MS,
  RATE_LIMIT_SECRET,
  rateKey,
} from '../rateLimit';
import { SUBMIT_RATE_LIMITS } from '../routes/events/create';
import { REPORT_RATE_LIMIT } from '../routes/reports/index';
import { dailySecret } from '../store/secrets';
import { startTestServer, type TestServer } from '../testing/harness';

/** Rate-limit rows hold a hash of an address or account: kept only as long as a limit needs them. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

describe('rate-limit retention', () => {
  it('keeps rows no longer than the longest window of any rule', () => {
    const rules = [...Object.values(AUTH_RATE_RULES), ...SUBMIT_RATE_LIMITS, REPORT_RATE_LIMIT];
    for (const rule of rules) expect(rule.windowMs, rule.name).toBeLessThanOrEqual(RATE_LIMIT_RETENTION_MS);
    expect(RATE_LIMIT_RETENTION_MS).toBeLessThanOrEqual(24 * HOUR);
  });

  it('deletes the rows of windows that ended, and keeps the ones still counting', async () => {
    const db = server.store.db;
    // Noon UTC today, not the clock: two hours before it must lie in the same UTC day, whose submission
    // window (one per UTC day) is still counting. Run just after midnight, "now - 2 h" falls in a window
    // that has ended, and the prune rightly deletes it (CI caught this at 00:00).
    const now = Date.now() - (Date.now() % DAY) + 12 * HOUR;
    const rule = AUTH_RATE_RULES.signInIp;
    const account = SUBMIT_RATE_LIMITS[1]!;
    await enforceRateLimit(db, account, 'account-a', now - 2 * HOUR);
    const accountKey = await rateKey(db, account, 'account-a', now - 2 * HOUR);
    await enforceRateLimit(db, rule, '203.0.113.1', now - 30 * HOUR);
    const oldKey = await rateKey(db, rule, '203.0.113.1', now - 30 * HOUR);
    const keys = async () =>
      (await db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key).sort();
    expect(await keys()).toEqual([oldKey, accountKey].sort());

    await enforceRateLimit(db, rule, '203.0.113.2', now);
    // The app server's maintenance timer (server/maintenance.ts), run now rather than waited for.
    await runMaintenance(db, now);
    expect(await keys()).toEqual([await rateKey(db, rule, '203.0.113.2', now), accountKey].sort());
    // The address itself is never stored.
    const rows = await db.selectFrom('rate_limits').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('203.0.113');
  });
});

describe('rate-limit secrets', () => {
  let fresh: TestServer;
  beforeAll(async () => {
    fresh = await startTestServer();
  });
  afterAll(() => fresh.close());

  const secretNames = async () =>
    (await fresh.store.db.selectFrom('app_secrets').select('name').orderBy('name').execute()).map(
      (r) => r.name,
    );

  it("keep only today's and yesterday's secret, so older rows can no longer be matched to an address", async () => {
    const db = fresh.store.db;
    const rule = AUTH_RATE_RULES.signInIp;
    const day0 = Date.UTC(2031, 5, 1, 10); // 10:00 UTC, 1 June 2031
    await enforceRateLimit(db, rule, '203.0.113.1', day0);
    const firstKey = await rateKey(db, rule, '203.0.113.1', day0);
    expect(await secretNames()).toEqual(['rate-limit/2031-06-01']);

    await enforceRateLimit(db, rule, '203.0.113.2', day0 + DAY);
    await runMaintenance(db, day0 + DAY);
    expect(await secretNames()).toEqual(['rate-limit/2031-06-01', 'rate-limit/2031-06-02']);

    await enforceRateLimit(db, rule, '203.0.113.3', day0 + 2 * DAY);
    await runMaintenance(db, day0 + 2 * DAY);
    expect(await secretNames()).toEqual(['rate-limit/2031-06-02', 'rate-limit/2031-06-03']);
    // The same address today gets another key, and no secret left in the database gives the first
    // day's key (rateLimit.test.ts shows the day's secret does).
    expect(await rateKey(db, rule, '203.0.113.1', day0 + 2 * DAY)).not.toBe(firstKey);
    const left = await db.selectFrom('app_secrets').select('value').execute();
    for (const { value } of left) {
      const digest = createHmac('sha256', Buffer.from(value, 'base64url'))
        .update(`${rule.name}\u0000203.0.113.1`)
        .digest('base64url')
        .slice(0, 22);
      expect(`${rule.name}:${digest}`).not.toBe(firstKey);
    }
    await expect(dailySecret(db, RATE_LIMIT_SECRET, day0, day0 + 2 * DAY)).rejects.toThrow(/only today's/);

    // Pruning alone (no new hit) retires yesterday's secret once another day has passed.
    await pruneRateLimits(db, RATE_LIMIT_RETENTION_MS, day0 + 3 * DAY + HOUR);
    expect(await secretNames()).toEqual(['rate-limit/2031-06-03']);
    expect(await db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
  });
});
