import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, type SessionsEnded } from '../../../common/schemas/accountSettings';
import { createEmailToken } from '../../auth/emailTokens';
import { freshIp } from '../../security/support';
import { createPasswordAccount, createUser, sessionCookieFor } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';
import { postJson, sessionUserOf } from '../../testing/mail';
import { PASSWORD_CHANGED_MESSAGE } from './changePassword';
import { ACCOUNT_RATE_RULES } from './rateLimits';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const signIn = (email: string, password: string) =>
  postJson(server, '/api/auth/sign-in', { email, password }, { ip: freshIp() });

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

afterEach(() => {
  vi.useRealTimers();
});

describe('POST /api/account/password', () => {
  it('needs the current password, sets the new one and ends every other session, this one staying', async () => {
    const account = await createPasswordAccount(server.store, { password: 'old password' });
    const here = await sessionCookieFor(server.store, account);
    const elsewhere = await sessionCookieFor(server.store, account);
    await createEmailToken(server.store.db, { userId: account.id, email: account.email, purpose: 'reset' });
    const res = await postJson(
      server,
      '/api/account/password',
      { currentPassword: 'old password', newPassword: 'a new password' },
      { cookie: here },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect((await res.json()) as SessionsEnded).toEqual({
      ok: true,
      message: PASSWORD_CHANGED_MESSAGE,
      endedSessions: 1,
    });
    expect((await sessionUserOf(server, here))?.id).toBe(account.id);
    expect(await sessionUserOf(server, elsewhere)).toBeNull();
    expect((await signIn(account.email, 'old password')).status).toBe(401);
    expect((await signIn(account.email, 'a new password')).status).toBe(200);
    // A reset link asked for before no longer works: it was for the password now replaced.
    const links = await server.store.db
      .selectFrom('email_tokens')
      .select('id')
      .where('user_id', '=', account.id)
      .where('purpose', '=', 'reset')
      .execute();
    expect(links).toEqual([]);
  });

  it('refuses a wrong current password with a field message, and changes nothing', async () => {
    const account = await createPasswordAccount(server.store, { password: 'right password' });
    const here = await sessionCookieFor(server.store, account);
    const elsewhere = await sessionCookieFor(server.store, account);
    const res = await postJson(
      server,
      '/api/account/password',
      { currentPassword: 'wrong password', newPassword: 'a new password' },
      { cookie: here },
    );
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as ErrorBody;
    expect(error.code).toBe('auth/wrong-password');
    expect(error.fields).toEqual({ currentPassword: ACCOUNT_MESSAGES.wrongPassword });
    expect((await sessionUserOf(server, elsewhere))?.id).toBe(account.id);
    expect((await signIn(account.email, 'right password')).status).toBe(200);
  });

  it('checks the new password like sign-up, and both are required', async () => {
    const account = await createPasswordAccount(server.store, { password: 'right password' });
    const cookie = await sessionCookieFor(server.store, account);
    for (const [body, field, message] of [
      [
        { currentPassword: 'right password', newPassword: 'short' },
        'newPassword',
        'Password must be at least 6 characters',
      ],
      [{ currentPassword: 'right password' }, 'newPassword', 'Password is required'],
      [{ newPassword: 'a new password' }, 'currentPassword', ACCOUNT_MESSAGES.currentPasswordRequired],
      [
        { currentPassword: 'right password', newPassword: 'x'.repeat(257) },
        'newPassword',
        'Password must be at most 256 characters',
      ],
    ] as const) {
      const res = await postJson(server, '/api/account/password', body, { cookie });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as ErrorBody).error.fields?.[field]).toBe(message);
    }
    expect((await signIn(account.email, 'right password')).status).toBe(200);
  });

  it('says a Google-only account has no password to change', async () => {
    const cookie = await sessionCookieFor(server.store, await createUser(server.store));
    const res = await postJson(
      server,
      '/api/account/password',
      { currentPassword: 'anything', newPassword: 'a new password' },
      { cookie },
    );
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.code).toBe('no_password');
  });

  it('asks a visitor to sign in', async () => {
    const res = await postJson(server, '/api/account/password', {
      currentPassword: 'a',
      newPassword: 'abcdefg',
    });
    expect(res.status).toBe(401);
  });

  it('limits password attempts per account, so a stolen session cannot guess the password', async () => {
    // Inside one 15-minute window of the limit, whatever the clock says when the test runs.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2032-05-05T10:01:00Z') });
    const account = await createPasswordAccount(server.store, { password: 'right password' });
    const cookie = await sessionCookieFor(server.store, account);
    for (let i = 0; i < ACCOUNT_RATE_RULES.passwordCheck.limit; i++) {
      const res = await postJson(
        server,
        '/api/account/password',
        { currentPassword: `guess ${i}`, newPassword: 'a new password' },
        { cookie, ip: freshIp() },
      );
      expect(res.status).toBe(400);
    }
    const over = await postJson(
      server,
      '/api/account/password',
      { currentPassword: 'right password', newPassword: 'a new password' },
      { cookie, ip: freshIp() },
    );
    expect(over.status).toBe(429);
    expect(((await over.json()) as ErrorBody).error.message).toBe(ACCOUNT_RATE_RULES.passwordCheck.message);
    vi.useRealTimers();
  });
});
