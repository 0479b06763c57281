import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../../common/schemas/auth';
import { createEmailToken } from '../../auth/emailTokens';
import { createPasswordAccount } from '../../testing/factories';
import { cookiePair, resultOf, startGoogleTestServer, walkGoogleFlow } from '../../testing/googleFlow';
import { type GoogleTestProvider, TEST_CLIENT_ID } from '../../testing/googleTestProvider';
import { startTestServer, type TestServer } from '../../testing/harness';

let provider: GoogleTestProvider;
let server: TestServer;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ provider, server, stop } = await startGoogleTestServer());
});
afterAll(async () => {
  await stop?.();
});

/** What the pop-up does: /start → provider → /callback, carrying cookies like a browser. */
const signInWithGoogle = (
  options: { flowCookie?: (real: string) => string; forwardedFor?: string; acceptLanguage?: string } = {},
) =>
  walkGoogleFlow(server, '/api/auth/google/start', {
    ip: options.forwardedFor,
    acceptLanguage: options.acceptLanguage,
    flowCookie: options.flowCookie,
  });

async function sessionUser(cookie: string) {
  const res = await server.fetch('/api/auth/session', { headers: { cookie } });
  return ((await res.json()) as SessionResponse).user;
}

describe('GET /api/auth/google/start', () => {
  it('sends the pop-up to the provider with PKCE, state and nonce, and keeps them in a sealed cookie', async () => {
    const res = await server.fetch('/api/auth/google/start', { redirect: 'manual' });
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('location') ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/authorize`);
    const q = url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(TEST_CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(`${server.url}/api/auth/google/callback`);
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{20,}$/);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('oidc_flow=')) ?? '';
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\/api\/auth\/google/);
    // Sealed: neither the state nor the verifier can be read from it.
    expect(cookie).not.toContain(q.get('state') ?? '-');
  });

  it('answers the pop-up page with a clear failure when Google is not configured', async () => {
    const plain = await startTestServer();
    try {
      const res = await plain.fetch('/api/auth/google/start', { redirect: 'manual' });
      expect(res.status).toBe(404);
      expect(resultOf(await res.text())).toMatchObject({ ok: false, code: 'auth/operation-not-allowed' });
    } finally {
      await plain.close();
    }
  });

  it('answers the pop-up page with a clear failure when the provider cannot be reached', async () => {
    const unreachable = await startTestServer({
      env: { ...provider.env, GOOGLE_ISSUER: 'http://127.0.0.1:9/' },
    });
    try {
      const res = await unreachable.fetch('/api/auth/google/start', { redirect: 'manual' });
      expect(res.status).toBe(502);
      expect(resultOf(await res.text())).toEqual({
        ok: false,
        code: 'auth/provider-error',
        message: 'Google could not be reached. Please try again.',
      });
    } finally {
      await unreachable.close();
    }
  });
});

describe('GET /api/auth/google/callback', () => {
  it('creates the account at the first sign-in from the verified ID token, then signs the same one in', async () => {
    provider.setIdentity({
      sub: 'sub-amal',
      email: 'Amal@Gmail.example',
      email_verified: true,
      name: 'Amal Khoury',
    });
    const first = await signInWithGoogle();
    expect(first.callback.status).toBe(200);
    expect(first.result).toEqual({ ok: true });
    const user = await sessionUser(first.session);
    expect(user).toMatchObject({ name: 'Amal Khoury', email: 'Amal@Gmail.example', role: 'user' });

    const second = await signInWithGoogle();
    expect(second.result).toEqual({ ok: true });
    expect(second.session).not.toBe(first.session);
    expect((await sessionUser(second.session))?.id).toBe(user?.id);
    const rows = await server.store.db
      .selectFrom('users')
      .select('id')
      .where('email_lc', '=', 'amal@gmail.example')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('gives the account it creates the language of the sign-in, and the browser keeps it', async () => {
    provider.setIdentity({
      sub: 'sub-elif',
      email: 'elif@gmail.example',
      email_verified: true,
      name: 'Elif',
    });
    const signUp = await signInWithGoogle({ acceptLanguage: 'tr-TR,tr;q=0.9,en;q=0.5' });
    expect(signUp.result).toEqual({ ok: true });
    const row = await server.store.db
      .selectFrom('users')
      .select('language')
      .where('email_lc', '=', 'elif@gmail.example')
      .executeTakeFirstOrThrow();
    expect(row.language).toBe('tr');
    expect(cookiePair(signUp.callback, 'lang')).toBe('lang=tr');
  });

  it('answers a tiny page that loads our script (no inline script) and can reach its opener', async () => {
    provider.setIdentity({
      sub: 'sub-page',
      email: 'page@gmail.example',
      email_verified: true,
      name: 'Page',
    });
    const { callback, html, session } = await signInWithGoogle();
    expect(html).toContain('<script src="/auth-popup.js" defer></script>');
    expect(html).not.toMatch(/<script>(?!<)/);
    expect(callback.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    expect(callback.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(callback.headers.get('cache-control')).toBe('private, no-store');
    const sid = callback.headers.getSetCookie().find((c) => c.startsWith('sid=')) ?? '';
    expect(sid).toMatch(/; HttpOnly/);
    expect(sid).toMatch(/; SameSite=Lax/);
    expect(session).toMatch(/^sid=/);
  });

  it('refuses an unverified email and creates nothing', async () => {
    provider.setIdentity({
      sub: 'sub-unverified',
      email: 'unverified@gmail.example',
      email_verified: false,
      name: 'U',
    });
    const { result, session } = await signInWithGoogle();
    expect(result).toMatchObject({ ok: false, code: 'auth/unverified-email' });
    expect(session).toBe('');
    const row = await server.store.db
      .selectFrom('users')
      .select('id')
      .where('email_lc', '=', 'unverified@gmail.example')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('takes the claims as input like any other: a NUL or a control character never reaches the database', async () => {
    provider.setIdentity({
      sub: 'sub-odd-name',
      email: 'odd.name@gmail.example',
      email_verified: true,
      name: `Na\u0000me\u202E with\nbreaks\u001b[8m ${'é'.repeat(120)}`,
    });
    const ok = await signInWithGoogle({ forwardedFor: '198.51.100.90' });
    expect(ok.result).toEqual({ ok: true });
    const user = await sessionUser(ok.session);
    expect(user?.name).toBe(`Name withbreaks[8m ${'é'.repeat(81)}`);

    for (const [identity, code] of [
      [{ email: 'bad\u0000@gmail.example' }, 'auth/provider-error'],
      [{ email: 'not-an-email' }, 'auth/provider-error'],
      [{ email: `${'a'.repeat(300)}@gmail.example` }, 'auth/provider-error'],
      [{ sub: 'sub\u0000nul' }, 'auth/provider-error'],
    ] as const) {
      provider.setIdentity({
        sub: 'sub-bad',
        email: 'x@gmail.example',
        email_verified: true,
        name: 'X',
        ...identity,
      });
      const { result, session } = await signInWithGoogle({ forwardedFor: '198.51.100.90' });
      expect(result, JSON.stringify(identity)).toMatchObject({ ok: false, code });
      expect(session).toBe('');
    }
  });

  it('answers account-exists for an email that a password account proved it owns', async () => {
    const account = await createPasswordAccount(server.store, {
      email: 'Existing@Gmail.example',
      emailVerified: true,
    });
    provider.setIdentity({
      sub: 'sub-existing',
      email: 'existing@gmail.example',
      email_verified: true,
      name: 'Other',
    });
    const { result, session } = await signInWithGoogle();
    expect(result).toEqual({
      ok: false,
      code: 'auth/account-exists-with-different-credential',
      message: 'An account already exists with this email using a different sign-in method.',
    });
    expect(session).toBe('');
    const user = await server.store.db
      .selectFrom('users')
      .select(['google_sub', 'name'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ google_sub: null, name: account.name });
    // Its password still works.
    const signIn = await server.fetch('/api/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect(signIn.status).toBe(200);
  });

  it('refuses a callback without the flow cookie of this browser (login forgery)', async () => {
    provider.setIdentity({
      sub: 'sub-forged',
      email: 'forged@gmail.example',
      email_verified: true,
      name: 'F',
    });
    const { result, session } = await signInWithGoogle({ flowCookie: () => '' });
    expect(result).toMatchObject({ ok: false, code: 'auth/invalid-state' });
    expect(session).toBe('');
  });

  it('refuses a tampered flow cookie, and a flow cookie from another sign-in', async () => {
    const tampered = await signInWithGoogle({ flowCookie: (real) => `${real.slice(0, -4)}AAAA` });
    expect(tampered.result).toMatchObject({ ok: false, code: 'auth/invalid-state' });
    const otherStart = await server.fetch('/api/auth/google/start', { redirect: 'manual' });
    const otherFlow = cookiePair(otherStart, 'oidc_flow');
    const mixed = await signInWithGoogle({ flowCookie: () => otherFlow });
    expect(mixed.result).toMatchObject({ ok: false, code: 'auth/provider-error' });
    expect(mixed.session).toBe('');
  });

  it('reports a sign-in the person cancelled at the provider as cancelled', async () => {
    const start = await server.fetch('/api/auth/google/start', { redirect: 'manual' });
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state');
    const res = await server.fetch(`/api/auth/google/callback?error=access_denied&state=${state}`, {
      headers: { cookie: cookiePair(start, 'oidc_flow') },
    });
    expect(resultOf(await res.text())).toEqual({
      ok: false,
      code: 'auth/cancelled-popup-request',
      message: 'Google sign-in was cancelled.',
    });
  });
});

describe('an email registered by someone who never proved it (issue 12: email squatting)', () => {
  const post = (path: string, body: unknown, cookie?: string) =>
    server.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });

  it('is taken over by the Google sign-in of that address: password voided, sessions ended, links void', async () => {
    // Someone signs up first with the address of the person who owns it, and stays signed in.
    const squatter = await post('/api/auth/sign-up', {
      name: 'Squatter',
      email: 'Owner@Gmail.example',
      password: 'squatters-password',
    });
    expect(squatter.status).toBe(201);
    const squatterCookie = cookiePair(squatter, 'sid');
    const account = await server.store.db
      .selectFrom('users')
      .selectAll()
      .where('email_lc', '=', 'owner@gmail.example')
      .executeTakeFirstOrThrow();
    expect(account.email_verified_at).toBeNull();
    const oldLink = await createEmailToken(server.store.db, {
      userId: account.id,
      email: account.email,
      purpose: 'reset',
    });

    provider.setIdentity({
      sub: 'sub-owner',
      email: 'owner@gmail.example',
      email_verified: true,
      name: 'Owner',
    });
    const owner = await signInWithGoogle();
    expect(owner.result).toEqual({ ok: true });
    const user = await sessionUser(owner.session);
    expect(user).toMatchObject({ id: account.id, emailVerified: true, mustConfirmEmail: false });

    const row = await server.store.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ google_sub: 'sub-owner', password_hash: null });
    expect(row.email_verified_at).not.toBeNull();
    // The squatter is out: their session ended, their password opens nothing, their link is void.
    expect(await sessionUser(squatterCookie)).toBeNull();
    const signIn = await post('/api/auth/sign-in', {
      email: 'owner@gmail.example',
      password: 'squatters-password',
    });
    expect(signIn.status).toBe(401);
    const reset = await post('/api/auth/reset-password', { token: oldLink, password: 'taken-back-again' });
    expect(reset.status).toBe(400);
    // The owner's next sign-in is the same account.
    const again = await signInWithGoogle();
    expect((await sessionUser(again.session))?.id).toBe(account.id);
  });

  it('is not taken over by a Google account whose email Google has not verified', async () => {
    const account = await createPasswordAccount(server.store, { email: 'careful@gmail.example' });
    provider.setIdentity({
      sub: 'sub-careful',
      email: 'careful@gmail.example',
      email_verified: false,
      name: 'Not Verified',
    });
    const { result } = await signInWithGoogle();
    expect(result).toMatchObject({ ok: false, code: 'auth/unverified-email' });
    const row = await server.store.db
      .selectFrom('users')
      .select(['google_sub', 'password_hash'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row.google_sub).toBeNull();
    expect(row.password_hash).toBe(account.password_hash);
  });
});
