import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../common/limits';
import type { Profile, SessionsEnded } from '../../../common/schemas/accountSettings';
import { CROSS_SITE_MESSAGE } from '../../auth/csrf';
import { freshIp } from '../../security/support';
import { createUser, sessionCookieFor } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';
import { postJson, sessionUserOf } from '../../testing/mail';
import { ACCOUNT_RATE_RULES } from './rateLimits';
import { SIGNED_OUT_EVERYWHERE_MESSAGE } from './sessions';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('POST /api/account/name', () => {
  it('changes the shown name, trimmed, and answers the person as now stored', async () => {
    const user = await createUser(server.store, { name: 'Old Name' });
    const cookie = await sessionCookieFor(server.store, user);
    const res = await postJson(server, '/api/account/name', { name: '  Rami  ' }, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const body = (await res.json()) as Profile;
    expect(body.user).toMatchObject({ id: user.id, name: 'Rami', email: user.email });
    expect((await sessionUserOf(server, cookie))?.name).toBe('Rami');
  });

  it('takes any nickname, in any script', async () => {
    const cookie = await sessionCookieFor(server.store, await createUser(server.store));
    const res = await postJson(server, '/api/account/name', { name: 'أم خالد 🌿' }, { cookie });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Profile).user.name).toBe('أم خالد 🌿');
  });

  it('refuses what sign-up refuses, with the same field messages, and changes nothing', async () => {
    const user = await createUser(server.store, { name: 'Kept' });
    const cookie = await sessionCookieFor(server.store, user);
    for (const [body, message] of [
      [{}, 'Name is required'],
      [{ name: '   ' }, 'Name is required'],
      [{ name: 'x'.repeat(LIMITS.nameMax + 1) }, `Name must be at most ${LIMITS.nameMax} characters`],
      [{ name: 42 }, 'Name is required'],
    ] as const) {
      const res = await postJson(server, '/api/account/name', body, { cookie });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const { error } = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(error.code).toBe('validation_failed');
      expect(error.fields.name).toBe(message);
    }
    const control = await postJson(server, '/api/account/name', { name: 'Bad\u0000name' }, { cookie });
    expect(control.status).toBe(400);
    expect((await sessionUserOf(server, cookie))?.name).toBe('Kept');
  });

  it('asks a visitor to sign in, and refuses a request from another site', async () => {
    expect((await postJson(server, '/api/account/name', { name: 'Nobody' })).status).toBe(401);
    const user = await createUser(server.store, { name: 'Target' });
    const cookie = await sessionCookieFor(server.store, user);
    const res = await server.fetch('/api/account/name', {
      method: 'POST',
      headers: { cookie, origin: 'https://attacker.example', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Hacked' }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(CROSS_SITE_MESSAGE);
    expect((await sessionUserOf(server, cookie))?.name).toBe('Target');
  });

  it('is rate limited per account', async () => {
    const cookie = await sessionCookieFor(server.store, await createUser(server.store));
    const { limit } = ACCOUNT_RATE_RULES.changeName;
    for (let i = 0; i < limit; i++) {
      const res = await postJson(
        server,
        '/api/account/name',
        { name: `Name ${i}` },
        { cookie, ip: freshIp() },
      );
      expect(res.status).toBe(200);
    }
    const over = await postJson(server, '/api/account/name', { name: 'One more' }, { cookie, ip: freshIp() });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('POST /api/account/sign-out-everywhere', () => {
  it('ends every session of the person, this one too, and no one else’s', async () => {
    const user = await createUser(server.store);
    const other = await createUser(server.store);
    const here = await sessionCookieFor(server.store, user);
    const phone = await sessionCookieFor(server.store, user);
    const laptop = await sessionCookieFor(server.store, user);
    const someoneElse = await sessionCookieFor(server.store, other);
    const res = await postJson(server, '/api/account/sign-out-everywhere', {}, { cookie: here });
    expect(res.status).toBe(200);
    expect((await res.json()) as SessionsEnded).toEqual({
      ok: true,
      message: SIGNED_OUT_EVERYWHERE_MESSAGE,
      endedSessions: 2,
    });
    expect(res.headers.getSetCookie().find((c) => c.startsWith('sid='))).toMatch(/^sid=;/);
    for (const cookie of [here, phone, laptop]) expect(await sessionUserOf(server, cookie)).toBeNull();
    expect((await sessionUserOf(server, someoneElse))?.id).toBe(other.id);
  });

  it('asks a visitor to sign in', async () => {
    expect((await postJson(server, '/api/account/sign-out-everywhere', {})).status).toBe(401);
  });
});
