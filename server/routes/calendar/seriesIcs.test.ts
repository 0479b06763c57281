import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '../../../common/schemas/events';
import type { SeriesDto } from '../../../common/schemas/series';
import { createModerator, createUser, sessionCookieFor, validEventInput } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';

// A series' calendar file (docs/PRODUCT.md#recurring-events, "Add the whole series"), read by an
// independent parser: ical.js expands its RRULE, EXDATE and overrides (RECURRENCE-ID) to exactly the
// dates the site shows, across daylight-saving changes in the series' own zone.

let server: TestServer;
let moderatorCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  moderatorCookie = await sessionCookieFor(server.store, await createModerator(server.store));
});
afterAll(() => server.close());

async function post<T>(path: string, cookie: string, body: unknown, status = 200): Promise<T> {
  const res = await server.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** A published series by a new organiser: its first date, and the organiser's session. */
async function publishedSeries(fields: Record<string, string>, repeats: unknown) {
  const cookie = await sessionCookieFor(server.store, await createUser(server.store));
  const first = await post<EventDto>('/api/events', cookie, { ...validEventInput(fields), repeats }, 201);
  await post(`/api/moderation/events/${first.id}/approve`, moderatorCookie, { verified: false });
  return { cookie, seriesId: first.series?.id ?? '' };
}

const seriesOf = async (id: string) => (await (await server.fetch(`/api/series/${id}`)).json()) as SeriesDto;

/** The dates the site shows as happening: published and not called off. */
const siteDates = async (id: string) =>
  (await seriesOf(id)).occurrences.filter((o) => o.schedule === 'scheduled').map((o) => o.date);

/** Every start an independent parser expands the series' file to, as ISO instants. */
async function calendarDates(id: string): Promise<{ dates: string[]; text: string; master: ICAL.Component }> {
  const res = await server.fetch(`/api/series/${id}/ics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/calendar');
  const text = await res.text();
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevents = calendar.getAllSubcomponents('vevent');
  const master = vevents.find((v) => !v.hasProperty('recurrence-id'));
  if (!master) throw new Error('no master VEVENT');
  const event = new ICAL.Event(master, { exceptions: vevents.filter((v) => v !== master) });
  const iterator = event.iterator();
  const dates: string[] = [];
  for (let next = iterator.next(); next && dates.length < 100; next = iterator.next()) {
    dates.push(event.getOccurrenceDetails(next).startDate.toJSDate().toISOString());
  }
  return { dates: dates.sort(), text, master };
}

describe('GET /api/series/:id/ics', () => {
  it('expands, in London across the March change, to the site’s dates: a cancelled one left out, a moved one moved', async () => {
    const { cookie, seriesId } = await publishedSeries(
      { date: '2031-03-14', time: '18:00', timezone: 'Europe/London', title: 'London Friday vigil' },
      { freq: 'weekly', weekdays: ['FR'], count: 6 },
    );
    const series = await seriesOf(seriesId);
    const [, second, third] = series.occurrences;
    await post(`/api/events/${second?.id}/schedule`, cookie, { schedule: 'cancelled' });
    await post(`/api/events/${third?.id}/move`, cookie, {
      date: '2031-03-29',
      time: '14:00',
      version: third?.version,
    });

    const { dates, text, master } = await calendarDates(seriesId);
    expect(dates).toEqual(await siteDates(seriesId));
    expect(dates).toEqual([
      '2031-03-14T18:00:00.000Z',
      '2031-03-29T14:00:00.000Z',
      '2031-04-04T17:00:00.000Z',
      '2031-04-11T17:00:00.000Z',
      '2031-04-18T17:00:00.000Z',
    ]);
    expect(text).toContain('RRULE:FREQ=WEEKLY;BYDAY=FR;WKST=MO;COUNT=6');
    expect(text).toContain('DTSTART;TZID=Europe/London:20310314T180000');
    expect(text).toContain('EXDATE;TZID=Europe/London:20310321T180000');
    expect(text).toContain('RECURRENCE-ID;TZID=Europe/London:20310328T180000');
    expect(text).toContain('BEGIN:VTIMEZONE');

    // Its UID is the series' own: no VEVENT of the feed (one per date) shares it.
    const feed = await (await server.fetch('/calendar.ics')).text();
    const uid = master.getFirstPropertyValue('uid');
    expect(uid).toMatch(/^series-/);
    expect(feed).not.toContain(`UID:${uid}`);
    for (const occurrence of series.occurrences) expect(feed).toContain(`UID:${occurrence.id}@`);
  });

  it('expands every other Sunday in New York across the November change, and stops where the series was ended', async () => {
    const { cookie, seriesId } = await publishedSeries(
      { date: '2031-10-19', time: '10:30', timezone: 'America/New_York', title: 'New York teach-in' },
      { freq: 'biweekly', weekdays: ['SU'], until: '2031-12-31' },
    );
    const before = await calendarDates(seriesId);
    expect(before.dates).toEqual(await siteDates(seriesId));
    expect(before.dates).toEqual([
      '2031-10-19T14:30:00.000Z',
      // Eastern Standard Time from 2 November.
      '2031-11-02T15:30:00.000Z',
      '2031-11-16T15:30:00.000Z',
      '2031-11-30T15:30:00.000Z',
      '2031-12-14T15:30:00.000Z',
      '2031-12-28T15:30:00.000Z',
    ]);
    const series = await seriesOf(seriesId);
    await post(`/api/series/${seriesId}/end`, cookie, { lastDate: '2031-11-20', version: series.version });
    const after = await calendarDates(seriesId);
    expect(after.dates).toEqual(await siteDates(seriesId));
    expect(after.dates).toHaveLength(3);
    expect(after.text).toContain('RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=SU;WKST=MO;UNTIL=20311121T045959Z');
  });

  it('expands the last Friday of the month in Sydney across the April and October changes', async () => {
    const { seriesId } = await publishedSeries(
      {
        date: '2031-03-28',
        time: '19:00',
        timezone: 'Australia/Sydney',
        city: 'Sydney',
        country: 'Australia',
      },
      { freq: 'monthly_weekday', nth: -1, count: 8 },
    );
    const { dates } = await calendarDates(seriesId);
    expect(dates).toEqual(await siteDates(seriesId));
    expect(dates[0]).toBe('2031-03-28T08:00:00.000Z');
    expect(dates[1]).toBe('2031-04-25T09:00:00.000Z');
    expect(dates[7]).toBe('2031-10-31T08:00:00.000Z');
  });

  it('shows a withheld venue to its submitter and moderators only, and is then never cached as shared', async () => {
    const { cookie, seriesId } = await publishedSeries(
      {
        venue: 'Community Hall',
        address: '12 Quiet Road',
        placeVisibility: 'signed_in',
        title: 'Signed-in teach-in',
      },
      { freq: 'weekly', weekdays: ['SA'], count: 3 },
    );
    const fileFor = async (who: string | undefined) => {
      const res = await server.fetch(`/api/series/${seriesId}/ics`, who ? { headers: { cookie: who } } : {});
      expect(res.status).toBe(200);
      return { text: (await res.text()).replace(/\r\n[ \t]/g, ''), cache: res.headers.get('cache-control') };
    };
    const visitor = await fileFor(undefined);
    expect(visitor.text).not.toContain('Community Hall');
    expect(visitor.text).not.toContain('12 Quiet Road');
    expect(visitor.text).toContain('Sign in to see the exact location');
    expect(visitor.cache).toBe('private, no-store');
    for (const who of [cookie, moderatorCookie]) {
      const file = await fileFor(who);
      expect(file.text).toContain('LOCATION:Community Hall\\, 12 Quiet Road');
      expect(file.cache).toBe('private, no-store');
    }
    // An address for everyone: the same file for all, so caches may keep it.
    const open = await publishedSeries(
      { venue: 'Open Hall' },
      { freq: 'weekly', weekdays: ['SA'], count: 2 },
    );
    const res = await server.fetch(`/api/series/${open.seriesId}/ics`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await res.text()).toContain('Open Hall');
  });

  it('is not found for a series nobody may see yet', async () => {
    const cookie = await sessionCookieFor(server.store, await createUser(server.store));
    const first = await post<EventDto>(
      '/api/events',
      cookie,
      { ...validEventInput(), repeats: { freq: 'monthly_day', count: 3 } },
      201,
    );
    expect((await server.fetch(`/api/series/${first.series?.id}/ics`)).status).toBe(404);
    expect((await server.fetch('/api/series/notAnIdAtAll!/ics')).status).toBe(404);
  });
});
