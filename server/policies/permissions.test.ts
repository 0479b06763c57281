import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStatus } from '../../common/enums';
import type { SessionResponse } from '../../common/schemas/auth';
import type { EventDto, EventList } from '../../common/schemas/events';
import { createEvent, createModerator, createUser, sessionCookieFor } from '../testing/factories';
import { startTestServer, type TestServer } from '../testing/harness';

/**
 * `can` in every answer, as the server's policies decide it: what the web app shows is what the
 * server would accept (server/policies/permissions.ts).
 */
let server: TestServer;
beforeAll(async () => {
  // Email on, so REQUIRE_VERIFIED_EMAIL holds (the mail server is never reached in these tests).
  server = await startTestServer({
    env: { SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'calendar@example.org' },
  });
});
afterAll(() => server.close());

const get = async <T>(path: string, cookie?: string): Promise<T> => {
  const res = await server.fetch(path, cookie ? { headers: { cookie } } : {});
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};

describe('can', () => {
  it('says who may report an event, and never the submitter of a pending one', async () => {
    const submitter = await createUser(server.store, { emailVerified: true });
    const other = await createUser(server.store, { emailVerified: true });
    const unconfirmed = await createUser(server.store);
    const moderator = await createModerator(server.store, { emailVerified: true });
    const cookie = {
      submitter: await sessionCookieFor(server.store, submitter),
      other: await sessionCookieFor(server.store, other),
      unconfirmed: await sessionCookieFor(server.store, unconfirmed),
      moderator: await sessionCookieFor(server.store, moderator),
    };
    const event = (status: EventStatus) => createEvent(server.store, { status, createdBy: submitter.id });
    const approved = await event('approved');
    const pending = await event('pending');

    const can = async (id: string, who?: keyof typeof cookie) =>
      (await get<EventDto>(`/api/events/${id}`, who ? cookie[who] : undefined)).can;
    const none = { edit: false, withdraw: false, schedule: false };
    expect(await can(approved.id)).toEqual({ report: 'sign_in', moderate: false, ...none });
    expect(await can(approved.id, 'other')).toEqual({ report: true, moderate: false, ...none });
    expect(await can(approved.id, 'unconfirmed')).toEqual({
      report: 'confirm_email',
      moderate: false,
      ...none,
    });
    // Its submitter and the moderators edit it and change its schedule (docs/PRODUCT.md#my-events).
    const published = { edit: true, withdraw: false, schedule: true };
    expect(await can(approved.id, 'submitter')).toEqual({ report: true, moderate: false, ...published });
    expect(await can(approved.id, 'moderator')).toEqual({ report: true, moderate: true, ...published });
    // Their own pending event: nothing to report (the server would answer 404); edit or withdraw it.
    const waiting = { edit: true, withdraw: true, schedule: false };
    expect(await can(pending.id, 'submitter')).toEqual({ report: false, moderate: false, ...waiting });
    expect(await can(pending.id, 'moderator')).toEqual({ report: false, moderate: true, ...waiting });
    const refused = await server.fetch(`/api/events/${pending.id}/reports`, {
      method: 'POST',
      headers: { cookie: cookie.submitter, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'spam' }),
    });
    expect(refused.status).toBe(404);

    // The listing carries it too, per viewer.
    const listed = await get<EventList>('/api/events?pageSize=100', cookie.other);
    expect(listed.events.find((e) => e.id === approved.id)?.can.report).toBe(true);
  });

  it('says what the app allows: submit and the dashboard', async () => {
    const confirmed = await sessionCookieFor(
      server.store,
      await createUser(server.store, { emailVerified: true }),
    );
    const unconfirmed = await sessionCookieFor(server.store, await createUser(server.store));
    const moderator = await sessionCookieFor(
      server.store,
      await createModerator(server.store, { emailVerified: true }),
    );
    expect((await get<SessionResponse>('/api/auth/session')).can).toEqual({
      submit: 'sign_in',
      moderate: false,
    });
    expect((await get<SessionResponse>('/api/auth/session', confirmed)).can).toEqual({
      submit: true,
      moderate: false,
    });
    expect((await get<SessionResponse>('/api/auth/session', unconfirmed)).can).toEqual({
      submit: 'confirm_email',
      moderate: false,
    });
    expect((await get<SessionResponse>('/api/auth/session', moderator)).can).toEqual({
      submit: true,
      moderate: true,
    });
  });
});
