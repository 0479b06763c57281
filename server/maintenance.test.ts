import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { AUTH_RATE_RULES } from './auth/rateLimits';
import { hitRateLimit } from './rateLimit';
import { createUser, sessionCookieFor } from './testing/factories';
import { startTestServer, type TestServer } from './testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const HOUR = 3600 * 1000;

describe('maintenance (server/maintenance.ts)', () => {
  it('deletes old rate-limit rows and ended sessions by itself once the app is ready, not in a request', async () => {
    const { db } = server.store;
    // Rows as another app server would have left them: a limit counted 30 hours ago, a session ended.
    await hitRateLimit(db, AUTH_RATE_RULES.signInIp, '203.0.113.9', Date.now() - 30 * HOUR);
    const user = await createUser(server.store);
    await sessionCookieFor(server.store, user);
    await db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - HOUR })
      .where('user_id', '=', user.id)
      .execute();
    const rows = async () => ({
      limits: (await db.selectFrom('rate_limits').selectAll().execute()).length,
      sessions: (await db.selectFrom('sessions').where('user_id', '=', user.id).selectAll().execute()).length,
    });
    // Requests do not tidy up (not even a sign-in attempt).
    await server.fetch('/api/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect((await rows()).sessions).toBe(1);

    // Another app server on the same database starts: its timer's first run takes them.
    const other = await buildApp({ store: server.store, env: server.env });
    try {
      await other.ready();
      const deadline = Date.now() + 10_000;
      while ((await rows()).sessions > 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(await rows()).toEqual({ limits: 1, sessions: 0 }); // the sign-in attempt's own row stays
    } finally {
      await other.close();
    }
  });
});
