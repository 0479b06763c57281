import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_RULES } from '../auth/rateLimits';
import { enforceRateLimit } from '../rateLimit';
import { createEvent, createUser, sessionCookieFor } from '../testing/factories';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('ChangeCounter (what empties the micro-cache)', () => {
  it('counts writes that changed rows visitors can see, and nothing else', async () => {
    const { db, changes } = server.store;
    const event = await createEvent(server.store);
    const user = await createUser(server.store);
    let before = changes.count;
    // Sessions, rate limits and reads change nothing a visitor sees.
    await sessionCookieFor(server.store, user);
    await enforceRateLimit(db, AUTH_RATE_RULES.signInIp, '192.0.2.1');
    await db.selectFrom('events').selectAll().execute();
    // A write that matched no row changed nothing either.
    await db.updateTable('events').set({ title: 'x' }).where('id', '=', 'AAAAAAAAAAAAAAAA').execute();
    await db.deleteFrom('reports').where('id', '=', 'nothing').returning('id').execute();
    expect(changes.count).toBe(before);

    await db.updateTable('events').set({ title: 'Renamed' }).where('id', '=', event.id).execute();
    expect(changes.count).toBe(before + 1);
    before = changes.count;
    await db.updateTable('events').set({ verified: 1 }).where('id', '=', event.id).returning('id').execute();
    expect(changes.count).toBe(before + 1);
  });
});
