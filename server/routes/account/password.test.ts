import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_SENT } from '../../../common/schemas/account';
import { createEmailToken, EMAIL_TOKEN_TTL_MS } from '../../auth/emailTokens';
import { hashToken } from '../../auth/sessions';
import { runAdmin } from '../../cli/run';
import { freshIp } from '../../security/support';
import { createPasswordAccount, createUser, sessionCookieFor } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';
import {
  linkToken,
  type MailTestSetup,
  outboxRows,
  postJson,
  sessionCookieOf,
  sessionUserOf,
  startServerWithMail,
} from '../../testing/mail';
import { linkIn } from '../../testing/smtp';
import { awayFromWindowEdge } from '../../testing/windows';
import { EMAIL_RATE_RULES } from './rateLimits';

let mail: MailTestSetup;
let server: TestServer;

beforeAll(async () => {
  mail = await startServerWithMail();
  server = mail.server;
});
afterAll(() => mail.close());

let n = 0;
const newEmail = () => `reset${++n}-${Date.now()}@example.org`;

describe('Forgot password?', () => {
  it('answers the same whether or not the address has an account, and mails only the one that has', async () => {
    const account = await createPasswordAccount(server.store, { email: newEmail() });
    const unknown = newEmail();
    const answers = [];
    for (const email of [account.email, unknown]) {
      const res = await postJson(server, '/api/auth/forgot-password', { email }, { ip: freshIp() });
      answers.push({ status: res.status, body: await res.json(), cache: res.headers.get('cache-control') });
    }
    expect(answers[0]).toEqual({
      status: 202,
      body: { ok: true, message: FORGOT_PASSWORD_SENT },
      cache: 'no-store',
    });
    expect(answers[1]).toEqual(answers[0]);

    const received = await mail.smtp.waitFor((m) => m.to === account.email);
    expect(received.subject).toBe('Set a new password for Palestine Solidarity Calendar');
    expect(linkIn(received, '/reset-password')).toMatch(
      new RegExp(`^${server.url}/reset-password#token=[\\w-]{43}$`),
    );
    // Nothing was ever written for the address without an account.
    expect((await outboxRows(server)).map((r) => r.to_address)).not.toContain(unknown);
  });

  it('sends a link that sets the password once, ends every session, proves the address and signs in', async () => {
    const account = await createPasswordAccount(server.store, {
      email: newEmail(),
      password: 'old password',
    });
    const phone = await sessionCookieFor(server.store, account);
    const laptop = await sessionCookieFor(server.store, account);
    await postJson(server, '/api/auth/forgot-password', { email: account.email }, { ip: freshIp() });
    const link = linkIn(await mail.smtp.waitFor((m) => m.to === account.email), '/reset-password');
    // Only the token's hash is stored.
    const stored = await server.store.db
      .selectFrom('email_tokens')
      .select('id')
      .where('user_id', '=', account.id)
      .execute();
    expect(stored.map((r) => r.id)).toEqual([hashToken(linkToken(link))]);

    const res = await postJson(server, '/api/auth/reset-password', {
      token: linkToken(link),
      password: 'new password',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { id: string; emailVerified: boolean } };
    expect(body.user).toMatchObject({ id: account.id, emailVerified: true });
    const cookie = sessionCookieOf(res);
    expect((await sessionUserOf(server, cookie))?.id).toBe(account.id);
    expect(await sessionUserOf(server, phone)).toBeNull();
    expect(await sessionUserOf(server, laptop)).toBeNull();

    const signIn = (password: string) =>
      postJson(server, '/api/auth/sign-in', { email: account.email, password }, { ip: freshIp() });
    expect((await signIn('old password')).status).toBe(401);
    expect((await signIn('new password')).status).toBe(200);

    const again = await postJson(server, '/api/auth/reset-password', {
      token: linkToken(link),
      password: 'third password',
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error: {
        code: 'link_expired',
        message: 'This link has expired or has already been used. Ask for a new one.',
        messageCode: 'account.linkExpired',
      },
    });
    expect((await signIn('new password')).status).toBe(200);
  });

  it('refuses a link older than an hour, an unknown one and a malformed one, changing nothing', async () => {
    const account = await createPasswordAccount(server.store, {
      email: newEmail(),
      password: 'kept password',
    });
    const old = await createEmailToken(server.store.db, {
      userId: account.id,
      email: account.email,
      purpose: 'reset',
      now: Date.now() - EMAIL_TOKEN_TTL_MS.reset - 1000,
    });
    const unknown = 'A'.repeat(43);
    for (const token of [old, unknown]) {
      const res = await postJson(
        server,
        '/api/auth/reset-password',
        { token, password: 'taken over' },
        { ip: freshIp() },
      );
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('link_expired');
    }
    const malformed = await postJson(server, '/api/auth/reset-password', {
      token: 'short',
      password: 'taken over',
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
    const signIn = await postJson(
      server,
      '/api/auth/sign-in',
      { email: account.email, password: 'kept password' },
      { ip: freshIp() },
    );
    expect(signIn.status).toBe(200);
  });

  it('asks for a new password of at least 6 characters, keeping the link usable', async () => {
    const account = await createPasswordAccount(server.store, { email: newEmail() });
    const token = await createEmailToken(server.store.db, {
      userId: account.id,
      email: account.email,
      purpose: 'reset',
    });
    const weak = await postJson(server, '/api/auth/reset-password', { token, password: '12345' });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({
      error: { fields: { password: 'Password must be at least 6 characters' } },
    });
    expect((await postJson(server, '/api/auth/reset-password', { token, password: '123456' })).status).toBe(
      200,
    );
  });

  it('limits requests per address (whether or not it has an account) and per IP address', async () => {
    const addressRule = EMAIL_RATE_RULES.forgotPasswordAddress;
    await awayFromWindowEdge(addressRule.windowMs);
    for (const email of [
      newEmail(),
      (await createPasswordAccount(server.store, { email: newEmail() })).email,
    ]) {
      const statuses = [];
      for (let i = 0; i <= addressRule.limit; i++) {
        statuses.push(
          (await postJson(server, '/api/auth/forgot-password', { email }, { ip: freshIp() })).status,
        );
      }
      expect(statuses).toEqual([...Array(addressRule.limit).fill(202), 429]);
    }
    const ipRule = EMAIL_RATE_RULES.forgotPasswordIp;
    const ip = freshIp();
    for (let i = 0; i < ipRule.limit; i++) {
      expect(
        (await postJson(server, '/api/auth/forgot-password', { email: newEmail() }, { ip })).status,
      ).toBe(202);
    }
    const blocked = await postJson(server, '/api/auth/forgot-password', { email: newEmail() }, { ip });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await blocked.json()).toEqual({
      error: { code: 'rate_limited', message: ipRule.message, messageCode: 'rateLimit.requestsNetwork' },
    });
  });
});

describe('without email (no SMTP_URL)', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
  });
  afterAll(() => plain.close());

  it('has no "Forgot password?"; the operator prints a one-time link instead, which works once', async () => {
    const account = await createPasswordAccount(plain.store, {
      email: newEmail(),
      password: 'forgotten one',
    });
    const forgot = await postJson(plain, '/api/auth/forgot-password', { email: account.email });
    expect(forgot.status).toBe(404);
    expect(((await forgot.json()) as { error: { code: string } }).error.code).toBe('mail_disabled');
    expect(await outboxRows(plain)).toEqual([]);

    const out: string[] = [];
    const code = await runAdmin(['reset-link', account.email.toUpperCase()], {
      store: plain.store,
      env: plain.env,
      out: (line) => out.push(line),
      err: (line) => out.push(line),
    });
    expect(code).toBe(0);
    const link = out.find((line) => line.includes('/reset-password#token=')) ?? '';
    expect(link).toMatch(/^http:\/\/localhost:0\/reset-password#token=[\w-]{43}$/);
    const use = () =>
      postJson(plain, '/api/auth/reset-password', { token: linkToken(link), password: 'remembered' });
    expect((await use()).status).toBe(200);
    expect((await use()).status).toBe(400);

    // For someone who reads the site in Arabic, the page it opens speaks Arabic.
    const arabic = await createUser(plain.store, { language: 'ar' });
    const lines: string[] = [];
    await runAdmin(['reset-link', arabic.email], {
      store: plain.store,
      env: plain.env,
      out: (line) => lines.push(line),
      err: (line) => lines.push(line),
    });
    expect(lines.find((line) => line.includes('/reset-password'))).toMatch(
      /^http:\/\/localhost:0\/reset-password\?lang=ar#token=[\w-]{43}$/,
    );

    const unknown = await runAdmin(['reset-link', 'nobody@example.org'], {
      store: plain.store,
      env: plain.env,
      out: () => {},
      err: () => {},
    });
    expect(unknown).toBe(1);
  });
});
