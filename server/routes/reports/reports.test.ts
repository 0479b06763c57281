import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '../../../common/i18n/languages';
import { REPORT_REASONS } from '../../../common/moderationEnums';
import type { ApiError } from '../../../common/schemas/errors';
import type { ReportReceipt } from '../../../common/schemas/reports';
import { listReportsForEvent } from '../../store/reports';
import { createEvent, createModerator, createUser, sessionCookieFor } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
});

type ErrorBody = ApiError;

const NOT_FOUND = "The event you're looking for doesn't exist or has been removed.";

async function signedIn() {
  const user = await createUser(server.store);
  return { user, cookie: await sessionCookieFor(server.store, user) };
}

function report(eventId: string, body: unknown, cookie?: string) {
  return server.fetch(`/api/events/${eventId}/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('POST /api/events/:id/reports', () => {
  it('refuses a visitor with 401 and records nothing', async () => {
    const event = await createEvent(server.store);
    const res = await report(event.id, { reason: 'spam' });
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorBody).error).toMatchObject({
      code: 'unauthenticated',
      message: 'User must be authenticated to report events',
    });
    expect(await listReportsForEvent(server.store.db, event.id)).toEqual([]);
  });

  it.each(REPORT_REASONS)('records a report for the reason %s with 201', async (reason) => {
    const { user, cookie } = await signedIn();
    const event = await createEvent(server.store);
    const res = await report(event.id, { reason }, cookie);
    expect(res.status).toBe(201);
    const receipt = (await res.json()) as ReportReceipt;
    expect(receipt).toEqual({ eventId: event.id, reason, createdAt: expect.any(String) });
    const rows = await listReportsForEvent(server.store.db, event.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reported_by: user.id, reason, status: 'open', closed_at: null });
  });

  it.each([
    ['no reason', {}],
    ['an unknown reason', { reason: 'boring' }],
    ['a reason of the wrong type', { reason: 3 }],
    ['an empty reason', { reason: '' }],
    ['a reason in the wrong case', { reason: 'SPAM' }],
  ])(
    'answers 400 for %s, asking for a reason in words people read (no internal codes)',
    async (_label, body) => {
      const { cookie } = await signedIn();
      const event = await createEvent(server.store);
      const res = await report(event.id, body, cookie);
      expect(res.status).toBe(400);
      const json = (await res.json()) as ErrorBody;
      expect(json.error.code).toBe('validation_failed');
      expect(json.error.fields?.reason).toBe('Please choose a reason.');
      expect(json.error.fieldCodes?.reason).toEqual({ code: 'report.reasonRequired' });
      expect(await listReportsForEvent(server.store.db, event.id)).toEqual([]);
    },
  );

  it('asks for a reason in every language as the report dialog does, never by its codes', async () => {
    const { cookie } = await signedIn();
    const event = await createEvent(server.store);
    for (const { code } of LANGUAGES) {
      const res = await server.fetch(`/api/events/${event.id}/reports?lang=${code}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ reason: 'boring' }),
      });
      const { error } = (await res.json()) as ErrorBody;
      const dialog = JSON.parse(
        readFileSync(new URL(`../../../web/locales/${code}/report.json`, import.meta.url), 'utf8'),
      ) as { chooseReason: string };
      expect(error.fields?.reason, code).toBe(dialog.chooseReason);
      for (const reason of REPORT_REASONS) expect(error.message, code).not.toContain(reason);
    }
  });

  it.each([
    ['a JSON array', '[]'],
    ['broken JSON', '{"reason":'],
    ['JSON null', 'null'],
  ])('answers 4xx, never 500, for a body that is %s', async (_label, body) => {
    const { cookie } = await signedIn();
    const event = await createEvent(server.store);
    const res = await report(event.id, body, cookie);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it.each(['pending', 'rejected', 'removed'] as const)(
    'answers 404 for a %s event, even to its submitter and to moderators',
    async (status) => {
      const { user, cookie } = await signedIn();
      const moderator = await createModerator(server.store);
      const event = await createEvent(server.store, { status, createdBy: user.id });
      for (const who of [cookie, await sessionCookieFor(server.store, moderator)]) {
        const res = await report(event.id, { reason: 'spam' }, who);
        expect(res.status).toBe(404);
        expect(((await res.json()) as ErrorBody).error.message).toBe(NOT_FOUND);
      }
      expect(await listReportsForEvent(server.store.db, event.id)).toEqual([]);
    },
  );

  it('answers 404 for an event that does not exist or an id that is not an id', async () => {
    const { cookie } = await signedIn();
    for (const id of ['AAAAAAAAAAAAAAAA', 'nope', 'x'.repeat(300)]) {
      const res = await report(id, { reason: 'spam' }, cookie);
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorBody).error.message).toBe(NOT_FOUND);
    }
  });

  it('keeps one open report per person: a repeat answers success and adds nothing', async () => {
    const { user, cookie } = await signedIn();
    const event = await createEvent(server.store);
    const first = await report(event.id, { reason: 'wrong_info' }, cookie);
    const again = await report(event.id, { reason: 'spam' }, cookie);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    // The first report stands.
    expect(((await again.json()) as ReportReceipt).reason).toBe('wrong_info');
    const rows = await listReportsForEvent(server.store.db, event.id);
    expect(rows.map((r) => [r.reported_by, r.reason])).toEqual([[user.id, 'wrong_info']]);

    // Another person's report on the same event is its own report.
    const other = await signedIn();
    expect((await report(event.id, { reason: 'spam' }, other.cookie)).status).toBe(201);
    expect(await listReportsForEvent(server.store.db, event.id)).toHaveLength(2);
  });

  it('keeps one open report when the same person reports many times at once', async () => {
    const { cookie } = await signedIn();
    const event = await createEvent(server.store);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        report(event.id, { reason: REPORT_REASONS[i % REPORT_REASONS.length] }, cookie),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const rows = await listReportsForEvent(server.store.db, event.id);
    expect(rows.filter((r) => r.status === 'open')).toHaveLength(1);
    expect(rows).toHaveLength(1);
  });

  it('accepts a new report once a moderator has closed the earlier one', async () => {
    const { cookie } = await signedIn();
    const event = await createEvent(server.store);
    await report(event.id, { reason: 'spam' }, cookie);
    await server.store.db
      .updateTable('reports')
      .set({ status: 'closed', closed_at: Date.now() })
      .where('event_id', '=', event.id)
      .execute();
    expect((await report(event.id, { reason: 'harmful_content' }, cookie)).status).toBe(201);
    const rows = await listReportsForEvent(server.store.db, event.id);
    expect(rows.map((r) => [r.status, r.reason])).toEqual([
      ['closed', 'spam'],
      ['open', 'harmful_content'],
    ]);
  });

  it('never shows who reported: not in the receipt, not on the event for anyone but moderators', async () => {
    const { user, cookie } = await signedIn();
    const event = await createEvent(server.store);
    const res = await report(event.id, { reason: 'spam' }, cookie);
    expect(JSON.stringify(await res.json())).not.toContain(user.id);

    const viewer = await signedIn();
    for (const path of [`/api/events/${event.id}`, '/api/events?pageSize=100']) {
      for (const who of [undefined, viewer.cookie, cookie]) {
        const body = await (await server.fetch(path, who ? { headers: { cookie: who } } : {})).text();
        expect(body).not.toContain(user.id);
        expect(body).not.toContain(user.email);
      }
    }
  });

  it('accepts 20 reports an hour per person, then answers 429 with a clear message', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2032-05-05T10:20:00Z') });
    const { cookie } = await signedIn();
    const events = await Promise.all(Array.from({ length: 21 }, () => createEvent(server.store)));
    for (const event of events.slice(0, 20)) {
      expect((await report(event.id, { reason: 'spam' }, cookie)).status).toBe(201);
    }
    const refused = await report(events[20]!.id, { reason: 'spam' }, cookie);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as ErrorBody).error).toEqual({
      code: 'rate_limited',
      message: 'You have sent 20 reports this hour, the most we accept. You can report again in 40 minutes.',
      messageCode: 'rateLimit.reportHour',
      messageParams: { limit: 20, minutes: 40 },
    });
    expect(refused.headers.get('retry-after')).toBe(String(40 * 60));
    expect(await listReportsForEvent(server.store.db, events[20]!.id)).toEqual([]);

    const other = await signedIn();
    expect((await report(events[20]!.id, { reason: 'spam' }, other.cookie)).status).toBe(201);
  });
});
