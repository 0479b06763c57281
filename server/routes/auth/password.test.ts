import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthSuccess, SessionResponse } from '../../../common/schemas/auth';
import { AUTH_RATE_RULES } from '../../auth/rateLimits';
import { demoteUser, promoteUser } from '../../cli/commands/roles';
import { createPasswordAccount, createUser } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';
import { awayFromWindowEdge } from '../../testing/windows';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// Each request comes from its own address (the server trusts X-Forwarded-For from its proxy), so the
// per-IP limits only come into play in the tests about them.
let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

interface PostOptions {
  cookie?: string;
  ip?: string;
  headers?: Record<string, string>;
  on?: TestServer;
}

function post(path: string, body: unknown, options: PostOptions = {}): Promise<Response> {
  return (options.on ?? server).fetch(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': options.ip ?? freshIp(),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    body: JSON.stringify(body),
  });
}

/** The `sid=…` pair from a response's Set-Cookie, and the full header for flag checks. */
function sessionCookie(res: Response): { pair: string; header: string } {
  const header = res.headers.getSetCookie().find((c) => c.startsWith('sid=')) ?? '';
  return { pair: header.split(';')[0] ?? '', header };
}

async function sessionUser(cookie: string, on: TestServer = server) {
  const res = await on.fetch('/api/auth/session', { headers: { cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as SessionResponse).user;
}

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } })
    .error;
}

let emailCounter = 0;
const newEmail = () => `person${++emailCounter}-${Date.now()}@example.org`;

describe('sign-up', () => {
  it('creates a user, signs them in with an HttpOnly, SameSite=Lax cookie, and ignores any role sent', async () => {
    const email = newEmail();
    const res = await post('/api/auth/sign-up', {
      name: '  Layla Haddad ',
      email: `  ${email.toUpperCase()} `,
      password: 'olive-tree-1948',
      role: 'moderator',
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as AuthSuccess;
    expect(body.user).toMatchObject({ name: 'Layla Haddad', email: email.toUpperCase(), role: 'user' });
    const { pair, header } = sessionCookie(res);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).toMatch(/; Path=\//);
    expect(header).not.toMatch(/Secure/);
    expect(await sessionUser(pair)).toMatchObject({ id: body.user.id, role: 'user' });
    // The password is stored as a salted scrypt hash with its parameters, never as given.
    const row = await server.store.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', body.user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$scrypt\$ln=15,r=8,p=3\$/);
    expect(row.password_hash).not.toContain('olive-tree-1948');
  });

  it('answers auth/email-already-in-use for a taken email, whatever its case', async () => {
    const email = newEmail();
    expect((await post('/api/auth/sign-up', { name: 'A', email, password: 'secret1' })).status).toBe(201);
    const res = await post('/api/auth/sign-up', {
      name: 'B',
      email: email.toUpperCase(),
      password: 'secret2',
    });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({
      code: 'auth/email-already-in-use',
      message: 'An account with this email already exists.',
      messageCode: 'auth.emailInUse',
    });
  });

  it.each([
    [{ email: 'a@example.org', password: 'secret1' }, 'validation_failed', 'Name is required', 'name'],
    [
      { name: '   ', email: 'a@example.org', password: 'secret1' },
      'validation_failed',
      'Name is required',
      'name',
    ],
    [{ name: 'A', email: '', password: 'secret1' }, 'validation_failed', 'Email is required', 'email'],
    [{ name: 'A', password: 'secret1' }, 'validation_failed', 'Email is required', 'email'],
    [
      { name: 'A', email: 'not-an-email', password: 'secret1' },
      'auth/invalid-email',
      'Please enter a valid email',
      'email',
    ],
    [
      { name: 'A', email: 'a@example.org', password: '' },
      'validation_failed',
      'Password is required',
      'password',
    ],
    [
      { name: 'A', email: 'a@example.org', password: '12345' },
      'auth/weak-password',
      'Password must be at least 6 characters',
      'password',
    ],
    [
      { name: 'A', email: 'a@example.org', password: 'x'.repeat(257) },
      'validation_failed',
      'Password must be at most 256 characters',
      'password',
    ],
    [
      { name: 'x'.repeat(101), email: 'a@example.org', password: 'secret1' },
      'validation_failed',
      'Name must be at most 100 characters',
      'name',
    ],
  ])('refuses %j with %s and the field message "%s"', async (body, code, fieldMessage, field) => {
    const res = await post('/api/auth/sign-up', body);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe(code);
    expect(error.fields?.[field]).toBe(fieldMessage);
    if (code === 'auth/invalid-email') expect(error.message).toBe('Please enter a valid email address.');
    if (code === 'auth/weak-password')
      expect(error.message).toBe('Password should be at least 6 characters.');
    if (code === 'validation_failed') expect(error.message).toBe(fieldMessage);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('answers 400, not 500, for a body that is not an object', async () => {
    const res = await server.fetch('/api/auth/sign-up', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
      body: '"hello"',
    });
    expect(res.status).toBe(400);
  });
});

describe('sign-in', () => {
  it('signs in with the right password (email in any case) and starts a new session each time', async () => {
    const account = await createPasswordAccount(server.store, { password: 'keffiyeh-42' });
    const first = await post('/api/auth/sign-in', {
      email: account.email.toUpperCase(),
      password: 'keffiyeh-42',
    });
    expect(first.status).toBe(200);
    expect(((await first.json()) as AuthSuccess).user.id).toBe(account.id);
    const second = await post('/api/auth/sign-in', { email: account.email, password: 'keffiyeh-42' });
    const a = sessionCookie(first).pair;
    const b = sessionCookie(second).pair;
    expect(a).toMatch(/^sid=.{20,}/);
    expect(b).toMatch(/^sid=.{20,}/);
    expect(a).not.toBe(b);
    expect(await sessionUser(a)).toMatchObject({ id: account.id });
    expect(await sessionUser(b)).toMatchObject({ id: account.id });
  });

  it('ends the session the browser already had, so a planted cookie is never signed in', async () => {
    const account = await createPasswordAccount(server.store, { password: 'secret-planted' });
    const planted = sessionCookie(
      await post('/api/auth/sign-in', { email: account.email, password: 'secret-planted' }),
    ).pair;
    const res = await post(
      '/api/auth/sign-in',
      { email: account.email, password: 'secret-planted' },
      { cookie: planted },
    );
    expect(res.status).toBe(200);
    expect(sessionCookie(res).pair).not.toBe(planted);
    expect(await sessionUser(planted)).toBeNull();
  });

  it('answers the same auth/invalid-credential for an unknown email, a wrong password and a Google-only account', async () => {
    const account = await createPasswordAccount(server.store, { password: 'right-password' });
    const googleOnly = await createUser(server.store, { passwordHash: null });
    const answers = [];
    for (const body of [
      { email: newEmail(), password: 'right-password' },
      { email: account.email, password: 'wrong-password' },
      { email: googleOnly.email, password: 'anything-at-all' },
      { email: account.email, password: 'short' },
    ]) {
      const res = await post('/api/auth/sign-in', body);
      answers.push({ status: res.status, body: await res.json(), cookies: res.headers.getSetCookie() });
    }
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 401,
        body: {
          error: {
            code: 'auth/invalid-credential',
            message: 'Invalid email or password. Please check your credentials and try again.',
            messageCode: 'auth.invalidCredential',
          },
        },
        cookies: [],
      });
    }
  });

  it.each([
    [{ password: 'secret1' }, 'Email is required', 'email'],
    [{ email: 'nope', password: 'secret1' }, 'Please enter a valid email', 'email'],
    [{ email: 'a@example.org', password: '' }, 'Password is required', 'password'],
    [{ email: 'a@example.org' }, 'Password is required', 'password'],
  ])('refuses %j with "%s"', async (body, message, field) => {
    const res = await post('/api/auth/sign-in', body);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('validation_failed');
    expect(error.fields?.[field]).toBe(message);
  });
});

describe('sign-out', () => {
  it('deletes the session on the server and clears the cookie', async () => {
    const account = await createPasswordAccount(server.store, { password: 'secret-out' });
    const { pair } = sessionCookie(
      await post('/api/auth/sign-in', { email: account.email, password: 'secret-out' }),
    );
    const other = sessionCookie(
      await post('/api/auth/sign-in', { email: account.email, password: 'secret-out' }),
    ).pair;
    const res = await post('/api/auth/sign-out', {}, { cookie: pair });
    expect(res.status).toBe(200);
    expect(sessionCookie(res).header).toMatch(/^sid=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    // A copy of the old cookie is worth nothing now; the other device stays signed in.
    expect(await sessionUser(pair)).toBeNull();
    expect(await sessionUser(other)).toMatchObject({ id: account.id });
  });

  it('answers success without a session too', async () => {
    const res = await post('/api/auth/sign-out', {});
    expect(res.status).toBe(200);
  });
});

describe('sessions and roles', () => {
  it('survive a server restart (they live in the database)', async () => {
    // On PostgreSQL the harness creates the database; on SQLite we own the file so it outlives the server.
    const dir =
      process.env.PALCAL_TEST_DB === 'postgres' ? null : mkdtempSync(join(tmpdir(), 'palcal-restart-'));
    const first = await startTestServer(dir ? { databaseUrl: `sqlite:${join(dir, 'restart.db')}` } : {});
    const databaseUrl = first.env.DATABASE_URL;
    let second: TestServer | null = null;
    try {
      const account = await createPasswordAccount(first.store, { password: 'restart-me' });
      const { pair } = sessionCookie(
        await post('/api/auth/sign-in', { email: account.email, password: 'restart-me' }, { on: first }),
      );
      await first.close();
      second = await startTestServer({ databaseUrl });
      expect(await sessionUser(pair, second)).toMatchObject({ id: account.id, email: account.email });
    } finally {
      await second?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  });

  it('apply a role change at the next request, without signing in again', async () => {
    const account = await createPasswordAccount(server.store, { password: 'promote-me' });
    const { pair } = sessionCookie(
      await post('/api/auth/sign-in', { email: account.email, password: 'promote-me' }),
    );
    expect(await sessionUser(pair)).toMatchObject({ role: 'user' });
    await promoteUser(server.store.db, account.email.toUpperCase());
    expect(await sessionUser(pair)).toMatchObject({ role: 'moderator' });
    await demoteUser(server.store.db, account.email);
    expect(await sessionUser(pair)).toMatchObject({ role: 'user' });
  });
});

describe('cookie flags behind HTTPS', () => {
  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const https = await startTestServer({ env: { PUBLIC_URL: 'https://calendar.example.org' } });
    try {
      const res = await post(
        '/api/auth/sign-up',
        { name: 'Secure Person', email: newEmail(), password: 'secret-tls' },
        { on: https, headers: { origin: 'https://calendar.example.org' } },
      );
      expect(res.status).toBe(201);
      const { header } = sessionCookie(res);
      expect(header).toMatch(/; Secure/);
      expect(header).toMatch(/; HttpOnly/);
      expect(header).toMatch(/; SameSite=Lax/);
    } finally {
      await https.close();
    }
  });
});

describe('cross-site request forgery', () => {
  it('refuses a state-changing request from another origin with 403 and a clear message', async () => {
    const email = newEmail();
    const res = await post(
      '/api/auth/sign-up',
      { name: 'Victim', email, password: 'secret1' },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual({
      code: 'cross_site_request',
      message: 'This request came from another website and was refused. Reload this page and try again.',
      messageCode: 'crossSite',
    });
    // Nothing happened.
    const row = await server.store.db
      .selectFrom('users')
      .select('id')
      .where('email_lc', '=', email)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('refuses a cross-site sign-out, so another site cannot end a session either', async () => {
    const account = await createPasswordAccount(server.store, { password: 'stay-signed-in' });
    const { pair } = sessionCookie(
      await post('/api/auth/sign-in', { email: account.email, password: 'stay-signed-in' }),
    );
    const refused: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of refused) {
      const res = await post('/api/auth/sign-out', {}, { cookie: pair, headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    // The same route spelled otherwise: the check follows the route the request reaches, not its URL.
    for (const path of ['/%61pi/auth/sign-out', '/%61%70%69/auth/sign%2Dout', '/api/auth/%73ign-out']) {
      const res = await post(path, {}, { cookie: pair, headers: { origin: 'https://evil.example' } });
      expect(res.status, path).toBe(403);
    }
    // X-Forwarded-Host is never believed, even from the proxy on this machine: nginx passes on what
    // the client sent, so it would let any site name itself as ours.
    const forged = await post(
      '/api/auth/sign-out',
      {},
      {
        cookie: pair,
        headers: {
          origin: 'https://evil.example',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'https',
        },
      },
    );
    expect(forged.status).toBe(403);
    expect(await sessionUser(pair)).toMatchObject({ id: account.id });
  });

  it('accepts our own origin, same-origin fetch metadata, and programs that send neither header', async () => {
    const account = await createPasswordAccount(server.store, { password: 'same-origin' });
    const accepted: Record<string, string>[] = [
      { origin: server.url },
      { origin: server.env.PUBLIC_URL },
      { 'sec-fetch-site': 'same-origin' },
      {},
    ];
    for (const headers of accepted) {
      const res = await post(
        '/api/auth/sign-in',
        { email: account.email, password: 'same-origin' },
        { headers },
      );
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('leaves reads alone', async () => {
    const res = await server.fetch('/api/auth/session', { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(200);
  });
});

/** Fixed windows: start a burst early in a window so it cannot straddle two. */
describe('rate limits', () => {
  it('limits sign-in attempts per account, whatever the address, with 429, the message and Retry-After', async () => {
    const rule = AUTH_RATE_RULES.signInAccount;
    await awayFromWindowEdge(rule.windowMs);
    const account = await createPasswordAccount(server.store, { password: 'the-real-one' });
    for (let i = 0; i < rule.limit; i++) {
      const res = await post('/api/auth/sign-in', { email: account.email, password: `guess-${i}` });
      expect(res.status).toBe(401);
    }
    // Even the right password, from a new address, in another case, waits now.
    const res = await post('/api/auth/sign-in', {
      email: account.email.toUpperCase(),
      password: 'the-real-one',
    });
    expect(res.status).toBe(429);
    expect(await errorOf(res)).toEqual({
      code: 'rate_limited',
      message: rule.message,
      messageCode: 'rateLimit.signInAccount',
    });
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(rule.windowMs / 1000);
    // Someone else is not affected.
    const other = await createPasswordAccount(server.store, { password: 'other-person' });
    expect((await post('/api/auth/sign-in', { email: other.email, password: 'other-person' })).status).toBe(
      200,
    );
  }, 60_000);

  it('limits sign-in attempts per address across accounts', async () => {
    const rule = AUTH_RATE_RULES.signInIp;
    await awayFromWindowEdge(rule.windowMs);
    const ip = '192.0.2.77';
    // Malformed attempts count too (and cost no hashing, which keeps this test quick).
    for (let i = 0; i < rule.limit; i++) {
      expect((await post('/api/auth/sign-in', { email: `x${i}`, password: 'p' }, { ip })).status).toBe(400);
    }
    const account = await createPasswordAccount(server.store, { password: 'blocked-here' });
    const res = await post('/api/auth/sign-in', { email: account.email, password: 'blocked-here' }, { ip });
    expect(res.status).toBe(429);
    expect(await errorOf(res)).toEqual({
      code: 'rate_limited',
      message: rule.message,
      messageCode: 'rateLimit.signInNetwork',
    });
    expect((await post('/api/auth/sign-in', { email: account.email, password: 'blocked-here' })).status).toBe(
      200,
    );
  }, 60_000);

  it('limits sign-ups per address and per email', async () => {
    const ipRule = AUTH_RATE_RULES.signUpIp;
    await awayFromWindowEdge(ipRule.windowMs);
    const ip = '192.0.2.88';
    for (let i = 0; i < ipRule.limit; i++) {
      expect(
        (await post('/api/auth/sign-up', { name: 'Bot', email: 'bad', password: 'x' }, { ip })).status,
      ).toBe(400);
    }
    const blocked = await post(
      '/api/auth/sign-up',
      { name: 'Real', email: newEmail(), password: 'secret1' },
      { ip },
    );
    expect(blocked.status).toBe(429);
    expect(await errorOf(blocked)).toEqual({
      code: 'rate_limited',
      message: ipRule.message,
      messageCode: 'rateLimit.signUpNetwork',
    });
    // Counted before the body is read: a limited client's next body is not even parsed.
    const unread = await post(
      '/api/auth/sign-up',
      { name: 'Bot', email: 'a@'.padEnd(60_000, '.'), password: 'x' },
      { ip },
    );
    expect(unread.status).toBe(429);

    const accountRule = AUTH_RATE_RULES.signUpAccount;
    const email = newEmail();
    const statuses = [];
    for (let i = 0; i <= accountRule.limit; i++) {
      statuses.push((await post('/api/auth/sign-up', { name: 'Same', email, password: 'secret1' })).status);
    }
    expect(statuses).toEqual([201, ...Array(accountRule.limit - 1).fill(409), 429]);
  }, 60_000);
});
