import ICAL from 'ical.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../../common/schemas/errors';
import type { EventDto, EventList } from '../../../common/schemas/events';
import type { ModerationList } from '../../../common/schemas/moderation';
import type { SeriesDto } from '../../../common/schemas/series';
import { apiClient } from '../../testing/api';
import { createModerator, createUser, sessionCookieFor, validEventInput } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';

// Editing the whole series with its Repeats section (docs/PRODUCT.md#recurring-events): a new rule, time
// or end gives the series new dates. Waiting for review: in place; published: one proposed change that
// the moderator reads (rule in words, dates added and removed) and accepts in one transaction. Dates
// already over never change; a cancelled or moved date the new rule still gives keeps its state.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
});

const call = apiClient(() => server).answer;

/** A new organiser's and a moderator's sessions, made at the (possibly faked) time of the test. */
async function people() {
  const user = await createUser(server.store);
  const cookie = await sessionCookieFor(server.store, user);
  const moderatorCookie = await sessionCookieFor(server.store, await createModerator(server.store));
  return { user, cookie, moderatorCookie };
}

/** Six Friday vigils at 18:00 in London from 14 March 2031 (summer time from the 30th). */
async function submitSeries(cookie: string, title: string) {
  const first = await call<EventDto>(
    '/api/events',
    cookie,
    {
      ...validEventInput({ date: '2031-03-14', time: '18:00', title }),
      repeats: { freq: 'weekly', weekdays: ['FR'], count: 6 },
    },
    201,
  );
  return first.series?.id ?? '';
}

const seriesOf = (id: string, cookie: string | null) => call<SeriesDto>(`/api/series/${id}`, cookie);

/** The edit of every date, from the first date, with a rule. */
const editBody = (series: SeriesDto, repeats: unknown, fields: Record<string, string> = {}) => ({
  ...validEventInput({ date: '2031-03-14', time: '18:00', ...fields }),
  repeats,
  version: series.version,
});

/** The dates a series has (not withdrawn), as instants, with their state. */
const datesOf = (series: SeriesDto) =>
  series.occurrences.filter((o) => o.status !== 'withdrawn').map((o) => `${o.date} ${o.status}`);

/** Every start ical.js expands the series' file to. */
async function calendarDates(id: string): Promise<string[]> {
  const res = await server.fetch(`/api/series/${id}/ics`);
  expect(res.status).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(await res.text()));
  const vevents = calendar.getAllSubcomponents('vevent');
  const master = vevents.find((v) => !v.hasProperty('recurrence-id'));
  if (!master) throw new Error('no master VEVENT');
  const event = new ICAL.Event(master, { exceptions: vevents.filter((v) => v !== master) });
  const iterator = event.iterator();
  const dates: string[] = [];
  for (let next = iterator.next(); next && dates.length < 100; next = iterator.next()) {
    dates.push(event.getOccurrenceDetails(next).startDate.toJSDate().toISOString());
  }
  return dates.sort();
}

describe('a new rule for a series waiting for review', () => {
  it('changes it in place: a later end adds dates, other weekdays and an earlier end withdraw them', async () => {
    const { cookie, moderatorCookie } = await people();
    const id = await submitSeries(cookie, 'Draft vigil');
    const before = await seriesOf(id, cookie);

    // A later end, and 19:30: two more Fridays, every date at 19:30 London time.
    const later = await call<{ outcome: string; series: SeriesDto }>(
      `/api/series/${id}/edit`,
      cookie,
      editBody(before, { freq: 'weekly', weekdays: ['FR'], until: '2031-05-02' }, { time: '19:30' }),
    );
    expect(later.outcome).toBe('updated');
    expect(later.series.rule).toEqual({ freq: 'weekly', weekdays: ['FR'], until: '2031-05-02' });
    expect(datesOf(later.series)).toEqual([
      '2031-03-14T19:30:00.000Z pending',
      '2031-03-21T19:30:00.000Z pending',
      '2031-03-28T19:30:00.000Z pending',
      '2031-04-04T18:30:00.000Z pending',
      '2031-04-11T18:30:00.000Z pending',
      '2031-04-18T18:30:00.000Z pending',
      '2031-04-25T18:30:00.000Z pending',
      '2031-05-02T18:30:00.000Z pending',
    ]);
    // The dates it kept are the same events.
    expect(later.series.occurrences.slice(0, 6).map((o) => o.id)).toEqual(
      before.occurrences.map((o) => o.id),
    );
    const last = await call<EventDto>(`/api/events/${later.series.occurrences[7]?.id}`, cookie);
    expect(last.series).toMatchObject({ position: 7, total: 8, rule: { until: '2031-05-02' } });

    // Tuesdays and Fridays, 4 dates: 14, 18, 21 and 25 March; the later Fridays are withdrawn.
    const fewer = await call<{ outcome: string; series: SeriesDto }>(
      `/api/series/${id}/edit`,
      cookie,
      editBody(later.series, { freq: 'weekly', weekdays: ['TU', 'FR'], count: 4 }, { time: '19:30' }),
    );
    expect(datesOf(fewer.series)).toEqual([
      '2031-03-14T19:30:00.000Z pending',
      '2031-03-18T19:30:00.000Z pending',
      '2031-03-21T19:30:00.000Z pending',
      '2031-03-25T19:30:00.000Z pending',
    ]);
    expect(fewer.series.occurrences.filter((o) => o.status === 'withdrawn')).toHaveLength(6);
    const tuesday = await call<EventDto>(`/api/events/${fewer.series.occurrences[1]?.id}`, cookie);
    expect(tuesday.series).toMatchObject({ position: 1, total: 4, rule: { weekdays: ['TU', 'FR'] } });

    // Still reviewed once: the queue shows its first date, saying 4 dates.
    const queue = await call<ModerationList>(
      '/api/moderation/events?tab=pending&pageSize=100',
      moderatorCookie,
    );
    const waiting = queue.items.filter((item) => item.event.series?.id === id);
    expect(waiting.map((item) => item.event.id)).toEqual([before.occurrences[0]?.id]);
    expect(waiting[0]?.event.series?.total).toBe(4);
    // My events lists it once.
    const mine = await call<{ events: EventDto[] }>('/api/my/events', cookie);
    expect(mine.events.filter((e) => e.series?.id === id)).toHaveLength(1);
  });

  it('refuses a rule past the limits with the messages of a new series, a stale version, and anyone else', async () => {
    const { cookie } = await people();
    const id = await submitSeries(cookie, 'Guarded draft');
    const series = await seriesOf(id, cookie);
    const refuse = async (repeats: unknown) =>
      (await call<ApiError>(`/api/series/${id}/edit`, cookie, editBody(series, repeats), 400)).error;
    expect(await refuse({ freq: 'weekly', weekdays: ['MO', 'WE', 'FR'], until: '2031-12-01' })).toMatchObject(
      { fieldCodes: { repeats: { code: 'series.tooMany', params: { max: 60 } } } },
    );
    expect(await refuse({ freq: 'weekly', weekdays: ['FR'], until: '2032-06-01' })).toMatchObject({
      fieldCodes: { repeats: { code: 'series.tooLong' } },
    });
    expect(await refuse({ freq: 'weekly', weekdays: ['FR'], until: '2031-03-15' })).toMatchObject({
      fieldCodes: { repeats: { code: 'series.tooFew', params: { min: 2 } } },
    });
    expect(await refuse({ freq: 'weekly', weekdays: [], count: 4 })).toMatchObject({
      fieldCodes: { 'repeats.weekdays': { code: 'series.weekdaysRequired' } },
    });
    // Nothing changed.
    const after = await seriesOf(id, cookie);
    expect(after.version).toBe(series.version);
    expect(datesOf(after)).toEqual(datesOf(series));

    const body = editBody(series, { freq: 'weekly', weekdays: ['SA'], count: 3 });
    await call(`/api/series/${id}/edit`, null, body, 401);
    await call(`/api/series/${id}/edit`, (await people()).cookie, body, 404);
    await call(`/api/series/${id}/edit`, cookie, body);
    const stale = await call<ApiError>(`/api/series/${id}/edit`, cookie, body, 409);
    expect(stale.error.code).toBe('stale_version');
    expect(datesOf(await seriesOf(id, cookie))).toEqual([
      '2031-03-15T18:00:00.000Z pending',
      '2031-03-22T18:00:00.000Z pending',
      '2031-03-29T18:00:00.000Z pending',
    ]);
  });
});

describe('a new rule for a published series', () => {
  it('is proposed, shown to the moderator as old and new, and accepted in one go; dates over never change', async () => {
    const { user, cookie, moderatorCookie } = await people();
    const id = await submitSeries(cookie, 'Published vigil');
    const created = await seriesOf(id, cookie);
    await call(`/api/moderation/events/${created.occurrences[0]?.id}/approve`, moderatorCookie, {
      verified: false,
    });
    const [, , third, fourth] = (await seriesOf(id, cookie)).occurrences;
    await call(`/api/events/${third?.id}/schedule`, cookie, { schedule: 'cancelled' });
    await call(`/api/events/${fourth?.id}/move`, cookie, {
      date: '2031-04-04',
      time: '20:00',
      version: fourth?.version,
    });

    // A week later: 14 and 21 March are over.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-03-22T12:00:00Z') });
    const now = await people();
    const owner = await sessionCookieFor(server.store, user);
    const series = await seriesOf(id, owner);
    const proposed = await call<{ outcome: string; series: SeriesDto }>(
      `/api/series/${id}/edit`,
      owner,
      editBody(
        series,
        { freq: 'weekly', weekdays: ['FR'], until: '2031-05-09' },
        { title: 'Published vigil, longer' },
      ),
    );
    expect(proposed.outcome).toBe('proposed');
    // Nothing changes until a moderator accepts.
    expect(datesOf(proposed.series)).toEqual(datesOf(series));
    // Its submitter reads the rule waiting, to edit again from it; visitors do not.
    const waiting = {
      rule: { freq: 'weekly', weekdays: ['FR'], until: '2031-05-09' },
      firstDate: '2031-03-14',
    };
    expect(proposed.series.proposedRule).toEqual(waiting);
    expect((await seriesOf(id, owner)).proposedRule).toEqual(waiting);
    expect((await seriesOf(id, null)).proposedRule).toBeUndefined();

    const queue = await call<ModerationList>(
      '/api/moderation/events?tab=pending&pageSize=100',
      now.moderatorCookie,
    );
    const item = queue.items.find((i) => i.event.series?.id === id);
    expect(item?.event.id).toBe(third?.id);
    expect(item?.change?.series).toEqual({
      timezone: 'Europe/London',
      current: {
        rule: { freq: 'weekly', weekdays: ['FR'], count: 6 },
        weekday: 'FR',
        monthDay: 14,
        total: 6,
      },
      proposed: {
        rule: { freq: 'weekly', weekdays: ['FR'], until: '2031-05-09' },
        weekday: 'FR',
        monthDay: 14,
        total: 9,
      },
      added: ['2031-04-25T17:00:00.000Z', '2031-05-02T17:00:00.000Z', '2031-05-09T17:00:00.000Z'],
      removed: [],
    });
    await call(`/api/moderation/events/${item?.event.id}/accept-change`, now.moderatorCookie, {
      version: item?.event.version,
    });

    const accepted = await seriesOf(id, owner);
    expect(accepted.rule).toEqual({ freq: 'weekly', weekdays: ['FR'], until: '2031-05-09' });
    expect(accepted.proposedRule).toBeUndefined();
    // An edit begun before the acceptance is stale.
    const stale = await call<ApiError>(
      `/api/series/${id}/edit`,
      owner,
      editBody(proposed.series, { freq: 'weekly', weekdays: ['FR'], count: 6 }),
      409,
    );
    expect(stale.error.code).toBe('stale_version');
    expect(
      accepted.occurrences.map((o) => `${o.date} ${o.status} ${o.schedule}${o.moved ? ' moved' : ''}`),
    ).toEqual([
      '2031-03-14T18:00:00.000Z approved scheduled',
      '2031-03-21T18:00:00.000Z approved scheduled',
      '2031-03-28T18:00:00.000Z approved cancelled',
      '2031-04-04T19:00:00.000Z approved scheduled moved',
      '2031-04-11T17:00:00.000Z approved scheduled',
      '2031-04-18T17:00:00.000Z approved scheduled',
      '2031-04-25T17:00:00.000Z approved scheduled',
      '2031-05-02T17:00:00.000Z approved scheduled',
      '2031-05-09T17:00:00.000Z approved scheduled',
    ]);
    const titles = await Promise.all(
      accepted.occurrences.map(async (o) => (await call<EventDto>(`/api/events/${o.id}`, null)).title),
    );
    expect(titles).toEqual([
      'Published vigil',
      'Published vigil',
      ...Array(7).fill('Published vigil, longer'),
    ]);
    // Listed publicly, new dates included.
    const listed = await call<EventList>('/api/events?search=longer&pageSize=50', null);
    expect(listed.events.map((e) => e.date)).toContain('2031-05-09T17:00:00.000Z');
    // Logged once.
    const audit = await server.store.db
      .selectFrom('moderation_audit')
      .select('action')
      .where(
        'event_id',
        'in',
        accepted.occurrences.map((o) => o.id),
      )
      .where('action', '=', 'change_accepted')
      .execute();
    expect(audit).toHaveLength(1);

    // An earlier end: the later dates are withdrawn on acceptance; the cancelled and moved ones stay.
    const shorter = await call<{ outcome: string; series: SeriesDto }>(
      `/api/series/${id}/edit`,
      owner,
      editBody(
        accepted,
        { freq: 'weekly', weekdays: ['FR'], until: '2031-04-11' },
        { title: 'Published vigil, longer' },
      ),
    );
    expect(shorter.outcome).toBe('proposed');
    const again = await call<ModerationList>(
      '/api/moderation/events?tab=pending&pageSize=100',
      now.moderatorCookie,
    );
    const next = again.items.find((i) => i.event.series?.id === id);
    expect(next?.change?.series?.added).toEqual([]);
    expect(next?.change?.series?.removed).toEqual([
      '2031-04-18T17:00:00.000Z',
      '2031-04-25T17:00:00.000Z',
      '2031-05-02T17:00:00.000Z',
      '2031-05-09T17:00:00.000Z',
    ]);
    await call(`/api/moderation/events/${next?.event.id}/accept-change`, now.moderatorCookie, {
      version: next?.event.version,
    });
    const ended = await seriesOf(id, null);
    expect(ended.occurrences.map((o) => o.date)).toEqual([
      '2031-03-14T18:00:00.000Z',
      '2031-03-21T18:00:00.000Z',
      '2031-03-28T18:00:00.000Z',
      '2031-04-04T19:00:00.000Z',
      '2031-04-11T17:00:00.000Z',
    ]);
    const gone = await call<EventList>('/api/events?search=longer&pageSize=50', null);
    expect(gone.events.map((e) => e.date)).not.toContain('2031-04-18T17:00:00.000Z');
    expect(await calendarDates(id)).toEqual([
      '2031-03-14T18:00:00.000Z',
      '2031-03-21T18:00:00.000Z',
      '2031-04-04T19:00:00.000Z',
      '2031-04-11T17:00:00.000Z',
    ]);
  });

  it('a moderator’s new weekday applies at once; the calendar file gives the site’s dates, the Fridays over included', async () => {
    const { cookie, moderatorCookie } = await people();
    const id = await submitSeries(cookie, 'Weekday vigil');
    const created = await seriesOf(id, cookie);
    await call(`/api/moderation/events/${created.occurrences[0]?.id}/approve`, moderatorCookie, {
      verified: false,
    });
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-03-22T12:00:00Z') });
    const { moderatorCookie: moderator } = await people();
    const series = await seriesOf(id, moderator);
    // Saturdays from 14 March: 15 March is over (no date was held then), 22 March on are to come.
    const edited = await call<{ outcome: string; series: SeriesDto }>(
      `/api/series/${id}/edit`,
      moderator,
      editBody(series, { freq: 'weekly', weekdays: ['SA'], count: 6 }, { title: 'Saturday vigil' }),
    );
    expect(edited.outcome).toBe('updated');
    const site = (await seriesOf(id, null)).occurrences.map((o) => o.date);
    expect(site).toEqual([
      '2031-03-14T18:00:00.000Z',
      '2031-03-21T18:00:00.000Z',
      '2031-03-22T18:00:00.000Z',
      '2031-03-29T18:00:00.000Z',
      '2031-04-05T17:00:00.000Z',
      '2031-04-12T17:00:00.000Z',
      '2031-04-19T17:00:00.000Z',
    ]);
    expect(edited.series.occurrences.filter((o) => o.status === 'withdrawn')).toHaveLength(4);
    expect(await calendarDates(id)).toEqual(site);
    const audit = await server.store.db
      .selectFrom('moderation_audit')
      .select('action')
      .where(
        'event_id',
        'in',
        edited.series.occurrences.map((o) => o.id),
      )
      .where('action', '=', 'series_edited')
      .execute();
    expect(audit).toHaveLength(1);
  });
});

describe('a new rule accepted while a moderator edits the series', () => {
  it('never fails the request: each write applies whole or is told the series changed (409)', async () => {
    for (let round = 0; round < 3; round++) {
      const { cookie, moderatorCookie } = await people();
      const id = await submitSeries(cookie, `Raced vigil ${round}`);
      const created = await seriesOf(id, cookie);
      await call(`/api/moderation/events/${created.occurrences[0]?.id}/approve`, moderatorCookie, {
        verified: false,
      });
      const series = await seriesOf(id, cookie);
      await call(
        `/api/series/${id}/edit`,
        cookie,
        editBody(series, { freq: 'weekly', weekdays: ['FR'], count: 8 }, { title: `Raced vigil ${round}` }),
      );
      const queue = await call<ModerationList>(
        '/api/moderation/events?tab=pending&pageSize=100',
        moderatorCookie,
      );
      const item = queue.items.find((i) => i.event.series?.id === id);
      const current = await seriesOf(id, moderatorCookie);
      const statuses = await Promise.all([
        server.fetch(`/api/moderation/events/${item?.event.id}/accept-change`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: moderatorCookie },
          body: JSON.stringify({ version: item?.event.version }),
        }),
        server.fetch(`/api/series/${id}/edit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: moderatorCookie },
          body: JSON.stringify(
            editBody(
              current,
              { freq: 'weekly', weekdays: ['SA'], count: 4 },
              { title: `Raced vigil ${round}` },
            ),
          ),
        }),
      ]).then((responses) => responses.map((r) => r.status));
      for (const status of statuses) expect([200, 409]).toContain(status);
      expect(statuses).toContain(200);
      // Whichever won, the dates are those of one rule.
      const after = await seriesOf(id, moderatorCookie);
      const live = after.occurrences.filter((o) => o.status !== 'withdrawn').length;
      expect([4, 8]).toContain(live);
    }
  });
});
