import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../auth/sessions';
import { createPasswordAccount, createUser, sessionCookieFor } from '../testing/factories';
import { startTestServer, type TestServer } from '../testing/harness';
import { pageTemplateRoot } from './support';

/**
 * The request log is for operators: what was asked, how it went, how long it took, with a request id
 * to follow one request. It must never hold what would let someone sign in as a person, or find them:
 * passwords, session tokens or cookies, OAuth codes and state, IP addresses, emails.
 */
let server: TestServer;
const lines: string[] = [];
const secrets: { label: string; value: string }[] = [];
let requestsMade = 0;
// The web app's pages too: the sign-in and submit forms without JavaScript post to them.
const template = pageTemplateRoot();
const FORM_PASSWORD = 'plain form password 5d2e';

const CLIENT_IP = '198.51.100.23';
const SIGN_UP_PASSWORD = 'correct horse battery staple';
const OAUTH_CODE = 'oauth-code-4f7b2c9e1d';
const OAUTH_STATE = 'oauth-state-8a1e6d3c5b';

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  server = await startTestServer({
    logStream: sink,
    webRoot: template.dir,
    env: {
      // Google "configured" against an address nothing answers on: the callback fails, and logs it.
      GOOGLE_CLIENT_ID: 'client-id-for-log-test',
      GOOGLE_CLIENT_SECRET: 'client-secret-for-log-test-3b9f',
      GOOGLE_ISSUER: 'http://127.0.0.1:9',
    },
  });
  secrets.push({ label: 'Google client secret', value: 'client-secret-for-log-test-3b9f' });
});

afterAll(async () => {
  await server.close();
  template.remove();
});

async function call(path: string, init: RequestInit = {}, cookie?: string): Promise<Response> {
  requestsMade += 1;
  const res = await server.fetch(path, {
    ...init,
    headers: {
      'x-forwarded-for': CLIENT_IP,
      'user-agent': 'LogTest/1.0',
      ...(cookie ? { cookie } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  await res.arrayBuffer();
  return res;
}

const post = (path: string, body: unknown, cookie?: string) =>
  call(path, { method: 'POST', body: JSON.stringify(body) }, cookie);

function tokenFrom(res: Response): string {
  const line = res.headers.getSetCookie().find((c) => c.startsWith('sid=')) ?? '';
  return line.slice('sid='.length).split(';')[0] ?? '';
}

describe('request logs', () => {
  beforeAll(async () => {
    const email = `log-${Date.now()}@example.org`;
    const signUp = await post('/api/auth/sign-up', { name: 'Log Person', email, password: SIGN_UP_PASSWORD });
    expect(signUp.status).toBe(201);
    const account = await createPasswordAccount(server.store);
    const signIn = await post('/api/auth/sign-in', { email: account.email, password: account.password });
    expect(signIn.status).toBe(200);
    const wrong = await post('/api/auth/sign-in', { email: account.email, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    const token = tokenFrom(signIn);
    const signUpToken = tokenFrom(signUp);
    expect(token).not.toBe('');
    expect((await call('/api/auth/session', {}, `sid=${token}`)).status).toBe(200);
    expect((await post('/api/auth/sign-out', {}, `sid=${token}`)).status).toBe(200);

    // The same, as plain forms: a sign-up, a wrong password, a refused submission.
    const formEmail = `log-form-${Date.now()}@example.org`;
    const form = (path: string, fields: Record<string, string>, cookie?: string) =>
      call(
        path,
        {
          method: 'POST',
          redirect: 'manual',
          body: new URLSearchParams(fields).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
        },
        cookie,
      );
    const formSignUp = await form('/auth?next=%2Fsubmit', {
      intent: 'signUp',
      name: 'Form Person',
      email: formEmail,
      password: FORM_PASSWORD,
    });
    expect(formSignUp.status).toBe(303);
    const formToken = tokenFrom(formSignUp);
    expect(
      (await form('/auth', { intent: 'signIn', email: formEmail, password: `${FORM_PASSWORD}-wrong` }))
        .status,
    ).toBe(401);
    expect((await form('/submit', { title: formEmail }, `sid=${formToken}`)).status).toBe(400);

    const user = await createUser(server.store);
    const factoryCookie = await sessionCookieFor(server.store, user);
    // Errors that are not the server's fault: validation, not found, unauthenticated.
    expect((await post('/api/events', { title: '' }, factoryCookie)).status).toBe(400);
    expect((await call('/api/events/AAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await post('/api/moderation/events/AAAAAAAAAAAAAAAA/approve', {})).status).toBe(401);
    expect((await call(`/api/events?search=${encodeURIComponent(email)}`)).status).toBe(200);
    // The Google callback with a code and state in its query; the provider is unreachable.
    const callback = await call(`/api/auth/google/callback?code=${OAUTH_CODE}&state=${OAUTH_STATE}`, {
      headers: { cookie: 'oidc_flow=sealed-flow-cookie-value-77c1' },
    });
    expect(callback.status).toBeGreaterThanOrEqual(400);

    secrets.push(
      { label: 'sign-up password', value: SIGN_UP_PASSWORD },
      { label: 'sign-in password', value: account.password },
      { label: 'wrong password', value: 'not-the-password' },
      { label: 'session token', value: token },
      { label: 'sign-up session token', value: signUpToken },
      { label: 'session id as stored', value: hashToken(token) },
      { label: 'factory session token', value: factoryCookie.slice('sid='.length) },
      { label: 'OAuth code', value: OAUTH_CODE },
      { label: 'OAuth state', value: OAUTH_STATE },
      { label: 'flow cookie', value: 'sealed-flow-cookie-value-77c1' },
      { label: 'email', value: email },
      { label: 'email', value: account.email },
      { label: 'form email', value: formEmail },
      { label: 'form password', value: FORM_PASSWORD },
      { label: 'form session token', value: formToken },
      { label: 'client IP', value: CLIENT_IP },
      { label: 'cookie header', value: 'sid=' },
    );
  });

  it('writes one JSON line per request with its id, method, path, status and time', () => {
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = entries.filter((e) => e.msg === 'request completed');
    expect(requests.length).toBe(requestsMade);
    const ids = new Set<unknown>();
    for (const entry of requests) {
      expect(entry.reqId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      ids.add(entry.reqId);
      expect(typeof entry.method).toBe('string');
      expect(entry.path).toMatch(/^\/[^?]*$/);
      expect(typeof entry.statusCode).toBe('number');
      expect(typeof entry.responseTime).toBe('number');
      expect(entry.level).toBe(30);
    }
    expect(ids.size).toBe(requests.length);
    const seen = requests.map((e) => `${e.method} ${e.path} ${e.statusCode}`);
    expect(seen).toContain('POST /api/auth/sign-in 401');
    expect(seen).toContain('POST /api/auth/sign-out 200');
    expect(seen).toContain('GET /api/events/AAAAAAAAAAAAAAAA 404');
    expect(seen.some((s) => s.startsWith('GET /api/auth/google/callback '))).toBe(true);
  });

  it('never logs passwords, session tokens, cookies, OAuth codes, emails or IP addresses', () => {
    expect(lines.length).toBeGreaterThan(10);
    const all = lines.join('\n');
    for (const { label, value } of secrets) {
      expect(all.includes(value), `${label} in the log`).toBe(false);
      expect(all.includes(encodeURIComponent(value)), `${label} (URL-encoded) in the log`).toBe(false);
    }
    // The server's own listening address is not a person's.
    for (const line of lines.filter((l) => !l.includes('"msg":"Server listening at'))) {
      expect(line, 'an IPv4 address').not.toMatch(/\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/);
      expect(line, 'an IPv6 loopback or mapped address').not.toMatch(/::1\b|::ffff:/i);
      const entry = JSON.parse(line) as Record<string, unknown>;
      for (const field of ['ip', 'remoteAddress', 'headers', 'cookie', 'query', 'body', 'url']) {
        expect(entry[field], `${field} in ${line.slice(0, 200)}`).toBeUndefined();
      }
    }
  });
});
