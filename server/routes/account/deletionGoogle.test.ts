import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionResponse } from '../../../common/schemas/auth';
import { hashToken, REAUTHENTICATION_WINDOW_MS } from '../../auth/sessions';
import { freshIp } from '../../security/support';
import { createPasswordAccount, sessionCookieFor } from '../../testing/factories';
import { cookiePair, resultOf, startGoogleTestServer, walkGoogleFlow } from '../../testing/googleFlow';
import type { GoogleIdentity, GoogleTestProvider } from '../../testing/googleTestProvider';
import type { TestServer } from '../../testing/harness';
import { postJson } from '../../testing/mail';
import { ACCOUNT_DELETED_MESSAGE } from './deletion';

/**
 * Deleting an account that signs in with Google only (docs/PRODUCT.md#deleting-an-account): no password
 * to ask for, so this session must have signed in to Google again (prompt=login) with the Google account
 * linked to it, within the last five minutes. Walked over HTTP against a local OpenID Connect provider.
 */
let provider: GoogleTestProvider;
let server: TestServer;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ provider, server, stop } = await startGoogleTestServer());
});
afterAll(async () => {
  await stop?.();
});
afterEach(() => {
  vi.useRealTimers();
});

type ErrorBody = { error: { code: string; message: string } };

let people = 0;
function identity(overrides: Partial<GoogleIdentity> = {}): GoogleIdentity {
  people += 1;
  return {
    sub: `reauth-sub-${people}-${Date.now()}`,
    email: `reauth-${people}-${Date.now()}@gmail.example`,
    email_verified: true,
    name: `Reauth Person ${people}`,
    ...overrides,
  };
}

/** A Google-only account, signed in with Google the way the pop-up does it: its session cookie. */
async function signUpWithGoogle(who: GoogleIdentity) {
  provider.setIdentity(who);
  const flow = await walkGoogleFlow(server, '/api/auth/google/start', { ip: freshIp() });
  expect(flow.result).toEqual({ ok: true });
  const res = await server.fetch('/api/auth/session', { headers: { cookie: flow.session } });
  const user = ((await res.json()) as SessionResponse).user;
  if (!user) throw new Error('not signed in');
  return { id: user.id, session: flow.session };
}

/** "Confirm with Google" from the account page, as `who` at Google. */
function reauthenticate(session: string, who: GoogleIdentity, sessionAtCallback?: string) {
  provider.setIdentity(who);
  return walkGoogleFlow(server, '/api/auth/google/reauthenticate', {
    session,
    sessionAtCallback,
    ip: freshIp(),
  });
}

const deleteAccount = (session: string, body: unknown = {}) =>
  postJson(server, '/api/account/delete', body, { cookie: session });

const deletedAt = async (id: string) =>
  (
    await server.store.db
      .selectFrom('users')
      .select('deleted_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).deleted_at;

const reauthenticatedAt = async (session: string) =>
  (
    await server.store.db
      .selectFrom('sessions')
      .select('reauthenticated_at')
      .where('id', '=', hashToken(session.slice('sid='.length)))
      .executeTakeFirstOrThrow()
  ).reauthenticated_at;

async function expectReauthenticationRequired(session: string, body: unknown = {}) {
  const res = await deleteAccount(session, body);
  expect(res.status, JSON.stringify(body)).toBe(403);
  const { error } = (await res.json()) as ErrorBody;
  expect(error.code).toBe('reauthentication_required');
  expect(error.message).toBe(
    'Confirm with Google first: deleting your account needs you to have signed in to Google again within the last 5 minutes.',
  );
}

describe('GET /api/auth/google/reauthenticate', () => {
  it('sends the signed-in person to Google to sign in again (prompt=login, max_age=0), with PKCE, state and nonce', async () => {
    const who = identity();
    const { session } = await signUpWithGoogle(who);
    const res = await server.fetch('/api/auth/google/reauthenticate', {
      redirect: 'manual',
      headers: { cookie: session, 'x-forwarded-for': freshIp() },
    });
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('location') ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/authorize`);
    const q = url.searchParams;
    expect(q.get('prompt')).toBe('login');
    expect(q.get('max_age')).toBe('0');
    expect(q.get('redirect_uri')).toBe(`${server.url}/api/auth/google/callback`);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{20,}$/);
    // Nothing in the address says what the flow is for: the sealed cookie does.
    expect([...q.keys()].sort()).toEqual(
      [
        'client_id',
        'code_challenge',
        'code_challenge_method',
        'max_age',
        'nonce',
        'prompt',
        'redirect_uri',
        'response_type',
        'scope',
        'state',
      ].sort(),
    );
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('oidc_flow=')) ?? '';
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Path=\/api\/auth\/google/);
    // A sign-in still lets the person choose an account, and asks for no fresh sign-in.
    const signIn = await server.fetch('/api/auth/google/start', {
      redirect: 'manual',
      headers: { 'x-forwarded-for': freshIp() },
    });
    const signInQuery = new URL(signIn.headers.get('location') ?? '').searchParams;
    expect(signInQuery.get('prompt')).toBe('select_account');
    expect(signInQuery.has('max_age')).toBe(false);
  });

  it('asks a visitor to sign in, and refuses an account that is not linked to Google', async () => {
    const visitor = await server.fetch('/api/auth/google/reauthenticate', { redirect: 'manual' });
    expect(visitor.status).toBe(401);
    expect(resultOf(await visitor.text())).toMatchObject({
      ok: false,
      code: 'unauthenticated',
      purpose: 'reauthenticate',
    });
    expect(cookiePair(visitor, 'oidc_flow')).toBe('');

    const account = await createPasswordAccount(server.store, { password: 'my password' });
    const res = await server.fetch('/api/auth/google/reauthenticate', {
      redirect: 'manual',
      headers: { cookie: await sessionCookieFor(server.store, account) },
    });
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(resultOf(html)).toEqual({
      ok: false,
      code: 'auth/no-google-account',
      message: 'Your account is not linked to a Google account.',
      purpose: 'reauthenticate',
    });
    expect(html).toContain('<a href="/account">Back to your account</a>');
  });
});

describe('POST /api/account/delete, for an account that signs in with Google only', () => {
  it('is refused (403 reauthentication_required) until this session confirms with Google; typing the address no longer does', async () => {
    const who = identity();
    const { id, session } = await signUpWithGoogle(who);
    await expectReauthenticationRequired(session);
    await expectReauthenticationRequired(session, { email: who.email });
    await expectReauthenticationRequired(session, { password: 'a guess' });
    expect(await deletedAt(id)).toBeNull();
    // Signing in with Google again is no re-authentication: Google may not have asked for anything.
    provider.setIdentity(who);
    const again = await walkGoogleFlow(server, '/api/auth/google/start', { session, ip: freshIp() });
    expect(again.result).toEqual({ ok: true });
    await expectReauthenticationRequired(again.session);
    expect(await deletedAt(id)).toBeNull();
  });

  it('is done once this session signed in to Google again with the linked Google account', async () => {
    const who = identity();
    const { id, session } = await signUpWithGoogle(who);
    const elsewhere = await sessionCookieFor(server.store, { id });

    const flow = await reauthenticate(session, who);
    expect(flow.callback.status).toBe(200);
    expect(flow.result).toEqual({ ok: true, purpose: 'reauthenticate' });
    expect(flow.html).toContain('You are confirmed. You can close this window.');
    expect(flow.html).toContain('<script src="/auth-popup.js" defer></script>');
    // The same session, marked; no new one.
    expect(flow.session).toBe('');
    expect(await reauthenticatedAt(session)).toEqual(expect.any(Number));
    // Only this session: another of the same account is not confirmed by it.
    expect(await reauthenticatedAt(elsewhere)).toBeNull();
    await expectReauthenticationRequired(elsewhere);

    const res = await deleteAccount(session);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, message: ACCOUNT_DELETED_MESSAGE });
    expect(await deletedAt(id)).toEqual(expect.any(Number));
    const gone = await server.store.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', id)
      .execute();
    expect(gone).toEqual([]);
  });

  it('refuses a re-authentication with another Google account: nothing is marked, created or deleted', async () => {
    const who = identity();
    const { id, session } = await signUpWithGoogle(who);
    const someoneElse = identity();
    const flow = await reauthenticate(session, someoneElse);
    expect(flow.callback.status).toBe(403);
    expect(flow.result).toEqual({
      ok: false,
      code: 'auth/reauthentication-other-account',
      message:
        'This is not the Google account you sign in with here. Nothing was changed: confirm with the Google account linked to your account.',
      purpose: 'reauthenticate',
    });
    expect(flow.session).toBe('');
    expect(await reauthenticatedAt(session)).toBeNull();
    // The other Google account got no account here, and this browser is still who it was.
    const created = await server.store.db
      .selectFrom('users')
      .select('id')
      .where('google_sub', '=', someoneElse.sub)
      .execute();
    expect(created).toEqual([]);
    const me = await server.fetch('/api/auth/session', { headers: { cookie: session } });
    expect(((await me.json()) as SessionResponse).user?.id).toBe(id);

    await expectReauthenticationRequired(session);
    expect(await deletedAt(id)).toBeNull();
  });

  it('refuses a re-authentication whose Google sign-in is older than the window (auth_time), and takes a recent one', async () => {
    const who = identity();
    const { id, session } = await signUpWithGoogle(who);
    const now = Math.floor(Date.now() / 1000);
    const stale = await reauthenticate(session, { ...who, auth_time: now - 6 * 60 });
    expect(stale.callback.status).toBe(403);
    expect(stale.result).toMatchObject({
      ok: false,
      code: 'auth/reauthentication-too-old',
      purpose: 'reauthenticate',
    });
    expect(await reauthenticatedAt(session)).toBeNull();
    await expectReauthenticationRequired(session);

    const fresh = await reauthenticate(session, { ...who, auth_time: now - 10 });
    expect(fresh.result).toEqual({ ok: true, purpose: 'reauthenticate' });
    expect((await deleteAccount(session)).status).toBe(200);
    expect(await deletedAt(id)).not.toBeNull();
  });

  it('refuses to delete once the re-authentication is more than 5 minutes old, and deletes within them', async () => {
    const late = identity();
    const lateAccount = await signUpWithGoogle(late);
    expect((await reauthenticate(lateAccount.session, late)).result.ok).toBe(true);
    const onTime = identity();
    const onTimeAccount = await signUpWithGoogle(onTime);
    expect((await reauthenticate(onTimeAccount.session, onTime)).result.ok).toBe(true);
    const confirmed = Date.now();

    // Only the clock moves on (timers stay real, so the server keeps answering).
    vi.useFakeTimers({ toFake: ['Date'], now: confirmed + REAUTHENTICATION_WINDOW_MS + 1000 });
    await expectReauthenticationRequired(lateAccount.session);
    expect(await deletedAt(lateAccount.id)).toBeNull();

    vi.setSystemTime(confirmed + REAUTHENTICATION_WINDOW_MS - 60_000);
    expect((await deleteAccount(onTimeAccount.session)).status).toBe(200);
    expect(await deletedAt(onTimeAccount.id)).not.toBeNull();
  });

  it('refuses a re-authentication that comes back to another signed-in account, or to no session', async () => {
    const who = identity();
    const first = await signUpWithGoogle(who);
    const other = await signUpWithGoogle(identity());
    // Started as the first account, but this browser is signed in as the other one when it comes back.
    const switched = await reauthenticate(first.session, who, other.session);
    expect(switched.result).toMatchObject({
      ok: false,
      code: 'auth/invalid-state',
      purpose: 'reauthenticate',
    });
    expect(await reauthenticatedAt(first.session)).toBeNull();
    expect(await reauthenticatedAt(other.session)).toBeNull();

    // Signed out meanwhile.
    const signedOut = await reauthenticate(first.session, who, 'sid=');
    expect(signedOut.callback.status).toBe(401);
    expect(signedOut.result).toMatchObject({ ok: false, code: 'unauthenticated', purpose: 'reauthenticate' });
    expect(await reauthenticatedAt(first.session)).toBeNull();
  });
});
