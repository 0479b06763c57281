import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REMOVAL_REASON, PAST_EVENT_REMOVAL_REASON } from '../../../common/moderationEnums';
import type { ApiError } from '../../../common/schemas/errors';
import type {
  ModerationActionResult,
  ModerationCounts,
  ModerationList,
} from '../../../common/schemas/moderation';
import type { Actor } from '../../auth/actor';
import { presentReport } from '../../presenters/moderation';
import { apiClient, signedIn, signedInModerator } from '../../testing/api';
import {
  createEvent,
  createModerator,
  createReport,
  createUser,
  sessionCookieFor,
} from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';
import { logOf as logIn, statusOf as storedStatus } from '../../testing/rows';

const DAY = 24 * 3600 * 1000;
let server: TestServer;
let modCookie: string;
let userCookie: string;
let moderatorId: string;

beforeAll(async () => {
  server = await startTestServer();
  const moderator = await signedInModerator(server.store, { name: 'Mona Moderator' });
  moderatorId = moderator.user.id;
  modCookie = moderator.cookie;
  userCookie = (await signedIn(server.store)).cookie;
});
afterAll(() => server.close());

const { call, json } = apiClient(() => server);

const list = async (tab: string, query = '') =>
  json<ModerationList>(await call(`/api/moderation/events?tab=${tab}${query}`, modCookie));
const counts = async () => json<ModerationCounts>(await call('/api/moderation/counts', modCookie));
const logOf = (id: string) => logIn(server.store, id);
const statusOf = (id: string) => storedStatus(server.store, id);

describe('every moderation endpoint refuses visitors and users', () => {
  const endpoints: [string, unknown][] = [
    ['/api/moderation/counts', undefined],
    ['/api/moderation/events?tab=pending', undefined],
    ['/api/moderation/events?tab=reported', undefined],
    ['/api/moderation/events?tab=approved', undefined],
    ['/api/moderation/events?tab=nonsense', undefined],
    ['/api/moderation/events/ID/approve', { verified: true }],
    ['/api/moderation/events/ID/reject', { reason: 'x' }],
    ['/api/moderation/events/ID/remove', {}],
    ['/api/moderation/events/ID/remove', { pastEvent: true }],
    ['/api/moderation/events/ID/dismiss-reports', {}],
  ];
  for (const [path, body] of endpoints) {
    it(`${body === undefined ? 'GET' : 'POST'} ${path}`, async () => {
      const event = await createEvent(server.store, { status: 'pending' });
      const url = path.replace('ID', event.id);
      const visitor = await json<ApiError>(await call(url, undefined, body), 401);
      expect(visitor.error.code).toBe('unauthenticated');
      const user = await json<ApiError>(await call(url, userCookie, body), 403);
      expect(user.error.code).toBe('forbidden');
      // Nothing changed and nothing was logged.
      expect(await statusOf(event.id)).toBe('pending');
      expect(await logOf(event.id)).toEqual([]);
    });
  }
});

describe('lists and counts', () => {
  it('lists pending events newest submission first on request, paginated', async () => {
    const before = await counts();
    const base = Date.now() + 10 * DAY;
    const older = await createEvent(server.store, { status: 'pending', title: 'Older', createdAt: base });
    const newer = await createEvent(server.store, { status: 'pending', title: 'Newer', createdAt: base + 1 });
    const page = await list('pending', '&pageSize=2&sort=submitted');
    expect(page.items.map((i) => i.event.id)).toEqual([newer.id, older.id]);
    expect(page.items.every((i) => i.category === 'pending' && i.reports.length === 0)).toBe(true);
    expect(page.total).toBe(before.pending + 2);
    expect((await counts()).pending).toBe(before.pending + 2);
    // Moderators see who submitted.
    expect(page.items[0]?.event.createdBy).toBe(newer.created_by);
  });

  it('lists every approved event, upcoming and past', async () => {
    const past = await createEvent(server.store, { title: 'Past one', startsAt: Date.now() - 400 * DAY });
    const upcoming = await createEvent(server.store, { title: 'Next one', startsAt: Date.now() + 400 * DAY });
    const all = await list('approved', '&pageSize=100');
    const ids = all.items.map((i) => i.event.id);
    expect(ids).toContain(past.id);
    expect(ids).toContain(upcoming.id);
    expect(ids.indexOf(past.id)).toBeLessThan(ids.indexOf(upcoming.id));
    expect(all.items.every((i) => i.event.status === 'approved' && i.category === 'approved')).toBe(true);
    expect(all.total).toBe((await counts()).approved);
  });

  it('lists reported events with all their open reports, newest report first, with no cap of 10', async () => {
    const reporter = await createUser(server.store);
    const t0 = Date.now() + 1000 * DAY;
    const events = [];
    for (let i = 0; i < 12; i++) {
      const event = await createEvent(server.store, { title: `Reported ${i}` });
      await createReport(server.store, { eventId: event.id, reportedBy: reporter.id, createdAt: t0 + i });
      events.push(event);
    }
    const second = await createUser(server.store);
    const target = events[3]!;
    await createReport(server.store, {
      eventId: target.id,
      reportedBy: second.id,
      reason: 'spam',
      createdAt: t0 + 100,
    });
    const first = await list('reported', '&pageSize=10');
    expect(first.total).toBe(12);
    expect((await counts()).reported).toBe(12);
    expect(first.items[0]?.event.id).toBe(target.id);
    expect(first.items[0]?.reports.map((r) => r.reason)).toEqual(['spam', 'wrong_info']);
    expect(first.items[0]?.reports[0]?.reportedBy).toBe(second.id);
    expect(first.items[1]?.event.id).toBe(events[11]?.id);
    const second2 = await list('reported', '&pageSize=10&page=2');
    expect(second2.items).toHaveLength(2);
    expect(new Set([...first.items, ...second2.items].map((i) => i.event.id)).size).toBe(12);
  });

  it('answers 400 for an unknown tab (for moderators)', async () => {
    const res = await call('/api/moderation/events?tab=nope', modCookie);
    expect(res.status).toBe(400);
  });
});

describe('actions', () => {
  it('approves and verifies; the event appears on the public list', async () => {
    const event = await createEvent(server.store, { status: 'pending', title: 'Approve me' });
    const body = await json<ModerationActionResult>(
      await call(`/api/moderation/events/${event.id}/approve`, modCookie, { verified: true }),
    );
    expect(body.event).toMatchObject({ id: event.id, status: 'approved', verified: true });
    const pub = await json<{ id: string }>(await server.fetch(`/api/events/${event.id}`));
    expect(pub.id).toBe(event.id);
  });

  it('rejects with a reason, logged with the acting moderator; refuses a blank reason', async () => {
    const event = await createEvent(server.store, { status: 'pending' });
    const blank = await json<ApiError>(
      await call(`/api/moderation/events/${event.id}/reject`, modCookie, { reason: '   ' }),
      400,
    );
    expect(blank.error.message).toBe('A reason is required to reject an event');
    await json(await call(`/api/moderation/events/${event.id}/reject`, modCookie, { reason: 'Not real' }));
    expect(await statusOf(event.id)).toBe('rejected');
    expect(await logOf(event.id)).toMatchObject([
      { action: 'rejected', reason: 'Not real', moderator_id: moderatorId },
    ]);
  });

  it('removes a reported event with the default reason and it leaves the reported list', async () => {
    const event = await createEvent(server.store);
    await createReport(server.store, { eventId: event.id, reportedBy: (await createUser(server.store)).id });
    await json(await call(`/api/moderation/events/${event.id}/remove`, modCookie, {}));
    expect(await statusOf(event.id)).toBe('removed');
    expect(await logOf(event.id)).toMatchObject([{ action: 'removed', reason: DEFAULT_REMOVAL_REASON }]);
    expect((await list('reported', '&pageSize=100')).items.map((i) => i.event.id)).not.toContain(event.id);
    // Gone for the public, kept for the record.
    expect((await server.fetch(`/api/events/${event.id}`)).status).toBe(404);
  });

  it('removes a past event with the past-event reason; refuses an upcoming one', async () => {
    const past = await createEvent(server.store, { startsAt: Date.now() - DAY });
    await json(await call(`/api/moderation/events/${past.id}/remove`, modCookie, { pastEvent: true }));
    expect(await logOf(past.id)).toMatchObject([{ action: 'removed', reason: PAST_EVENT_REMOVAL_REASON }]);
    const upcoming = await createEvent(server.store, { startsAt: Date.now() + DAY });
    const refused = await json<ApiError>(
      await call(`/api/moderation/events/${upcoming.id}/remove`, modCookie, { pastEvent: true }),
      409,
    );
    expect(refused.error.code).toBe('event_not_past');
  });

  it('refuses Remove Past Event while an event is still happening: until its end, or 2 hours without one', async () => {
    const HOUR = 3600 * 1000;
    const running = [
      await createEvent(server.store, { startsAt: Date.now() - HOUR }),
      await createEvent(server.store, { startsAt: Date.now() - 2 * DAY, endsAt: Date.now() + HOUR }),
    ];
    for (const event of running) {
      const refused = await json<ApiError>(
        await call(`/api/moderation/events/${event.id}/remove`, modCookie, { pastEvent: true }),
        409,
      );
      expect(refused.error).toMatchObject({
        code: 'event_not_past',
        message: 'This event has not ended yet, so it cannot be removed as a past event.',
      });
      expect(await statusOf(event.id)).toBe('approved');
    }
    const ended = await createEvent(server.store, {
      startsAt: Date.now() - 3 * HOUR,
      endsAt: Date.now() - HOUR,
    });
    await json(await call(`/api/moderation/events/${ended.id}/remove`, modCookie, { pastEvent: true }));
    expect(await statusOf(ended.id)).toBe('removed');
  });

  it('logs the reason the moderator gave for a removal, trimmed; refuses one over the limit', async () => {
    const reported = await createEvent(server.store);
    await createReport(server.store, {
      eventId: reported.id,
      reportedBy: (await createUser(server.store)).id,
    });
    const tooLong = await json<ApiError>(
      await call(`/api/moderation/events/${reported.id}/remove`, modCookie, { reason: 'x'.repeat(1001) }),
      400,
    );
    expect(tooLong.error.message).toBe('Reason must be at most 1000 characters');
    expect(await statusOf(reported.id)).toBe('approved');
    await json(
      await call(`/api/moderation/events/${reported.id}/remove`, modCookie, {
        reason: '  The venue cancelled; the organiser confirmed it.  ',
      }),
    );
    expect(await logOf(reported.id)).toMatchObject([
      {
        action: 'removed',
        reason: 'The venue cancelled; the organiser confirmed it.',
        moderator_id: moderatorId,
      },
    ]);

    const past = await createEvent(server.store, { startsAt: Date.now() - DAY });
    await json(
      await call(`/api/moderation/events/${past.id}/remove`, modCookie, {
        pastEvent: true,
        reason: 'x'.repeat(1000),
      }),
    );
    expect(await logOf(past.id)).toMatchObject([{ action: 'removed', reason: 'x'.repeat(1000) }]);
  });

  it('dismisses all open reports without a log entry', async () => {
    const event = await createEvent(server.store);
    for (let i = 0; i < 2; i++) {
      await createReport(server.store, {
        eventId: event.id,
        reportedBy: (await createUser(server.store)).id,
      });
    }
    const body = await json<{ closedReports: number }>(
      await call(`/api/moderation/events/${event.id}/dismiss-reports`, modCookie, {}),
    );
    expect(body.closedReports).toBe(2);
    expect(await statusOf(event.id)).toBe('approved');
    expect(await logOf(event.id)).toEqual([]);
    const again = await json<ApiError>(
      await call(`/api/moderation/events/${event.id}/dismiss-reports`, modCookie, {}),
      409,
    );
    expect(again.error.code).toBe('no_open_reports');
  });

  it('keeps every report open when one came in after those the moderator read', async () => {
    const event = await createEvent(server.store);
    const report = async () =>
      createReport(server.store, { eventId: event.id, reportedBy: (await createUser(server.store)).id });
    await report();
    await report();
    const read = (await list('reported')).items.find((i) => i.event.id === event.id)?.reports ?? [];
    expect(read).toHaveLength(2);
    await report();
    const url = `/api/moderation/events/${event.id}/dismiss-reports`;
    const refused = await json<ApiError>(
      await call(url, modCookie, { reportIds: read.map((r) => r.id) }),
      409,
    );
    expect(refused.error).toMatchObject({
      code: 'reports_changed',
      message: 'A new report came in while you were reading. Read it too, then decide again.',
    });
    const now = (await list('reported')).items.find((i) => i.event.id === event.id)?.reports ?? [];
    expect(now).toHaveLength(3);
    const body = await json<{ closedReports: number }>(
      await call(url, modCookie, { reportIds: now.map((r) => r.id) }),
    );
    expect(body.closedReports).toBe(3);
    expect((await list('reported')).items.some((i) => i.event.id === event.id)).toBe(false);
    expect(await logOf(event.id)).toEqual([]);

    // Read, then dismissed by another moderator, then reported again: the new report is what is said.
    await report();
    const seen = (await list('reported')).items.find((i) => i.event.id === event.id)?.reports ?? [];
    await call(url, await sessionCookieFor(server.store, await createModerator(server.store)), {});
    await report();
    const late = await json<ApiError>(await call(url, modCookie, { reportIds: seen.map((r) => r.id) }), 409);
    expect(late.error.code).toBe('reports_changed');
  });

  it('refuses report ids that are not a list of ids, and closes nothing', async () => {
    const event = await createEvent(server.store);
    await createReport(server.store, { eventId: event.id, reportedBy: (await createUser(server.store)).id });
    const url = `/api/moderation/events/${event.id}/dismiss-reports`;
    for (const reportIds of ['abc', [1, 2], ['x'.repeat(65)]]) {
      const refused = await json<ApiError>(await call(url, modCookie, { reportIds }), 400);
      expect(refused.error.message).toBe('The reports to dismiss must be a list of report ids.');
    }
    expect((await list('reported')).items.find((i) => i.event.id === event.id)?.reports).toHaveLength(1);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await call('/api/moderation/events/AAAAAAAAAAAAAAAA/approve', modCookie, {})).status).toBe(404);
    expect((await call('/api/moderation/events/not-an-id/approve', modCookie, {})).status).toBe(404);
  });
});

describe('two moderators acting on one event at once', () => {
  it('produce one transition and exactly one log entry; the others get 409', async () => {
    const second = await sessionCookieFor(server.store, await createModerator(server.store));
    for (let round = 0; round < 5; round++) {
      const event = await createEvent(server.store, { status: 'pending' });
      const url = (action: string) => `/api/moderation/events/${event.id}/${action}`;
      const responses = await Promise.all([
        call(url('reject'), modCookie, { reason: 'Duplicate' }),
        call(url('reject'), second, { reason: 'Spam' }),
        call(url('approve'), second, { verified: true }),
        call(url('reject'), modCookie, { reason: 'Not real' }),
      ]);
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(3);
      const losers = await Promise.all(responses.filter((r) => r.status === 409).map((r) => r.json()));
      for (const loser of losers as ApiError[]) expect(loser.error.message).toMatch(/already been/);
      const status = await statusOf(event.id);
      expect(['approved', 'rejected']).toContain(status);
      expect(await logOf(event.id)).toHaveLength(status === 'rejected' ? 1 : 0);
    }
  });

  it('concurrent removals of a reported event write one log entry', async () => {
    const second = await sessionCookieFor(server.store, await createModerator(server.store));
    const event = await createEvent(server.store, { startsAt: Date.now() - DAY });
    await createReport(server.store, { eventId: event.id, reportedBy: (await createUser(server.store)).id });
    const url = `/api/moderation/events/${event.id}/remove`;
    const responses = await Promise.all([
      call(url, modCookie, {}),
      call(url, second, {}),
      call(url, second, { pastEvent: true }),
      call(`/api/moderation/events/${event.id}/dismiss-reports`, modCookie, {}),
    ]);
    const ok = responses.filter((r) => r.status === 200).length;
    // One removal wins; the dismissal may win before it (then it closes the reports) or lose after it.
    expect(ok).toBeGreaterThanOrEqual(1);
    expect(ok).toBeLessThanOrEqual(2);
    expect(await statusOf(event.id)).toBe('removed');
    expect(await logOf(event.id)).toHaveLength(1);
  });
});

describe('presentReport', () => {
  it('names the reporter to moderators only', () => {
    const row = {
      id: 'r',
      event_id: 'e',
      reported_by: 'ReporterId000001',
      reason: 'spam' as const,
      status: 'open' as const,
      created_at: 0,
      closed_at: null,
      closed_by: null,
    };
    const user: Actor = {
      id: 'u',
      name: 'U',
      email: 'u@example.org',
      role: 'user',
      createdAt: 0,
      emailVerifiedAt: null,
      hasPassword: false,
    };
    expect(presentReport(row, { ...user, role: 'moderator' }).reportedBy).toBe('ReporterId000001');
    expect(presentReport(row, user)).not.toHaveProperty('reportedBy');
    expect(presentReport(row, null)).not.toHaveProperty('reportedBy');
  });
});
