import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_RULES } from '../auth/rateLimits';
import { enforceRateLimit, RATE_LIMIT_RETENTION_MS, rateKey } from '../rateLimit';
import { SUBMIT_RATE_LIMITS } from '../routes/events/create';
import { REPORT_RATE_LIMIT } from '../routes/reports/index';
import { startTestServer, type TestServer } from '../testing/harness';

/** Rate-limit rows hold a hash of an address or account: kept only as long as a limit needs them. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const HOUR = 3600 * 1000;

describe('rate-limit retention', () => {
  it('keeps rows no longer than the longest window of any rule', () => {
    const rules = [...Object.values(AUTH_RATE_RULES), ...SUBMIT_RATE_LIMITS, REPORT_RATE_LIMIT];
    for (const rule of rules) expect(rule.windowMs, rule.name).toBeLessThanOrEqual(RATE_LIMIT_RETENTION_MS);
    expect(RATE_LIMIT_RETENTION_MS).toBeLessThanOrEqual(24 * HOUR);
  });

  it('deletes the rows of windows that ended, and keeps the ones still counting', async () => {
    const db = server.store.db;
    const now = Date.now();
    const rule = AUTH_RATE_RULES.signInIp;
    await enforceRateLimit(db, SUBMIT_RATE_LIMITS[1]!, 'account-a', now - 2 * HOUR);
    await enforceRateLimit(db, rule, '203.0.113.1', now - 30 * HOUR);
    const keys = async () =>
      (await db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key).sort();
    expect(await keys()).toEqual(
      [rateKey(rule, '203.0.113.1'), rateKey(SUBMIT_RATE_LIMITS[1]!, 'account-a')].sort(),
    );

    await enforceRateLimit(db, rule, '203.0.113.2', now);
    expect(await keys()).toEqual(
      [rateKey(rule, '203.0.113.2'), rateKey(SUBMIT_RATE_LIMITS[1]!, 'account-a')].sort(),
    );
    // The address itself is never stored.
    const rows = await db.selectFrom('rate_limits').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('203.0.113');
  });
});
