import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '../../../common/schemas/events';
import type { LogList } from '../../../common/schemas/log';
import type { AuditTrail, ModerationList } from '../../../common/schemas/moderation';
import type { UserRow } from '../../store/schema';
import { apiClient, signedInModerator } from '../../testing/api';
import { createEvent, createUser, sessionCookieFor, validEventInput } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';

// Moderators act on any event (docs/PRODUCT.md#moderation): verify and remove a verification, with
// public log entries; an audit trail of every action, who and when; All Events searches.

let server: TestServer;
let moderator: UserRow;
let cookie: string;
let secondCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ user: moderator, cookie } = await signedInModerator(server.store, { name: 'Amal Moderator' }));
  secondCookie = (await signedInModerator(server.store, { name: 'Basel Moderator' })).cookie;
});
afterAll(() => server.close());

const { call } = apiClient(() => server);
const post = (path: string, body: unknown, as = cookie) => call(path, as, body);
const verify = (id: string, verified: boolean, as = cookie) =>
  post(`/api/moderation/events/${id}/verify`, { verified }, as);
const publicEvent = async (id: string) =>
  (await (await server.fetch(`/api/events/${id}`)).json()) as EventDto;

describe('POST /api/moderation/events/:id/verify', () => {
  it('undoes a mis-click on Approve & Verify, and says both in the public log without naming anyone', async () => {
    const submitter = await createUser(server.store);
    const event = await createEvent(server.store, {
      title: 'Verified by mistake',
      verified: true,
      createdBy: submitter.id,
    });
    const res = await verify(event.id, false);
    expect(res.status).toBe(200);
    expect((await publicEvent(event.id)).verified).toBe(false);
    expect((await verify(event.id, true)).status).toBe(200);
    expect((await publicEvent(event.id)).verified).toBe(true);

    // Its submitter reads the log entries about their event, never who acted.
    const submitterCookie = await sessionCookieFor(server.store, submitter);
    const log = (await (
      await server.fetch('/api/log?pageSize=100', { headers: { cookie: submitterCookie } })
    ).json()) as LogList;
    const entries = log.entries.filter((e) => e.eventId === event.id);
    expect(entries.map((e) => [e.action, e.reason])).toEqual([
      ['verified', ''],
      ['unverified', ''],
    ]);
    expect(JSON.stringify(entries)).not.toContain('Amal');
    expect(JSON.stringify(entries)).not.toContain(moderator.id);
  });

  it('lets exactly one of two moderators verifying at once do it; the other is told', async () => {
    const event = await createEvent(server.store, { title: 'Verified twice' });
    const answers = await Promise.all([verify(event.id, true), verify(event.id, true, secondCookie)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.status === 409) as Response;
    expect(((await loser.json()) as { error: { message: string } }).error.message).toBe(
      'This event is already verified, possibly by another moderator.',
    );
    const entries = await server.store.db
      .selectFrom('transparency_log')
      .select('action')
      .where('event_id', '=', event.id)
      .execute();
    expect(entries).toEqual([{ action: 'verified' }]);
  });

  it('refuses an event that is not published, and a stale version', async () => {
    const pending = await createEvent(server.store, { status: 'pending' });
    const res = await verify(pending.id, true);
    expect(res.status).toBe(409);
    const event = await createEvent(server.store);
    const stale = await post(`/api/moderation/events/${event.id}/verify`, { verified: true, version: 7 });
    expect(stale.status).toBe(409);
    expect((await publicEvent(event.id)).verified).toBe(false);
  });
});

describe('GET /api/moderation/events/:id/audit', () => {
  it('lists every moderation action on the event, who and when, oldest first', async () => {
    const submitter = await createUser(server.store);
    const submitterCookie = await sessionCookieFor(server.store, submitter);
    const created = await post('/api/events', validEventInput({ title: 'Audited' }), submitterCookie);
    const event = (await created.json()) as EventDto;
    expect((await post(`/api/moderation/events/${event.id}/approve`, { verified: true })).status).toBe(200);
    expect((await verify(event.id, false, secondCookie)).status).toBe(200);
    const edited = await post(`/api/events/${event.id}/edit`, {
      ...validEventInput({ title: 'Audited, fixed' }),
      version: 3,
    });
    expect(edited.status).toBe(200);
    expect(
      (await post(`/api/events/${event.id}/schedule`, { schedule: 'postponed', note: 'Rain' })).status,
    ).toBe(200);
    expect(
      (await post(`/api/moderation/events/${event.id}/remove`, { reason: 'Duplicate' }, secondCookie)).status,
    ).toBe(200);

    const res = await server.fetch(`/api/moderation/events/${event.id}/audit`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const trail = (await res.json()) as AuditTrail;
    expect(trail.entries.map((e) => [e.action, e.moderator.name, e.note])).toEqual([
      ['approved_verified', 'Amal Moderator', undefined],
      ['unverified', 'Basel Moderator', undefined],
      ['edited', 'Amal Moderator', undefined],
      ['schedule_postponed', 'Amal Moderator', 'Rain'],
      ['removed', 'Basel Moderator', 'Duplicate'],
    ]);
    const user = await sessionCookieFor(server.store, await createUser(server.store));
    expect(
      (await server.fetch(`/api/moderation/events/${event.id}/audit`, { headers: { cookie: user } })).status,
    ).toBe(403);
  });
});

describe('All Events search', () => {
  it('finds published events by their words, as the home page does', async () => {
    await createEvent(server.store, {
      title: 'Dabke night in Ramallah',
      city: 'Ramallah',
      country: 'Palestine',
    });
    await createEvent(server.store, { title: 'Film screening' });
    const list = async (search: string) =>
      (await (
        await server.fetch(
          `/api/moderation/events?tab=approved&pageSize=100&search=${encodeURIComponent(search)}`,
          {
            headers: { cookie },
          },
        )
      ).json()) as ModerationList;
    const found = await list('dabke ramallah');
    expect(found.items.map((i) => i.event.title)).toEqual(['Dabke night in Ramallah']);
    expect(found.total).toBe(1);
    expect((await list('')).total).toBeGreaterThan(1);
  });
});
