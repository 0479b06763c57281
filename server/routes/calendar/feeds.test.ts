import { XMLParser } from 'fast-xml-parser';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedDateTimeToInstant } from '../../../common/dates';
import type { EventRow } from '../../store/schema';
import { createEvent, createModerator, createUser, sessionCookieFor } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';

const DAY = 24 * 3600 * 1000;
const HOUR = 3600 * 1000;
const PUBLIC_URL = 'https://calendar.example.org';
let server: TestServer;

/** The wall-clock time an instant shows in a zone, as 'YYYY-MM-DD HH:MM'. */
function wallClock(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(date);
  const get = (t: string) => parts.find((p) => p.type === t)?.value;
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

function parseCalendar(text: string): ICAL.Component {
  return new ICAL.Component(ICAL.parse(text));
}

function vevents(text: string): ICAL.Event[] {
  return parseCalendar(text)
    .getAllSubcomponents('vevent')
    .map((c) => new ICAL.Event(c));
}

async function getText(path: string, init?: RequestInit): Promise<{ res: Response; text: string }> {
  const res = await server.fetch(path, init);
  return { res, text: await res.text() };
}

/** Any control character a calendar line may not hold (tab is allowed). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
const CONTROL_BUT_TAB = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F]/;

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_' });

// Last Sundays of March and October 2027: the UK changes clocks on both (BST starts / ends).
const springForward = zonedDateTimeToInstant('2027-03-28', '10:00', 'Europe/London').getTime();
const fallBack = zonedDateTimeToInstant('2027-10-31', '10:00', 'Europe/London').getTime();
// New York changes clocks on another Sunday (March 14, 2027): 18:30 local is 22:30 UTC that day.
const newYork = zonedDateTimeToInstant('2027-03-14', '18:30', 'America/New_York').getTime();

let spring: EventRow;
let autumn: EventRow;
let ny: EventRow;
let pending: EventRow;
let rejected: EventRow;
let removed: EventRow;
let hostile: EventRow;
let longPast: EventRow;
let submitterCookie: string;

beforeAll(async () => {
  server = await startTestServer({ env: { PUBLIC_URL } });
  const s = server.store;
  const submitter = await createUser(s);
  submitterCookie = await sessionCookieFor(s, submitter);
  spring = await createEvent(s, {
    title: 'Spring march',
    startsAt: springForward,
    timezone: 'Europe/London',
    city: 'London',
    country: 'United Kingdom',
    organizer: 'PSC London',
  });
  autumn = await createEvent(s, {
    title: 'Autumn vigil',
    startsAt: fallBack,
    timezone: 'Europe/London',
    type: 'cultural',
    city: 'Manchester',
    country: 'United Kingdom',
  });
  ny = await createEvent(s, {
    title: 'Teach-in',
    startsAt: newYork,
    timezone: 'America/New_York',
    type: 'educational',
    city: 'New York',
    country: 'United States',
  });
  pending = await createEvent(s, {
    title: 'Pending picnic',
    status: 'pending',
    startsAt: Date.now() + 2 * DAY,
    createdBy: submitter.id,
  });
  rejected = await createEvent(s, {
    title: 'Rejected rally',
    status: 'rejected',
    startsAt: Date.now() + DAY,
  });
  removed = await createEvent(s, { title: 'Removed rally', status: 'removed', startsAt: Date.now() + DAY });
  hostile = await createEvent(s, {
    title: 'Gaza, Jenin; and \\ more\nsecond line',
    description: `${'نحن هنا من أجل فلسطين '.repeat(12)}\n\nBring: water, signs; friends.`,
    city: 'Ramallah, Area A',
    country: 'Palestine',
    type: 'digital',
    startsAt: Date.now() + 3 * DAY,
    timezone: 'Asia/Hebron',
  });
  await createEvent(s, { title: 'Ongoing sit-in', startsAt: Date.now() - HOUR });
  longPast = await createEvent(s, { title: 'Last year rally', startsAt: Date.now() - 30 * DAY });
});
afterAll(() => server.close());

describe('one event as .ics', () => {
  it('serves an RFC 5545 file ical.js reads, with UID, URL, summary, location and a 2-hour default', async () => {
    const { res, text } = await getText(`/api/events/${spring.id}/ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="spring-march.ics"');
    const [event, ...rest] = vevents(text);
    expect(rest).toEqual([]);
    expect(event?.uid).toBe(`${spring.id}@calendar.example.org`);
    expect(event?.summary).toBe('Spring march');
    expect(event?.location).toBe('London, United Kingdom');
    expect(event?.description).toContain('A test event description.');
    expect(event?.description).toContain('Organized by: PSC London');
    expect(event?.description).toContain('Official source: https://example.org/event');
    const vevent = parseCalendar(text).getFirstSubcomponent('vevent');
    expect(vevent?.getFirstPropertyValue('url')).toBe(`${PUBLIC_URL}/event/${spring.id}`);
    expect(vevent?.getFirstPropertyValue('dtstamp')).toBeTruthy();
    expect(text).toContain('\r\nEND:VCALENDAR\r\n');
    expect(event!.endDate.toJSDate().getTime() - event!.startDate.toJSDate().getTime()).toBe(2 * HOUR);
  });

  it('keeps 10:00 in London on the day British Summer Time starts and on the day it ends', async () => {
    const springEvent = vevents((await getText(`/event/${spring.id}.ics`)).text)[0]!;
    const start = springEvent.startDate.toJSDate();
    expect(start.toISOString()).toBe('2027-03-28T09:00:00.000Z');
    expect(wallClock(start, 'Europe/London')).toBe('2027-03-28 10:00');
    expect(wallClock(springEvent.endDate.toJSDate(), 'Europe/London')).toBe('2027-03-28 12:00');

    const autumnEvent = vevents((await getText(`/event/${autumn.id}.ics`)).text)[0]!;
    const autumnStart = autumnEvent.startDate.toJSDate();
    expect(autumnStart.toISOString()).toBe('2027-10-31T10:00:00.000Z');
    expect(wallClock(autumnStart, 'Europe/London')).toBe('2027-10-31 10:00');
  });

  it('keeps the local time of a zone with another daylight-saving date', async () => {
    const event = vevents((await getText(`/event/${ny.id}.ics`)).text)[0]!;
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-03-14T22:30:00.000Z');
    expect(wallClock(event.startDate.toJSDate(), 'America/New_York')).toBe('2027-03-14 18:30');
  });

  it('escapes commas, semicolons, backslashes and newlines and folds lines at 75 octets', async () => {
    const { text } = await getText(`/event/${hostile.id}.ics`);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const event = vevents(text)[0]!;
    expect(event.summary).toBe('Gaza, Jenin; and \\ more\nsecond line');
    expect(event.location).toBe('Ramallah, Area A, Palestine');
    expect(event.description).toContain('نحن هنا من أجل فلسطين '.repeat(12).trim());
    expect(event.description).toContain('Bring: water, signs; friends.');
  });

  it('writes no control character into any value: a lone CR cannot start a line of its own', async () => {
    // As a row stored before input refused such text would be.
    const forged = await createEvent(server.store, {
      title: 'Vigil\rDTSTART:19700101T000000Z',
      description: 'Line\rATTACH:https://evil.example/x\u001b[8m hidden\u0085 \u0007end\r\nnext',
      organizer: 'Org\rX-FORGED:1',
      city: 'Leeds\u0001', // not NUL: PostgreSQL stores none
      country: 'UK\u009b',
      startsAt: Date.now() + 4 * DAY,
    });
    const files = [
      (await getText(`/event/${forged.id}.ics`)).text,
      (await getText('/calendar.ics')).text,
      (await getText(`/calendar.ics?search=${encodeURIComponent('vigil\rX-WR-FORGED:1\u001b\u0085')}`)).text,
    ];
    for (const text of files) {
      expect(text.split('\r\n').filter((line) => CONTROL_BUT_TAB.test(line))).toEqual([]);
      const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
      for (const name of ['ATTACH', 'X-FORGED', 'X-WR-FORGED']) {
        expect(
          lines.filter((line) => line.startsWith(`${name}:`)),
          name,
        ).toEqual([]);
      }
      expect(lines.filter((line) => line.startsWith('DTSTART:1970'))).toEqual([]);
    }
    const event = vevents(files[0] ?? '')[0]!;
    expect(event.summary).toBe('Vigil\nDTSTART:19700101T000000Z');
    expect(event.location).toBe('Leeds, UK');
    expect(event.description).toContain('Line\nATTACH:https://evil.example/x[8m hidden end\nnext');
    expect(files[2]).toContain('X-WR-CALNAME:');
  });

  it('gives pending events only to their submitter and moderators, and never removed ones', async () => {
    expect((await server.fetch(`/event/${pending.id}.ics`)).status).toBe(404);
    expect((await server.fetch(`/api/events/${pending.id}/ics`)).status).toBe(404);
    const other = await sessionCookieFor(server.store, await createUser(server.store));
    expect((await server.fetch(`/event/${pending.id}.ics`, { headers: { cookie: other } })).status).toBe(404);
    const own = await getText(`/event/${pending.id}.ics`, { headers: { cookie: submitterCookie } });
    expect(own.res.status).toBe(200);
    expect(vevents(own.text)[0]?.summary).toBe('Pending picnic');
    const moderator = await sessionCookieFor(server.store, await createModerator(server.store));
    expect(
      (await server.fetch(`/api/events/${pending.id}/ics`, { headers: { cookie: moderator } })).status,
    ).toBe(200);
    expect((await server.fetch(`/event/${removed.id}.ics`)).status).toBe(404);
    expect((await server.fetch(`/event/${rejected.id}.ics`)).status).toBe(404);
    expect((await server.fetch('/event/not-an-id.ics')).status).toBe(404);
    expect((await server.fetch('/api/events/AAAAAAAAAAAAAAAA/ics')).status).toBe(404);
  });
});

describe('subscribable calendar feed', () => {
  it('lists upcoming and just-started approved events, never pending, rejected, removed or old ones', async () => {
    const { res, text } = await getText('/calendar.ics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const calendar = parseCalendar(text);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Palestine Solidarity Calendar');
    const titles = vevents(text).map((e) => e.summary);
    expect(titles).toEqual(
      expect.arrayContaining(['Spring march', 'Autumn vigil', 'Teach-in', 'Ongoing sit-in', hostile.title]),
    );
    for (const hidden of ['Pending picnic', 'Rejected rally', 'Removed rally', 'Last year rally']) {
      expect(titles).not.toContain(hidden);
    }
    // Soonest first, and the times are the events' instants.
    const starts = vevents(text).map((e) => e.startDate.toJSDate().getTime());
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const springEvent = vevents(text).find((e) => e.uid === `${spring.id}@calendar.example.org`)!;
    expect(wallClock(springEvent.startDate.toJSDate(), 'Europe/London')).toBe('2027-03-28 10:00');
  });

  it('honours type, location and search, and names the filtered calendar', async () => {
    const byType = await getText('/calendar.ics?type=educational');
    expect(vevents(byType.text).map((e) => e.summary)).toEqual(['Teach-in']);
    expect(parseCalendar(byType.text).getFirstPropertyValue('x-wr-calname')).toBe(
      'Palestine Solidarity Calendar: Educational events',
    );
    const byLocation = await getText('/calendar.ics?location=manchester');
    expect(vevents(byLocation.text).map((e) => e.summary)).toEqual(['Autumn vigil']);
    const bySearch = await getText('/calendar.ics?search=MARCH&location=london');
    expect(vevents(bySearch.text).map((e) => e.summary)).toEqual(['Spring march']);
    const none = await getText('/calendar.ics?search=nothing-matches-this');
    expect(none.res.status).toBe(200);
    expect(vevents(none.text)).toEqual([]);
  });

  it('honours near a city, and names the calendar by it', async () => {
    // Manchester is 262 km from London: only the Manchester vigil is within 50 km of Salford.
    const near = await getText('/calendar.ics?near=Salford&km=50');
    expect(vevents(near.text).map((e) => e.summary)).toEqual(['Autumn vigil']);
    expect(parseCalendar(near.text).getFirstPropertyValue('x-wr-calname')).toBe(
      'Palestine Solidarity Calendar: Events within 50 km of Salford',
    );
    const far = await getText('/calendar.ics?near=Salford&km=10&type=protest');
    expect(vevents(far.text)).toEqual([]);
    const unknown = await getText('/calendar.ics?near=Quokkaville');
    expect(unknown.res.status).toBe(200);
    expect(vevents(unknown.text)).toEqual([]);
    expect((await getText('/calendar.ics?near=Salford&km=7')).res.status).toBe(400);
  });

  it('drops an event as soon as it is removed', async () => {
    const event = await createEvent(server.store, { title: 'Soon removed', startsAt: Date.now() + 5 * DAY });
    expect(vevents((await getText('/calendar.ics')).text).map((e) => e.summary)).toContain('Soon removed');
    await server.store.db
      .updateTable('events')
      .set({ status: 'removed' })
      .where('id', '=', event.id)
      .execute();
    expect(vevents((await getText('/calendar.ics')).text).map((e) => e.summary)).not.toContain(
      'Soon removed',
    );
  });

  it('answers 304 to a calendar app that already has the current feed, and 200 once it changes', async () => {
    const first = await server.fetch('/calendar.ics?type=educational');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await server.fetch('/calendar.ics?type=educational', {
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const added = await createEvent(server.store, {
      title: 'Second teach-in',
      type: 'educational',
      startsAt: Date.now() + 6 * DAY,
    });
    const changed = await server.fetch('/calendar.ics?type=educational', {
      headers: { 'if-none-match': etag! },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(vevents(await changed.text()).map((e) => e.summary)).toContain('Second teach-in');
    await server.store.db
      .updateTable('events')
      .set({ status: 'removed' })
      .where('id', '=', added.id)
      .execute();

    const rss = await server.fetch('/feed.xml');
    const rssAgain = await server.fetch('/feed.xml', {
      headers: { 'if-none-match': rss.headers.get('etag')! },
    });
    expect(rssAgain.status).toBe(304);
  });

  it('refuses filters it cannot read with a 400', async () => {
    const res = await server.fetch('/calendar.ics?type=party');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
  });
});

describe('RSS feed of newly approved events', () => {
  it('lists approved events newest approval first, as valid RSS 2.0', async () => {
    const s = server.store;
    const older = await createEvent(s, { title: 'Approved earlier' });
    const newer = await createEvent(s, { title: 'Approved later <b>&</b>' });
    await s.db
      .updateTable('events')
      .set({ approved_at: Date.now() + 1000 })
      .where('id', '=', older.id)
      .execute();
    await s.db
      .updateTable('events')
      .set({ approved_at: Date.now() + 2000 })
      .where('id', '=', newer.id)
      .execute();

    const { res, text } = await getText('/feed.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const doc = xml.parse(text);
    expect(doc.rss['@_version']).toBe('2.0');
    const items = [doc.rss.channel.item].flat() as {
      title: string;
      link: string;
      guid: { '#text': string };
    }[];
    expect(items[0]?.title).toBe('Approved later <b>&</b>');
    expect(items[1]?.title).toBe('Approved earlier');
    expect(items[0]?.link).toBe(`${PUBLIC_URL}/event/${newer.id}`);
    const titles = items.map((i) => i.title);
    for (const hidden of ['Pending picnic', 'Rejected rally', 'Removed rally'])
      expect(titles).not.toContain(hidden);
  });

  it('honours the filters', async () => {
    const doc = xml.parse((await getText('/feed.xml?type=cultural')).text);
    const items = [doc.rss.channel.item].flat() as { title: string }[];
    expect(items.map((i) => i.title)).toEqual(['Autumn vigil']);
    const near = xml.parse((await getText('/feed.xml?near=Manchester&km=10')).text);
    expect(([near.rss.channel.item].flat() as { title: string }[]).map((i) => i.title)).toEqual([
      'Autumn vigil',
    ]);
  });
});

describe('sitemap and robots.txt', () => {
  it('lists the home page and approved events only', async () => {
    const { res, text } = await getText('/sitemap.xml');
    expect(res.status).toBe(200);
    const locs = ([xml.parse(text).urlset.url].flat() as { loc: string }[]).map((u) => u.loc);
    expect(locs).toContain(`${PUBLIC_URL}/`);
    expect(locs).toContain(`${PUBLIC_URL}/event/${spring.id}`);
    expect(locs).toContain(`${PUBLIC_URL}/event/${longPast.id}`);
    for (const hidden of [pending, rejected, removed])
      expect(locs).not.toContain(`${PUBLIC_URL}/event/${hidden.id}`);
  });

  it('allows public pages and the API docs, keeps crawlers out of the rest of /api/, and points to the sitemap', async () => {
    const { res, text } = await getText('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = text.split('\n');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Allow: /api/docs');
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});
