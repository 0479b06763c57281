import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../common/schemas/errors';
import type { EventDto, EventList } from '../../../common/schemas/events';
import type { LogList } from '../../../common/schemas/log';
import type { ModerationCounts, ModerationList } from '../../../common/schemas/moderation';
import type { EventEditState } from '../../../common/schemas/ownership';
import type { SeriesDto, SeriesPreview } from '../../../common/schemas/series';
import type { UserRow } from '../../store/schema';
import { apiClient } from '../../testing/api';
import { createModerator, createUser, sessionCookieFor, validEventInput } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';

// Recurring events (docs/PRODUCT.md#recurring-events) through the API: a series is submitted once,
// reviewed once, listed date by date, and its submitter (or a moderator) cancels or moves one date,
// edits every date or ends it early.

let server: TestServer;
let moderator: UserRow;
let moderatorCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  moderator = await createModerator(server.store);
  moderatorCookie = await sessionCookieFor(server.store, moderator);
});
afterAll(() => server.close());

const call = apiClient(() => server).answer;

/** A new organiser and their session (each test its own: submissions are rate-limited per account). */
async function organiser() {
  const user = await createUser(server.store);
  return { user, cookie: await sessionCookieFor(server.store, user) };
}

const FRIDAYS = { freq: 'weekly', weekdays: ['FR'], count: 6 } as const;

/** Six Friday vigils at 18:00 in London from 14 March 2031, across the change to summer time on the 30th. */
const submitSeries = (cookie: string, fields: Record<string, string> = {}, repeats: unknown = FRIDAYS) =>
  call<EventDto>(
    '/api/events',
    cookie,
    { ...validEventInput({ date: '2031-03-14', time: '18:00', title: 'Friday vigil', ...fields }), repeats },
    201,
  );

const seriesOf = (id: string, cookie: string | null, status = 200) =>
  call<SeriesDto>(`/api/series/${id}`, cookie, undefined, status);
const approve = (eventId: string) =>
  call(`/api/moderation/events/${eventId}/approve`, moderatorCookie, { verified: false });

async function approvedSeries(cookie: string, fields: Record<string, string> = {}) {
  const first = await submitSeries(cookie, fields);
  await approve(first.id);
  const seriesId = first.series?.id ?? '';
  return { first, seriesId, series: await seriesOf(seriesId, cookie) };
}

describe('submitting a recurring event', () => {
  it('writes every date as an event of its own, pending, at 18:00 London time on both sides of the clock change', async () => {
    const { cookie } = await organiser();
    const first = await submitSeries(cookie);
    expect(first).toMatchObject({
      status: 'pending',
      date: '2031-03-14T18:00:00.000Z',
      series: {
        rule: { freq: 'weekly', weekdays: ['FR'], count: 6 },
        weekday: 'FR',
        position: 0,
        total: 6,
        moved: false,
      },
    });
    const series = await seriesOf(first.series?.id ?? '', cookie);
    expect(series.occurrences.map((o) => o.date)).toEqual([
      '2031-03-14T18:00:00.000Z',
      '2031-03-21T18:00:00.000Z',
      '2031-03-28T18:00:00.000Z',
      '2031-04-04T17:00:00.000Z',
      '2031-04-11T17:00:00.000Z',
      '2031-04-18T17:00:00.000Z',
    ]);
    expect(new Set(series.occurrences.map((o) => o.id)).size).toBe(6);
    expect(series.occurrences.every((o) => o.status === 'pending')).toBe(true);
    expect(series.canManage).toBe(true);
    // Nobody else sees a series waiting for review.
    await seriesOf(first.series?.id ?? '', null, 404);
    await seriesOf(first.series?.id ?? '', (await organiser()).cookie, 404);
  });

  it('refuses a rule without weekdays, past a year or over 60 dates, with the field and its message code', async () => {
    const { cookie } = await organiser();
    const refuse = async (repeats: unknown) =>
      (
        await call<ApiError>(
          '/api/events',
          cookie,
          { ...validEventInput({ date: '2031-03-14', time: '18:00' }), repeats },
          400,
        )
      ).error;
    expect(await refuse({ freq: 'weekly', count: 4 })).toMatchObject({
      fields: { 'repeats.weekdays': 'Choose at least one weekday' },
      fieldCodes: { 'repeats.weekdays': { code: 'series.weekdaysRequired' } },
    });
    expect(await refuse({ freq: 'weekly', weekdays: ['FR'], until: '2032-06-01' })).toMatchObject({
      fieldCodes: { repeats: { code: 'series.tooLong' } },
    });
    expect(await refuse({ freq: 'weekly', weekdays: ['MO', 'WE', 'FR'], until: '2031-12-01' })).toMatchObject(
      {
        fieldCodes: { repeats: { code: 'series.tooMany', params: { max: 60 } } },
      },
    );
    expect(await refuse({ freq: 'monthly_day', count: 1 })).toMatchObject({
      fieldCodes: { 'repeats.count': { code: 'series.countRange' } },
    });
    // Nothing was written.
    const mine = await call<{ total: number }>('/api/my/events', cookie);
    expect(mine.total).toBe(0);
  });

  it('previews the dates as the site writes them, in the request’s language and the event’s zone', async () => {
    // From Friday 21 March, "the last Friday": the 28th first.
    const preview = await call<SeriesPreview>('/api/series/preview?lang=fr', null, {
      date: '2031-03-21',
      time: '19:00',
      timezone: 'Australia/Sydney',
      repeats: { freq: 'monthly_weekday', nth: -1, count: 3 },
    });
    expect(preview.total).toBe(3);
    expect(preview.dates.map((d) => d.date)).toEqual([
      '2031-03-28T08:00:00.000Z',
      '2031-04-25T09:00:00.000Z',
      '2031-05-30T09:00:00.000Z',
    ]);
    expect(preview.dates[0]?.label).toBe('vendredi 28 mars 2031 à 19:00');
    const refused = await call<ApiError>(
      '/api/series/preview',
      null,
      {
        date: '2031-03-26',
        time: '19:00',
        timezone: 'Nowhere/Atlantis',
        repeats: { freq: 'monthly_day', count: 3 },
      },
      400,
    );
    expect(refused.error.fields?.timezone).toBeDefined();
  });
});

describe('withdrawing a series', () => {
  it('takes every date waiting for review back at once', async () => {
    const { cookie } = await organiser();
    const first = await submitSeries(cookie, { title: 'Withdrawn vigil' });
    await call(`/api/events/${first.id}/withdraw`, cookie, { version: first.version });
    const series = await seriesOf(first.series?.id ?? '', cookie);
    expect(series.occurrences.map((o) => o.status)).toEqual(Array(6).fill('withdrawn'));
    const queue = await call<ModerationList>(
      '/api/moderation/events?tab=pending&pageSize=100',
      moderatorCookie,
    );
    expect(queue.items.filter((item) => item.event.series?.id === series.id)).toEqual([]);
  });
});

describe('reviewing a series once', () => {
  it('shows it once in the queue, and one approval publishes every date with one audit entry', async () => {
    const { cookie } = await organiser();
    const before = await call<ModerationCounts>('/api/moderation/counts', moderatorCookie);
    const first = await submitSeries(cookie, { title: 'Queue vigil' });
    const after = await call<ModerationCounts>('/api/moderation/counts', moderatorCookie);
    expect(after.pending).toBe(before.pending + 1);
    const queue = await call<ModerationList>(
      '/api/moderation/events?tab=pending&pageSize=100',
      moderatorCookie,
    );
    const items = queue.items.filter((item) => item.event.series?.id === first.series?.id);
    expect(items.map((item) => item.event.id)).toEqual([first.id]);
    expect(items[0]?.event.series).toMatchObject({ total: 6, position: 0 });

    await approve(first.id);
    const series = await seriesOf(first.series?.id ?? '', null);
    expect(series.occurrences.map((o) => o.status)).toEqual(Array(6).fill('approved'));
    const audit = await server.store.db
      .selectFrom('moderation_audit')
      .select(['event_id', 'action'])
      .where(
        'event_id',
        'in',
        series.occurrences.map((o) => o.id),
      )
      .execute();
    expect(audit).toEqual([{ event_id: first.id, action: 'approved' }]);
    expect((await call<ModerationCounts>('/api/moderation/counts', moderatorCookie)).pending).toBe(
      before.pending,
    );
  });

  it('one rejection rejects every date, with one log entry', async () => {
    const { cookie } = await organiser();
    const first = await submitSeries(cookie, { title: 'Rejected vigil' });
    await call(`/api/moderation/events/${first.id}/reject`, moderatorCookie, { reason: 'Not a real event' });
    const series = await seriesOf(first.series?.id ?? '', cookie);
    expect(series.occurrences.map((o) => o.status)).toEqual(Array(6).fill('rejected'));
    const log = await server.store.db
      .selectFrom('transparency_log')
      .select(['event_id', 'action', 'reason'])
      .where(
        'event_id',
        'in',
        series.occurrences.map((o) => o.id),
      )
      .execute();
    expect(log).toEqual([{ event_id: first.id, action: 'rejected', reason: 'Not a real event' }]);
    // Its one entry says how many dates it covered.
    const entries = await call<LogList>('/api/log?pageSize=100', moderatorCookie);
    expect(entries.entries.find((e) => e.eventId === first.id)).toMatchObject({
      action: 'rejected',
      eventTitle: 'Rejected vigil',
      seriesDates: 6,
    });
  });
});

describe('a published series', () => {
  it('lists every date on its own, in search too, each saying what it repeats by', async () => {
    const { cookie } = await organiser();
    const { series } = await approvedSeries(cookie, { title: 'Olive grove solidarity vigil' });
    const found = await call<EventList>('/api/events?search=olive%20grove&pageSize=50', null);
    expect(found.events.map((e) => e.id)).toEqual(series.occurrences.map((o) => o.id));
    expect(found.events.map((e) => e.series?.position)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(found.events[3]?.series).toMatchObject({ rule: { freq: 'weekly', weekdays: ['FR'] }, total: 6 });
    // Each date has its own page.
    const fourth = await call<EventDto>(`/api/events/${series.occurrences[3]?.id}`, null);
    expect(fourth.date).toBe('2031-04-04T17:00:00.000Z');
  });

  it('cancels one date: it stays listed with its tag, the others are untouched', async () => {
    const { cookie } = await organiser();
    const { series } = await approvedSeries(cookie, { title: 'Cancel one vigil' });
    const second = series.occurrences[1];
    await call(`/api/events/${second?.id}/schedule`, cookie, {
      schedule: 'cancelled',
      version: second?.version,
    });
    const after = await seriesOf(series.id, null);
    expect(after.occurrences.map((o) => o.schedule)).toEqual([
      'scheduled',
      'cancelled',
      'scheduled',
      'scheduled',
      'scheduled',
      'scheduled',
    ]);
  });

  it('moves one date: that one changes time and says it moved; a stale version is refused', async () => {
    const { cookie } = await organiser();
    const { series } = await approvedSeries(cookie, { title: 'Move one vigil' });
    const third = series.occurrences[2];
    const moved = await call<EventDto>(`/api/events/${third?.id}/move`, cookie, {
      date: '2031-03-29',
      time: '14:00',
      endTime: '16:00',
      version: third?.version,
    });
    expect(moved).toMatchObject({
      date: '2031-03-29T14:00:00.000Z',
      endDate: '2031-03-29T16:00:00.000Z',
      status: 'approved',
      series: { position: 2, moved: true },
    });
    const stale = await call<ApiError>(
      `/api/events/${third?.id}/move`,
      cookie,
      { date: '2031-03-29', time: '15:00', version: third?.version },
      409,
    );
    expect(stale.error.code).toBe('stale_version');
    // A postponed date given its new time goes ahead on it.
    const fourth = series.occurrences[3];
    await call(`/api/events/${fourth?.id}/schedule`, cookie, { schedule: 'postponed', note: 'Hall flooded' });
    const postponed = await call<EventDto>(`/api/events/${fourth?.id}`, cookie);
    const goesAhead = await call<EventDto>(`/api/events/${fourth?.id}/move`, cookie, {
      date: '2031-04-05',
      time: '14:00',
      version: postponed.version,
    });
    expect([goesAhead.schedule, goesAhead.scheduleNote]).toEqual(['scheduled', undefined]);
    // Only occurrences of a series move.
    const single = await call<EventDto>('/api/events', cookie, validEventInput(), 201);
    await call(
      `/api/events/${single.id}/move`,
      cookie,
      { date: '2031-05-18', time: '10:00', version: 1 },
      409,
    );
  });

  it("refuses to move a date onto the day of another date still going ahead; a cancelled date's day is free", async () => {
    const { cookie } = await organiser();
    const { series } = await approvedSeries(cookie, { title: 'Duplicate vigil' });
    const [, second, third, fourth] = series.occurrences;
    // The 3rd date (28 March) onto the 4th's day (4 April), at its very time: an exact duplicate.
    const refused = await call<ApiError>(
      `/api/events/${third?.id}/move`,
      cookie,
      { date: '2031-04-04', time: '18:00', version: third?.version },
      409,
    );
    expect(refused.error).toMatchObject({ code: 'date_taken', messageCode: 'series.dayTaken' });
    expect(refused.error.message).toBe(
      'Another date of this recurring event is already on that day. Choose another day, or change that date instead.',
    );
    // Nothing moved.
    expect((await seriesOf(series.id, cookie)).occurrences[2]).toMatchObject({
      date: '2031-03-28T18:00:00.000Z',
      moved: false,
      version: third?.version,
    });
    // Another time on its own day is fine; so is the day of a date cancelled meanwhile.
    await call(`/api/events/${third?.id}/move`, cookie, {
      date: '2031-03-28',
      time: '15:00',
      version: third?.version,
    });
    await call(`/api/events/${second?.id}/schedule`, cookie, {
      schedule: 'cancelled',
      version: second?.version,
    });
    const ontoCancelled = await call<EventDto>(`/api/events/${fourth?.id}/move`, cookie, {
      date: '2031-03-21',
      time: '18:00',
      version: fourth?.version,
    });
    expect(ontoCancelled.series?.moved).toBe(true);
  });

  it('ends early: later dates leave the list, the rule gets its last date, the kept dates say how many', async () => {
    const { cookie } = await organiser();
    const { series } = await approvedSeries(cookie, { title: 'Ending vigil' });
    const ended = await call<SeriesDto>(`/api/series/${series.id}/end`, cookie, {
      lastDate: '2031-03-28',
      version: series.version,
    });
    expect(ended.endedAfter).toBe('2031-03-28');
    expect(ended.rule).toEqual({ freq: 'weekly', weekdays: ['FR'], until: '2031-03-28' });
    expect(ended.occurrences.map((o) => o.status)).toEqual([
      'approved',
      'approved',
      'approved',
      'withdrawn',
      'withdrawn',
      'withdrawn',
    ]);
    const publicView = await seriesOf(series.id, null);
    expect(publicView.occurrences).toHaveLength(3);
    const listed = await call<EventList>('/api/events?search=ending%20vigil&pageSize=50', null);
    expect(listed.events.map((e) => e.series?.total)).toEqual([3, 3, 3]);
    await call(`/api/events/${series.occurrences[4]?.id}`, null, undefined, 404);
    // Based on the old version: refused.
    await call(
      `/api/series/${series.id}/end`,
      cookie,
      { lastDate: '2031-03-21', version: series.version },
      409,
    );
    await call(
      `/api/series/${series.id}/end`,
      cookie,
      { lastDate: '2031-03-01', version: ended.version },
      400,
    );
  });

  it('edits a series waiting for review in place, every date on its own day', async () => {
    const { cookie } = await organiser();
    const first = await submitSeries(cookie, { title: 'Draft vigil' });
    const series = await seriesOf(first.series?.id ?? '', cookie);
    const edited = await call<{ outcome: string; series: SeriesDto }>(
      `/api/series/${series.id}/edit`,
      cookie,
      {
        ...validEventInput({ date: '2031-03-14', time: '19:30', title: 'Evening vigil' }),
        version: series.version,
      },
    );
    expect(edited.outcome).toBe('updated');
    expect(edited.series.title).toBe('Evening vigil');
    expect(edited.series.occurrences.map((o) => o.date)).toEqual([
      '2031-03-14T19:30:00.000Z',
      '2031-03-21T19:30:00.000Z',
      '2031-03-28T19:30:00.000Z',
      '2031-04-04T18:30:00.000Z',
      '2031-04-11T18:30:00.000Z',
      '2031-04-18T18:30:00.000Z',
    ]);
    const fifth = await call<EventDto>(`/api/events/${series.occurrences[4]?.id}`, cookie);
    expect(fifth.title).toBe('Evening vigil');
  });

  it('edits a published series through one proposed change, which a moderator accepts for every date', async () => {
    const { cookie } = await organiser();
    const { first, series } = await approvedSeries(cookie, { title: 'Published vigil' });
    const proposed = await call<{ outcome: string; series: SeriesDto }>(
      `/api/series/${series.id}/edit`,
      cookie,
      {
        ...validEventInput({
          date: '2031-03-14',
          time: '18:00',
          title: 'Published vigil, new venue',
          city: 'Manchester',
        }),
        version: series.version,
      },
    );
    expect(proposed.outcome).toBe('proposed');
    // The published version stays live meanwhile.
    expect((await call<EventDto>(`/api/events/${series.occurrences[5]?.id}`, null)).title).toBe(
      'Published vigil',
    );
    const queue = await call<ModerationList>(
      '/api/moderation/events?tab=pending&pageSize=100',
      moderatorCookie,
    );
    const waiting = queue.items.filter((item) => item.event.series?.id === series.id);
    expect(waiting).toHaveLength(1);
    const lead = waiting[0]?.event;
    expect(lead?.id).toBe(first.id);
    await call(`/api/moderation/events/${lead?.id}/accept-change`, moderatorCookie, {
      version: lead?.version,
    });
    const after = await call<EventList>('/api/events?search=new%20venue&pageSize=50', null);
    expect(after.events.map((e) => e.id)).toEqual(series.occurrences.map((o) => o.id));
    expect(after.events.every((e) => e.location.city === 'Manchester')).toBe(true);
    expect(after.events.map((e) => e.date)).toEqual(series.occurrences.map((o) => o.date));
  });

  it('an accepted change keeps the time of a date that was moved, the date carrying the change included', async () => {
    const { cookie } = await organiser();
    const { first, series } = await approvedSeries(cookie, { title: 'Moved lead vigil' });
    // The first date moves to 14:00 (London is on GMT on 14 March 2031).
    const moved = await call<EventDto>(`/api/events/${first.id}/move`, cookie, {
      date: '2031-03-14',
      time: '14:00',
      version: series.occurrences[0]?.version,
    });
    expect(moved.date).toBe('2031-03-14T14:00:00.000Z');
    const now = await seriesOf(series.id, cookie);
    await call(`/api/series/${series.id}/edit`, cookie, {
      ...validEventInput({ date: '2031-03-14', time: '19:00', title: 'Moved lead vigil, later' }),
      version: now.version,
    });
    const queue = await call<ModerationList>(
      '/api/moderation/events?tab=pending&pageSize=100',
      moderatorCookie,
    );
    const lead = queue.items.find((item) => item.event.series?.id === series.id)?.event;
    expect(lead?.id).toBe(first.id);
    await call(`/api/moderation/events/${lead?.id}/accept-change`, moderatorCookie, {
      version: lead?.version,
    });
    const after = await seriesOf(series.id, cookie);
    // The moved date keeps 14:00 and takes the new title; the others move to 19:00 (GMT, then BST).
    const dates = await Promise.all(
      after.occurrences.map((o) => call<EventDto>(`/api/events/${o.id}`, cookie)),
    );
    expect(dates.map((d) => d.title)).toEqual(Array(6).fill('Moved lead vigil, later'));
    expect(dates.map((d) => d.date)).toEqual([
      '2031-03-14T14:00:00.000Z',
      '2031-03-21T19:00:00.000Z',
      '2031-03-28T19:00:00.000Z',
      '2031-04-04T18:00:00.000Z',
      '2031-04-11T18:00:00.000Z',
      '2031-04-18T18:00:00.000Z',
    ]);
  });

  it("any date's edit state names the change waiting for the whole series, wherever it sits", async () => {
    const { cookie } = await organiser();
    const { first, series } = await approvedSeries(cookie, { title: 'Waiting change vigil' });
    await call(`/api/series/${series.id}/edit`, cookie, {
      ...validEventInput({ date: '2031-03-14', time: '18:00', title: 'Waiting change vigil, new title' }),
      version: series.version,
    });
    // The change sits on the first date; "Edit every date" opened on any date starts from it. It is
    // not a date's own change: one date's form starts from that date (seriesDateChange.test.ts).
    for (const id of [first.id, series.occurrences[3]?.id]) {
      const state = await call<EventEditState>(`/api/events/${id}/edit`, cookie);
      expect(state.change).toBeUndefined();
      expect(state.seriesChange).toMatchObject({
        status: 'pending',
        values: { title: 'Waiting change vigil, new title' },
      });
    }
  });

  it('a moderator removes every published date at once, with one log entry; one date alone stays possible', async () => {
    const { cookie } = await organiser();
    const { series } = await approvedSeries(cookie, { title: 'Removed vigil' });
    const [first, second] = series.occurrences;
    await call(`/api/moderation/events/${second?.id}/remove`, moderatorCookie, { reason: 'Wrong date' });
    expect((await seriesOf(series.id, null)).occurrences).toHaveLength(5);
    await call(`/api/moderation/series/${series.id}/remove`, cookie, { reason: 'Spam' }, 403);
    const removed = await call<{ events: EventDto[] }>(
      `/api/moderation/series/${series.id}/remove`,
      moderatorCookie,
      {
        reason: 'Not a real event',
      },
    );
    expect(removed.events.map((e) => e.status)).toEqual(Array(5).fill('removed'));
    await seriesOf(series.id, null, 404);
    const log = await server.store.db
      .selectFrom('transparency_log')
      .select(['event_id', 'reason'])
      .where(
        'event_id',
        'in',
        series.occurrences.map((o) => o.id),
      )
      .orderBy('created_at')
      .execute();
    expect(log).toEqual([
      { event_id: second?.id, reason: 'Wrong date' },
      { event_id: first?.id, reason: 'Not a real event' },
    ]);
    // Nothing left published: a second removal changes nothing.
    await call(`/api/moderation/series/${series.id}/remove`, moderatorCookie, {}, 409);
  });

  it('lets only its submitter and moderators change it', async () => {
    const { cookie } = await organiser();
    const { series } = await approvedSeries(cookie, { title: 'Guarded vigil' });
    const other = (await organiser()).cookie;
    const body = { lastDate: '2031-03-21', version: series.version };
    await call(`/api/series/${series.id}/end`, null, body, 401);
    await call(`/api/series/${series.id}/end`, other, body, 404);
    await call(
      `/api/series/${series.id}/edit`,
      other,
      { ...validEventInput(), version: series.version },
      404,
    );
    const first = series.occurrences[0];
    await call(
      `/api/events/${first?.id}/move`,
      other,
      { date: '2031-03-15', time: '10:00', version: first?.version },
      404,
    );
    // A moderator may.
    const ended = await call<SeriesDto>(`/api/series/${series.id}/end`, moderatorCookie, body);
    expect(ended.occurrences.filter((o) => o.status === 'approved')).toHaveLength(2);
  });
});
