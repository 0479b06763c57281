import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../common/schemas/errors';
import type { EventDto } from '../../../common/schemas/events';
import type { EditResult, EventEditState, MyEventList } from '../../../common/schemas/ownership';
import type { UserRow } from '../../store/schema';
import {
  createEvent,
  createModerator,
  createUser,
  sessionCookieFor,
  validEventInput,
} from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';
import { awayFromWindowEdge } from '../../testing/windows';
import { EDIT_RATE_LIMIT } from './ownership';

// Organisers own their events (docs/PRODUCT.md#my-events): My events, editing in place, proposed
// changes to published events, resubmitting, withdrawing, and the version every write carries.

let server: TestServer;
let submitter: UserRow;
let submitterCookie: string;
let moderatorCookie: string;
let userCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  submitter = await createUser(server.store, { name: 'Organiser' });
  submitterCookie = await sessionCookieFor(server.store, submitter);
  moderatorCookie = await sessionCookieFor(server.store, await createModerator(server.store));
  userCookie = await sessionCookieFor(server.store, await createUser(server.store));
});
afterAll(() => server.close());

const post = (path: string, cookie: string | undefined, body: unknown) =>
  server.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
const get = (path: string, cookie?: string) => server.fetch(path, { headers: cookie ? { cookie } : {} });

async function submit(title: string): Promise<EventDto> {
  const res = await post('/api/events', submitterCookie, validEventInput({ title }));
  expect(res.status).toBe(201);
  return (await res.json()) as EventDto;
}
const editState = async (id: string, cookie = submitterCookie) =>
  (await (await get(`/api/events/${id}/edit`, cookie)).json()) as EventEditState;
const edit = (id: string, body: Record<string, unknown>, cookie = submitterCookie) =>
  post(`/api/events/${id}/edit`, cookie, body);
const publicEvent = async (id: string) => (await (await get(`/api/events/${id}`)).json()) as EventDto;
const errorOf = async (res: Response) => ((await res.json()) as ApiError).error;

describe('GET /api/events/:id/edit', () => {
  it('gives the form as it was filled in, in the event’s own zone, with the version to send back', async () => {
    const created = await post(
      '/api/events',
      submitterCookie,
      validEventInput({
        title: 'Encampment',
        date: '2031-03-08',
        time: '10:00',
        endDate: '2031-03-10',
        timezone: 'America/New_York',
        city: 'New York',
        country: 'United States',
      }),
    );
    const event = (await created.json()) as EventDto;
    const state = await editState(event.id);
    expect(state).toMatchObject({ id: event.id, status: 'pending', version: 1 });
    expect(state.values).toMatchObject({
      title: 'Encampment',
      date: '2031-03-08',
      time: '10:00',
      endDate: '2031-03-10',
      endTime: '',
      timezone: 'America/New_York',
      city: 'New York',
      sourceLink: 'https://example.org/march',
    });
    // Sent back unchanged, the form gives the same event.
    const res = await edit(event.id, { ...state.values, version: state.version });
    expect(res.status).toBe(200);
    const after = ((await res.json()) as EditResult).event;
    expect([after.date, after.endDate]).toEqual([event.date, event.endDate]);
  });

  it('is not found for anyone but the submitter and the moderators, and asks visitors to sign in', async () => {
    const event = await createEvent(server.store, { createdBy: submitter.id });
    expect((await get(`/api/events/${event.id}/edit`)).status).toBe(401);
    const other = await get(`/api/events/${event.id}/edit`, userCookie);
    expect(other.status).toBe(404);
    expect((await errorOf(other)).message).toBe(
      "The event you're looking for doesn't exist or has been removed.",
    );
    expect((await get(`/api/events/${event.id}/edit`, moderatorCookie)).status).toBe(200);
  });
});

describe('POST /api/events/:id/edit', () => {
  it('edits a pending event in place: it stays pending and its version rises', async () => {
    const event = await submit('Vigil with a typo');
    const res = await edit(event.id, {
      ...validEventInput({ title: 'Vigil without a typo', time: '19:00' }),
      version: 1,
    });
    expect(res.status).toBe(200);
    const result = (await res.json()) as EditResult;
    expect(result.outcome).toBe('updated');
    expect(result.event).toMatchObject({ title: 'Vigil without a typo', status: 'pending', version: 2 });
    expect((await editState(event.id)).values.time).toBe('19:00');
  });

  it('keeps a published event live while a change waits; the submitter sees it waiting, the public the old one', async () => {
    const event = await createEvent(server.store, { title: 'Teach-in', createdBy: submitter.id });
    const state = await editState(event.id);
    const res = await edit(event.id, {
      ...state.values,
      title: 'Teach-in, new room',
      version: state.version,
    });
    expect(res.status).toBe(200);
    const result = (await res.json()) as EditResult;
    expect(result.outcome).toBe('proposed');
    expect(result.event).toMatchObject({ title: 'Teach-in', status: 'approved' });
    expect(result.event.review?.change?.status).toBe('pending');

    const seen = await publicEvent(event.id);
    expect(seen.title).toBe('Teach-in');
    expect(seen.review).toBeUndefined();
    const own = (await (await get(`/api/events/${event.id}`, submitterCookie)).json()) as EventDto;
    expect(own.review?.change?.status).toBe('pending');

    // Editing again starts from the waiting change and replaces it: one change waits, the latest.
    const again = await editState(event.id);
    expect(again.change?.values.title).toBe('Teach-in, new room');
    const second = await edit(event.id, {
      ...again.change?.values,
      title: 'Teach-in, room 2',
      version: again.version,
    });
    expect(second.status).toBe(200);
    const waiting = await server.store.db
      .selectFrom('event_changes')
      .select(['status', 'payload'])
      .where('event_id', '=', event.id)
      .orderBy('created_at')
      .execute();
    expect(waiting.map((c) => c.status)).toEqual(['superseded', 'pending']);
    expect(JSON.parse(waiting[1]?.payload ?? '{}').title).toBe('Teach-in, room 2');
  });

  it('sends a rejected event back for review (resubmit)', async () => {
    const event = await submit('Film night');
    const rejected = await post(`/api/moderation/events/${event.id}/reject`, moderatorCookie, {
      reason: 'Please add the venue',
    });
    expect(rejected.status).toBe(200);
    const own = (await (await get(`/api/events/${event.id}`, submitterCookie)).json()) as EventDto;
    expect(own).toMatchObject({ status: 'rejected', review: { reason: 'Please add the venue' } });

    const state = await editState(event.id);
    const res = await edit(event.id, { ...state.values, venue: 'Community hall', version: state.version });
    expect(res.status).toBe(200);
    const result = (await res.json()) as EditResult;
    expect(result.outcome).toBe('resubmitted');
    expect(result.event).toMatchObject({ status: 'pending', venue: 'Community hall' });
    expect(result.event.review?.reason).toBeUndefined();
    const pending = (await (
      await get('/api/moderation/events?tab=pending&pageSize=100', moderatorCookie)
    ).json()) as { items: { event: EventDto }[] };
    expect(pending.items.map((i) => i.event.id)).toContain(event.id);
  });

  it('refuses a stale version with 409 and writes nothing', async () => {
    const event = await submit('Rally');
    expect((await edit(event.id, { ...validEventInput({ title: 'First' }), version: 1 })).status).toBe(200);
    const stale = await edit(event.id, { ...validEventInput({ title: 'Second' }), version: 1 });
    expect(stale.status).toBe(409);
    expect(await errorOf(stale)).toMatchObject({
      code: 'stale_version',
      message: expect.stringContaining('This event changed since you opened it'),
    });
    expect((await editState(event.id)).values.title).toBe('First');
  });

  it('gives one outcome to two edits from the same version at once', async () => {
    const event = await submit('Concurrent');
    const answers = await Promise.all(
      ['A', 'B', 'C'].map((t) => edit(event.id, { ...validEventInput({ title: t }), version: 1 })),
    );
    const codes = answers.map((r) => r.status).sort();
    expect(codes).toEqual([200, 409, 409]);
    const winner = answers.find((r) => r.status === 200) as Response;
    const title = ((await winner.json()) as EditResult).event.title;
    expect(await editState(event.id)).toMatchObject({ version: 2, values: { title } });
  });

  it('validates like the submit form, and needs the version', async () => {
    const event = await submit('Valid');
    const noVersion = await edit(event.id, validEventInput());
    expect(noVersion.status).toBe(400);
    expect((await errorOf(noVersion)).message).toContain('version must be the version');
    const noTitle = await edit(event.id, { ...validEventInput({ title: '  ' }), version: 1 });
    expect(noTitle.status).toBe(400);
    expect((await errorOf(noTitle)).fields?.title).toBe('Event title is required');
    expect((await editState(event.id)).version).toBe(1);
  });

  it("applies a moderator's edit of a published event at once, raises its SEQUENCE and audits it", async () => {
    const event = await createEvent(server.store, { title: 'Wrong title', createdBy: submitter.id });
    const state = await editState(event.id, moderatorCookie);
    const res = await edit(
      event.id,
      { ...state.values, title: 'Right title', version: state.version },
      moderatorCookie,
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as EditResult).outcome).toBe('updated');
    expect((await publicEvent(event.id)).title).toBe('Right title');
    const row = await server.store.db
      .selectFrom('events')
      .select(['sequence', 'version'])
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sequence: 1, version: 2 });
    const audit = await server.store.db
      .selectFrom('moderation_audit')
      .select('action')
      .where('event_id', '=', event.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['edited']);
  });

  it("refuses a moderator's edit while its submitter's change waits, and keeps the change", async () => {
    const event = await createEvent(server.store, { title: 'Vigil', createdBy: submitter.id });
    const own = await editState(event.id);
    const proposed = await edit(event.id, { ...own.values, title: 'Vigil, new time', version: own.version });
    expect(proposed.status).toBe(200);
    const state = await editState(event.id, moderatorCookie);
    expect(state.change?.status).toBe('pending');
    const res = await edit(
      event.id,
      { ...state.values, title: 'Vigil (moderated)', version: state.version },
      moderatorCookie,
    );
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({
      code: 'decide_change_first',
      message:
        'Its submitter proposed changes that are waiting for review. Accept or reject them in Pending Events first, then edit.',
    });
    expect((await publicEvent(event.id)).title).toBe('Vigil');
    expect((await editState(event.id)).change).toMatchObject({
      status: 'pending',
      values: { title: 'Vigil, new time' },
    });
    // Decided, the event is the moderator's to edit again.
    const accepted = await post(`/api/moderation/events/${event.id}/accept-change`, moderatorCookie, {
      version: state.version,
    });
    expect(accepted.status).toBe(200);
    const after = await editState(event.id, moderatorCookie);
    const again = await edit(
      event.id,
      { ...after.values, title: 'Vigil (moderated)', version: after.version },
      moderatorCookie,
    );
    expect(again.status).toBe(200);
    expect((await publicEvent(event.id)).title).toBe('Vigil (moderated)');
  });
});

describe('the edit limit', () => {
  it(`accepts ${EDIT_RATE_LIMIT.limit} edits an hour per account, then says when it can edit again`, async () => {
    await awayFromWindowEdge(EDIT_RATE_LIMIT.windowMs);
    const organiser = await createUser(server.store);
    const cookie = await sessionCookieFor(server.store, organiser);
    const event = await createEvent(server.store, { status: 'pending', createdBy: organiser.id });
    let state = await editState(event.id, cookie);
    for (let i = 0; i < EDIT_RATE_LIMIT.limit; i++) {
      const res = await edit(
        event.id,
        { ...state.values, title: `Draft ${i}`, version: state.version },
        cookie,
      );
      expect(res.status).toBe(200);
      state = await editState(event.id, cookie);
    }
    const refused = await edit(
      event.id,
      { ...state.values, title: 'One more', version: state.version },
      cookie,
    );
    expect(refused.status).toBe(429);
    const minutes = Math.ceil(Number(refused.headers.get('retry-after')) / 60);
    expect((await errorOf(refused)).message).toBe(
      `You have edited events ${EDIT_RATE_LIMIT.limit} times this hour, the most we accept. You can edit again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
    expect((await editState(event.id, cookie)).values.title).toBe(`Draft ${EDIT_RATE_LIMIT.limit - 1}`);
  });
});

describe('POST /api/events/:id/withdraw', () => {
  it('takes a pending event back: gone from the queue and the public, still in My events', async () => {
    const event = await submit('Changed my mind');
    const res = await post(`/api/events/${event.id}/withdraw`, submitterCookie, { version: 1 });
    expect(res.status).toBe(200);
    expect(((await res.json()) as EventDto).status).toBe('withdrawn');
    const pending = (await (
      await get('/api/moderation/events?tab=pending&pageSize=100', moderatorCookie)
    ).json()) as { items: { event: EventDto }[] };
    expect(pending.items.map((i) => i.event.id)).not.toContain(event.id);
    expect((await get(`/api/events/${event.id}`)).status).toBe(404);
    const again = await post(`/api/events/${event.id}/withdraw`, submitterCookie, { version: 2 });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe('Only an event waiting for review can be withdrawn.');
  });
});

describe('GET /api/my/events', () => {
  it('lists only my events, newest first, with their status and why they were rejected', async () => {
    const person = await createUser(server.store);
    const cookie = await sessionCookieFor(server.store, person);
    const HOUR = 3600 * 1000;
    const old = await createEvent(server.store, {
      title: 'Old',
      createdBy: person.id,
      createdAt: Date.now() - 3 * HOUR,
    });
    const pending = await createEvent(server.store, {
      title: 'Waiting',
      status: 'pending',
      createdBy: person.id,
      createdAt: Date.now() - 2 * HOUR,
    });
    const turnedDown = await createEvent(server.store, {
      title: 'Turned down',
      status: 'pending',
      createdBy: person.id,
      createdAt: Date.now() - HOUR,
    });
    await createEvent(server.store, { title: 'Someone else’s' });
    expect(
      (await post(`/api/moderation/events/${turnedDown.id}/reject`, moderatorCookie, { reason: 'Duplicate' }))
        .status,
    ).toBe(200);

    const res = await get('/api/my/events', cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const list = (await res.json()) as MyEventList;
    expect(list.total).toBe(3);
    expect(list.events.map((e) => [e.title, e.status, e.review?.reason])).toEqual([
      ['Turned down', 'rejected', 'Duplicate'],
      ['Waiting', 'pending', undefined],
      ['Old', 'approved', undefined],
    ]);
    expect(list.events.map((e) => e.id)).toEqual([turnedDown.id, pending.id, old.id]);

    const paged = (await (await get('/api/my/events?pageSize=2&page=2', cookie)).json()) as MyEventList;
    expect(paged.events.map((e) => e.title)).toEqual(['Old']);
    expect((await get('/api/my/events')).status).toBe(401);
  });
});

describe('a proposed change in the moderators’ Pending list', () => {
  type Pending = {
    items: {
      event: EventDto;
      change?: { current: Record<string, string>; proposed: Record<string, string> };
    }[];
  };
  const pendingList = async () =>
    (await (await get('/api/moderation/events?tab=pending&pageSize=100', moderatorCookie)).json()) as Pending;

  async function propose(title: string, changedTitle: string) {
    const event = await createEvent(server.store, { title, createdBy: submitter.id });
    const state = await editState(event.id);
    const res = await edit(event.id, { ...state.values, title: changedTitle, version: state.version });
    expect(res.status).toBe(200);
    return ((await res.json()) as EditResult).event;
  }

  it('waits in Pending with the published and the proposed form; accepting publishes it', async () => {
    const countsBefore = (await (await get('/api/moderation/counts', moderatorCookie)).json()) as {
      pending: number;
    };
    const event = await propose('Picnic', 'Picnic in the park');
    const item = (await pendingList()).items.find((i) => i.event.id === event.id);
    expect(item?.change?.current.title).toBe('Picnic');
    expect(item?.change?.proposed.title).toBe('Picnic in the park');
    const countsAfter = (await (await get('/api/moderation/counts', moderatorCookie)).json()) as {
      pending: number;
    };
    expect(countsAfter.pending).toBe(countsBefore.pending + 1);

    // A decision about an older version of the change is refused.
    const stale = await post(`/api/moderation/events/${event.id}/accept-change`, moderatorCookie, {
      version: event.version - 1,
    });
    expect(stale.status).toBe(409);
    const res = await post(`/api/moderation/events/${event.id}/accept-change`, moderatorCookie, {
      version: event.version,
    });
    expect(res.status).toBe(200);
    expect((await publicEvent(event.id)).title).toBe('Picnic in the park');
    expect((await pendingList()).items.map((i) => i.event.id)).not.toContain(event.id);
    const own = (await (await get(`/api/events/${event.id}`, submitterCookie)).json()) as EventDto;
    expect(own.review?.change).toBeUndefined();
    const again = await post(`/api/moderation/events/${event.id}/accept-change`, moderatorCookie, {
      version: own.version,
    });
    expect(again.status).toBe(409);
  });

  it('tells the submitter why a change was rejected; the published event stays as it was', async () => {
    const event = await propose('Concert', 'Concert (free)');
    const noReason = await post(`/api/moderation/events/${event.id}/reject-change`, moderatorCookie, {
      version: event.version,
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    const res = await post(`/api/moderation/events/${event.id}/reject-change`, moderatorCookie, {
      version: event.version,
      reason: 'The source does not say it is free',
    });
    expect(res.status).toBe(200);
    expect((await publicEvent(event.id)).title).toBe('Concert');
    const own = (await (await get(`/api/events/${event.id}`, submitterCookie)).json()) as EventDto;
    expect(own.review?.change).toMatchObject({
      status: 'rejected',
      reason: 'The source does not say it is free',
    });
    const audit = await server.store.db
      .selectFrom('moderation_audit')
      .select(['action', 'note'])
      .where('event_id', '=', event.id)
      .execute();
    expect(audit).toEqual([{ action: 'change_rejected', note: 'The source does not say it is free' }]);
  });

  it('gives one outcome when the moderator accepts while the submitter proposes again', async () => {
    const event = await propose('March', 'March (new route)');
    const state = await editState(event.id);
    const [accepted, edited] = await Promise.all([
      post(`/api/moderation/events/${event.id}/accept-change`, moderatorCookie, { version: event.version }),
      edit(event.id, { ...state.change?.values, title: 'March (route 3)', version: state.version }),
    ]);
    expect([accepted.status, edited.status].sort()).toEqual([200, 409]);
    const title = (await publicEvent(event.id)).title;
    const waiting = await server.store.db
      .selectFrom('event_changes')
      .select('status')
      .where('event_id', '=', event.id)
      .where('status', '=', 'pending')
      .execute();
    if (accepted.status === 200) {
      expect(title).toBe('March (new route)');
      expect(waiting).toHaveLength(0);
    } else {
      expect(title).toBe('March');
      expect(waiting).toHaveLength(1);
    }
  });
});
