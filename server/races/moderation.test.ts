import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStatus } from '../../common/enums';
import { consistencyProblems } from '../testing/durability/consistency';
import {
  createEvent,
  createLogEntry,
  createModerator,
  createReport,
  createUser,
  sessionCookieFor,
} from '../testing/factories';
import { startTestServer, type TestServer } from '../testing/harness';

/**
 * Races beyond server/routes/moderation/moderation.test.ts ("two moderators acting on one event at
 * once": four calls on a pending event, and removals of a reported one): here every starting state,
 * many calls of every kind at once, and reports racing moderation.
 */

let server: TestServer;
let moderators: string[] = [];
beforeAll(async () => {
  server = await startTestServer();
  moderators = await Promise.all(
    Array.from({ length: 3 }, async () =>
      sessionCookieFor(server.store, await createModerator(server.store)),
    ),
  );
});
afterAll(() => server.close());

function post(path: string, cookie: string, body: unknown = {}) {
  return server.fetch(path, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const ACTIONS = [
  ['approve', { verified: true }],
  ['approve', { verified: false }],
  ['reject', { reason: 'Not an event' }],
  ['reject', { reason: 'Duplicate of another event' }],
  ['remove', { reason: 'Reported and checked' }],
  ['remove', {}],
  ['dismiss-reports', {}],
] as const;
type Action = (typeof ACTIONS)[number][0];

/** Every action, several times each, from three moderators, all at once. */
async function storm(eventId: string, repeat = 3) {
  const calls = Array.from({ length: repeat }, () => ACTIONS).flat();
  const responses = await Promise.all(
    calls.map(([action, body], i) =>
      post(`/api/moderation/events/${eventId}/${action}`, moderators[i % moderators.length] ?? '', body),
    ),
  );
  const byAction = new Map<Action, number[]>();
  for (const [i, res] of responses.entries()) {
    const action = calls[i]?.[0] as Action;
    byAction.set(action, [...(byAction.get(action) ?? []), res.status]);
  }
  const wins = (action: Action) => (byAction.get(action) ?? []).filter((s) => s === 200).length;
  return { statuses: responses.map((r) => r.status), wins };
}

const stateOf = async (id: string) => {
  const event = await server.store.db
    .selectFrom('events')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const log = await server.store.db
    .selectFrom('transparency_log')
    .select('action')
    .where('event_id', '=', id)
    .execute();
  const open = await server.store.db
    .selectFrom('reports')
    .select('id')
    .where('event_id', '=', id)
    .where('status', '=', 'open')
    .execute();
  return { status: event.status, log: log.map((l) => l.action), openReports: open.length };
};

async function reportedBy(eventId: string, people: number) {
  for (let i = 0; i < people; i++) {
    await createReport(server.store, { eventId, reportedBy: (await createUser(server.store)).id });
  }
}

describe('many moderators, every action at once, on one event', () => {
  it('a pending event is approved or rejected exactly once; a removal may only follow an approval', async () => {
    for (let round = 0; round < 4; round++) {
      const event = await createEvent(server.store, { status: 'pending' });
      const { statuses, wins } = await storm(event.id);
      expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
      expect(wins('approve') + wins('reject')).toBe(1);
      expect(wins('remove')).toBeLessThanOrEqual(wins('approve'));
      expect(wins('dismiss-reports')).toBe(0);
      // One log entry per transition that writes one, and the state the last transition left.
      const after = await stateOf(event.id);
      if (wins('reject') === 1)
        expect(after).toEqual({ status: 'rejected', log: ['rejected'], openReports: 0 });
      else if (wins('remove') === 1)
        expect(after).toEqual({ status: 'removed', log: ['removed'], openReports: 0 });
      else expect(after).toEqual({ status: 'approved', log: [], openReports: 0 });
    }
  });

  it('an approved event without reports is removed exactly once, with one log entry', async () => {
    const event = await createEvent(server.store, { status: 'approved' });
    const { statuses, wins } = await storm(event.id);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(wins('remove')).toBe(1);
    expect(wins('approve') + wins('reject') + wins('dismiss-reports')).toBe(0);
    expect(await stateOf(event.id)).toEqual({ status: 'removed', log: ['removed'], openReports: 0 });
  });

  it('a reported approved event is removed once and dismissed at most once; no report stays open', async () => {
    for (let round = 0; round < 3; round++) {
      const event = await createEvent(server.store, { status: 'approved' });
      await reportedBy(event.id, 4);
      const { statuses, wins } = await storm(event.id);
      expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
      expect(wins('remove')).toBe(1);
      expect(wins('dismiss-reports')).toBeLessThanOrEqual(1);
      expect(wins('approve') + wins('reject')).toBe(0);
      expect(await stateOf(event.id)).toEqual({ status: 'removed', log: ['removed'], openReports: 0 });
      const reports = await server.store.db
        .selectFrom('reports')
        .select(['status', 'closed_by', 'closed_at'])
        .where('event_id', '=', event.id)
        .execute();
      expect(reports).toHaveLength(4);
      for (const r of reports) {
        expect(r.status).toBe('closed');
        expect(r.closed_by).not.toBeNull();
        expect(r.closed_at).not.toBeNull();
      }
    }
  });

  it.each<EventStatus>(['rejected', 'removed'])(
    'a %s event refuses every action and stays as it was',
    async (status) => {
      const moderator = await createModerator(server.store);
      const event = await createEvent(server.store, { status });
      await createLogEntry(server.store, {
        eventId: event.id,
        moderatorId: moderator.id,
        action: status === 'rejected' ? 'rejected' : 'removed',
      });
      const { statuses } = await storm(event.id);
      expect(statuses.filter((s) => s !== 409)).toEqual([]);
      expect(await stateOf(event.id)).toEqual({ status, log: [status], openReports: 0 });
    },
  );

  it('leaves the whole database consistent', async () => {
    expect(await consistencyProblems(server.store.db)).toEqual([]);
  });
});

describe('reports at once', () => {
  function report(eventId: string, cookie: string, reason = 'spam') {
    return post(`/api/events/${eventId}/reports`, cookie, { reason });
  }

  it('from many people, each sending theirs several times: one open report per person, all land', async () => {
    const event = await createEvent(server.store, { status: 'approved' });
    const people = await Promise.all(
      Array.from({ length: 15 }, async () => {
        const user = await createUser(server.store);
        return { id: user.id, cookie: await sessionCookieFor(server.store, user) };
      }),
    );
    const responses = await Promise.all(
      people.flatMap((p) =>
        ['spam', 'wrong_info', 'spam', 'harmful_content'].map((r) => report(event.id, p.cookie, r)),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(people.length * 4).fill(201));
    const rows = await server.store.db
      .selectFrom('reports')
      .select(['reported_by', 'status'])
      .where('event_id', '=', event.id)
      .execute();
    expect(rows).toHaveLength(people.length);
    expect(new Set(rows.map((r) => r.reported_by))).toEqual(new Set(people.map((p) => p.id)));
    expect(rows.every((r) => r.status === 'open')).toBe(true);
  });

  it('racing a removal: the removed event keeps no open report, and no report is lost while it is approved', async () => {
    for (let round = 0; round < 4; round++) {
      const event = await createEvent(server.store, { status: 'approved' });
      const cookies = await Promise.all(
        Array.from({ length: 10 }, async () =>
          sessionCookieFor(server.store, await createUser(server.store)),
        ),
      );
      const reports = cookies.map((cookie) => report(event.id, cookie));
      // The removal lands in the middle of the reports.
      // With a reason of its own: the standard one needs an open report, and may land before the first.
      const removal = post(`/api/moderation/events/${event.id}/remove`, moderators[0] ?? '', {
        reason: 'Reported and checked',
      });
      const statuses = (await Promise.all(reports)).map((r) => r.status);
      expect((await removal).status).toBe(200);
      // A report is either recorded (then closed by the removal) or refused as for any removed event.
      expect(statuses.every((s) => s === 201 || s === 404)).toBe(true);
      const rows = await server.store.db
        .selectFrom('reports')
        .select('status')
        .where('event_id', '=', event.id)
        .execute();
      expect(rows).toHaveLength(statuses.filter((s) => s === 201).length);
      expect(await stateOf(event.id)).toEqual({ status: 'removed', log: ['removed'], openReports: 0 });
    }
  });

  it('racing a dismissal: every report is either closed by it or open after it, none lost', async () => {
    const event = await createEvent(server.store, { status: 'approved' });
    await reportedBy(event.id, 3);
    const cookies = await Promise.all(
      Array.from({ length: 10 }, async () => sessionCookieFor(server.store, await createUser(server.store))),
    );
    const reports = cookies.map((cookie) => report(event.id, cookie));
    const dismissals = moderators.map((cookie) =>
      post(`/api/moderation/events/${event.id}/dismiss-reports`, cookie),
    );
    expect((await Promise.all(reports)).map((r) => r.status)).toEqual(Array(10).fill(201));
    const dismissStatuses = (await Promise.all(dismissals)).map((r) => r.status);
    expect(dismissStatuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(dismissStatuses.every((s) => s === 200 || s === 409)).toBe(true);
    const rows = await server.store.db
      .selectFrom('reports')
      .select(['status', 'closed_by'])
      .where('event_id', '=', event.id)
      .execute();
    expect(rows).toHaveLength(13);
    for (const r of rows)
      expect(r.status === 'open' ? r.closed_by === null : r.closed_by !== null).toBe(true);
    expect(await stateOf(event.id)).toMatchObject({ status: 'approved', log: [] });
  });
});
