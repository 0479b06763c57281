import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailSettings } from '../../../common/schemas/account';
import type { ApiError } from '../../../common/schemas/errors';
import { CONFIRM_EMAIL_FIRST } from '../../policies/email';
import { freshIp } from '../../security/support';
import {
  createEvent,
  createModerator,
  createUser,
  sessionCookieFor,
  validEventInput,
} from '../../testing/factories';
import type { TestServer } from '../../testing/harness';
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
const newEmail = () => `verify${++n}-${Date.now()}@example.org`;

async function signUp(target: TestServer, email: string) {
  const res = await postJson(
    target,
    '/api/auth/sign-up',
    { name: 'New Organiser', email, password: 'long enough' },
    { ip: freshIp() },
  );
  expect(res.status).toBe(201);
  return sessionCookieOf(res);
}

describe('confirming the address after a password sign-up', () => {
  it('mails a link; until it is opened the person may sign in but not submit or report', async () => {
    const email = newEmail();
    const cookie = await signUp(server, email);
    expect(await sessionUserOf(server, cookie)).toMatchObject({
      email,
      emailVerified: false,
      mustConfirmEmail: true,
    });
    const first = await mail.smtp.waitFor((m) => m.to === email);
    expect(first.subject).toBe('Confirm your email address for Palestine Solidarity Calendar');

    const submit = await postJson(server, '/api/events', validEventInput({ title: 'Before confirming' }), {
      cookie,
    });
    expect(submit.status).toBe(403);
    expect(await submit.json()).toEqual({
      error: {
        code: 'email_unverified',
        message: CONFIRM_EMAIL_FIRST,
        messageCode: 'account.confirmEmailFirst',
      },
    });
    const event = await createEvent(server.store);
    const report = await postJson(server, `/api/events/${event.id}/reports`, { reason: 'spam' }, { cookie });
    expect(report.status).toBe(403);
    expect(
      await server.store.db
        .selectFrom('events')
        .select('id')
        .where('title', '=', 'Before confirming')
        .execute(),
    ).toEqual([]);

    // "Send the link again"; the newest link confirms, and the older one is then void.
    const again = await postJson(server, '/api/account/email/verification', {}, { cookie });
    expect(again.status).toBe(202);
    const second = await mail.smtp.waitFor((m) => m.to === email && m.messageId !== first.messageId);
    const confirmed = await postJson(server, '/api/auth/verify-email', {
      token: linkToken(linkIn(second, '/verify-email')),
    });
    expect(confirmed.status).toBe(200);
    expect(await sessionUserOf(server, cookie)).toMatchObject({
      emailVerified: true,
      mustConfirmEmail: false,
    });
    const stale = await postJson(server, '/api/auth/verify-email', {
      token: linkToken(linkIn(first, '/verify-email')),
    });
    expect(stale.status).toBe(400);

    expect(
      (await postJson(server, '/api/events', validEventInput({ title: 'After confirming' }), { cookie }))
        .status,
    ).toBe(201);
    expect(
      (await postJson(server, `/api/events/${event.id}/reports`, { reason: 'spam' }, { cookie })).status,
    ).toBe(201);
    const already = await postJson(server, '/api/account/email/verification', {}, { cookie });
    expect(already.status).toBe(409);
  });

  it('limits "Send the link again" per account, and asks a visitor to sign in', async () => {
    await awayFromWindowEdge(EMAIL_RATE_RULES.resendVerification.windowMs);
    const email = newEmail();
    const cookie = await signUp(server, email);
    const answers = [];
    for (let i = 0; i < 4; i++) {
      answers.push(await postJson(server, '/api/account/email/verification', {}, { cookie }));
    }
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 429]);
    // It says when another can be asked for, from the wait it gives as Retry-After.
    const refused = answers[3] as Response;
    const minutes = Math.ceil(Number(refused.headers.get('retry-after')) / 60);
    expect(((await refused.json()) as ApiError).error.message).toBe(
      `We already sent you several links this hour. Please look in your inbox and spam folder; you can ask for another in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
    expect((await postJson(server, '/api/account/email/verification', {})).status).toBe(401);
  });

  it('lets unconfirmed people submit and report when REQUIRE_VERIFIED_EMAIL=false (the link is still sent)', async () => {
    const relaxed = await startServerWithMail({ env: { REQUIRE_VERIFIED_EMAIL: 'false' } });
    try {
      const email = newEmail();
      const cookie = await signUp(relaxed.server, email);
      expect(await sessionUserOf(relaxed.server, cookie)).toMatchObject({
        emailVerified: false,
        mustConfirmEmail: false,
      });
      expect(
        (
          await postJson(
            relaxed.server,
            '/api/events',
            validEventInput({ title: 'Unconfirmed but allowed' }),
            { cookie },
          )
        ).status,
      ).toBe(201);
      await relaxed.smtp.waitFor((m) => m.to === email);
    } finally {
      await relaxed.close();
    }
  });
});

describe('email settings of the account page', () => {
  const settings = async (cookie: string) => {
    const res = await server.fetch('/api/account/email', { headers: { cookie } });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    return { status: res.status, body: (await res.json()) as EmailSettings };
  };

  it('shows the submitter kinds to everyone (on by default) and the moderators’ kinds to moderators (off)', async () => {
    const user = await createUser(server.store, { emailVerified: true });
    const { body } = await settings(await sessionCookieFor(server.store, user));
    expect(body).toEqual({
      mailEnabled: true,
      email: user.email,
      emailVerified: true,
      notifications: [
        { kind: 'event_approved', enabled: true },
        { kind: 'event_rejected', enabled: true },
        { kind: 'event_removed', enabled: true },
        { kind: 'change_accepted', enabled: true },
        { kind: 'change_rejected', enabled: true },
        { kind: 'event_called_off', enabled: true },
      ],
    });
    const moderator = await createModerator(server.store);
    const forModerator = await settings(await sessionCookieFor(server.store, moderator));
    expect(forModerator.body.emailVerified).toBe(false);
    expect(forModerator.body.notifications.slice(6)).toEqual([
      { kind: 'new_submission', enabled: false },
      { kind: 'new_report', enabled: false },
      { kind: 'daily_digest', enabled: false },
    ]);
    expect((await server.fetch('/api/account/email')).status).toBe(401);
  });

  it('saves choices per kind, refuses moderators’ kinds to others and unknown kinds', async () => {
    const user = await createUser(server.store);
    const cookie = await sessionCookieFor(server.store, user);
    const save = (notifications: unknown) =>
      postJson(server, '/api/account/email/preferences', { notifications }, { cookie });
    const saved = await save({ event_rejected: false });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as EmailSettings).notifications).toContainEqual({
      kind: 'event_rejected',
      enabled: false,
    });
    expect((await settings(cookie)).body.notifications).toContainEqual({
      kind: 'event_rejected',
      enabled: false,
    });
    expect((await save({ event_rejected: true })).status).toBe(200);
    expect((await settings(cookie)).body.notifications).toContainEqual({
      kind: 'event_rejected',
      enabled: true,
    });

    const forbidden = await save({ new_submission: true });
    expect(forbidden.status).toBe(403);
    expect((await save({ marketing: true })).status).toBe(400);
    expect((await save({ event_approved: 'yes' })).status).toBe(400);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('is in the headers of each notification; opening the link asks, a POST from anywhere unsubscribes', async () => {
    const submitter = await createUser(server.store, { emailVerified: true });
    const moderator = await createModerator(server.store);
    const modCookie = await sessionCookieFor(server.store, moderator);
    const approve = async () => {
      const event = await createEvent(server.store, { status: 'pending', createdBy: submitter.id });
      const res = await postJson(
        server,
        `/api/moderation/events/${event.id}/approve`,
        { verified: false },
        { cookie: modCookie },
      );
      expect(res.status).toBe(200);
      return event;
    };
    const first = await approve();
    const received = await mail.smtp.waitFor((m) => m.to === submitter.email && m.text.includes(first.title));
    const link = linkIn(received, '/unsubscribe');
    expect(received.header('List-Unsubscribe')).toBe(`<${link}>`);
    expect(received.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const path = link.slice(server.url.length);

    const page = await server.fetch(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain('Stop these emails?');
    expect(html).toContain('Your event is approved');
    expect(html).toMatch(/<form method="post" action="\/unsubscribe\?token=[\w-]{43}">/);
    const kindsOn = async () =>
      (
        await server.store.db
          .selectFrom('mail_preferences')
          .selectAll()
          .where('user_id', '=', submitter.id)
          .execute()
      ).map((r) => [r.kind, r.enabled]);
    expect(await kindsOn()).toEqual([]);

    // A mail provider's one-click POST: form-encoded, from its own servers (another origin).
    const oneClick = await server.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You are unsubscribed');
    expect(await kindsOn()).toEqual([['event_approved', 0]]);
    // Multipart, as some providers send it, and a second press: still fine, nothing more changes.
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    expect((await server.fetch(path, { method: 'POST', body: form })).status).toBe(200);
    // Opened again, the link says it is done rather than ask again.
    const again = await (await server.fetch(path)).text();
    expect(again).toContain('You are unsubscribed');
    expect(again).not.toContain('<form');

    const before = (await outboxRows(server)).length;
    await approve();
    expect((await outboxRows(server)).length).toBe(before);

    const bad = await server.fetch('/unsubscribe?token=nope', { method: 'POST' });
    expect(bad.status).toBe(404);
    expect(await bad.text()).toContain('This link no longer works');
    expect((await server.fetch(`/unsubscribe?token=${'B'.repeat(43)}`)).status).toBe(404);
  });
});
