import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '../../../common/schemas/events';
import type { SeriesDto } from '../../../common/schemas/series';
import { createModerator, createUser, sessionCookieFor, validEventInput } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';

// A date of a recurring event says so where the site writes it for others (docs/PRODUCT.md#recurring-events):
// its RSS item and its own calendar file say how it repeats and how many dates, in the reader's
// language, with the whole series' file; its page's JSON-LD carries the series as a schema.org Schedule.

const PUBLIC_URL = 'https://calendar.example.org';
let server: TestServer;
let webRoot: string;
let series: SeriesDto;
let monthly: EventDto;

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

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'palcal-series-shell-'));
  copyFileSync(join(process.cwd(), 'web', 'index.html'), join(webRoot, 'index.html'));
  server = await startTestServer({ env: { PUBLIC_URL }, webRoot });
  const cookie = await sessionCookieFor(server.store, await createUser(server.store));
  const moderator = await sessionCookieFor(server.store, await createModerator(server.store));
  const publish = async (fields: Record<string, string>, repeats: unknown) => {
    const first = await post<EventDto>('/api/events', cookie, { ...validEventInput(fields), repeats }, 201);
    await post(`/api/moderation/events/${first.id}/approve`, moderator, { verified: false });
    return first;
  };
  const first = await publish(
    { date: '2031-03-14', time: '18:00', title: 'Friday vigil' },
    { freq: 'weekly', weekdays: ['FR'], count: 12 },
  );
  series = (await (await server.fetch(`/api/series/${first.series?.id}`)).json()) as SeriesDto;
  monthly = await publish(
    { date: '2031-04-08', time: '19:00', title: 'Last Tuesday assembly' },
    { freq: 'monthly_weekday', nth: -1, count: 3 },
  );
});
afterAll(async () => {
  await server.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_' });

async function rssItems(query = ''): Promise<{ title: string; link: string; description: string }[]> {
  const res = await server.fetch(`/feed.xml${query}`);
  expect(res.status).toBe(200);
  return [xml.parse(await res.text()).rss.channel.item].flat();
}

describe('a date of a series in RSS', () => {
  it('says how it repeats and how many dates, links to the whole series, in the feed’s language', async () => {
    const seriesIcs = `${PUBLIC_URL}/api/series/${series.id}/ics`;
    const items = (await rssItems()).filter((i) => i.title === 'Friday vigil');
    expect(items).toHaveLength(12);
    const third = items.find((i) => i.link === `${PUBLIC_URL}/event/${series.occurrences[2]?.id}`);
    expect(third?.description).toContain(
      `Repeats every Friday · 12 dates · <a href="${seriesIcs}">Add the whole series</a>`,
    );
    const french = (await rssItems('?lang=fr')).find((i) => i.title === 'Friday vigil');
    expect(french?.description).toContain(
      `Chaque vendredi · 12 dates · <a href="${seriesIcs}?lang=fr">Ajouter toute la série</a>`,
    );
    const arabic = (await rssItems('?lang=ar')).find((i) => i.title === 'Last Tuesday assembly');
    expect(arabic?.description).toContain('يتكرر شهريًا في آخر يوم الثلاثاء');
  });
});

describe('a date of a series in its own calendar file', () => {
  it('is one VEVENT of that date whose description says how the series repeats, with its file', async () => {
    const date = series.occurrences[4];
    const res = await server.fetch(`/event/${date?.id}.ics`);
    expect(res.status).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(await res.text()));
    const vevents = calendar.getAllSubcomponents('vevent');
    expect(vevents).toHaveLength(1);
    const event = new ICAL.Event(vevents[0]);
    expect(event.startDate.toJSDate().toISOString()).toBe(date?.date);
    expect(event.isRecurring()).toBe(false);
    expect(event.description).toContain(
      `Repeats every Friday · 12 dates\nAdd the whole series: ${PUBLIC_URL}/api/series/${series.id}/ics`,
    );
  });
});

describe('a date of a series in its page’s JSON-LD', () => {
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>,
    );

  it('is an Event on its own date with the series as its eventSchedule', async () => {
    const date = series.occurrences[4];
    const html = await (await server.fetch(`/event/${date?.id}`)).text();
    const [data, ...rest] = jsonLd(html);
    expect(rest).toEqual([]);
    expect(data).toMatchObject({
      '@type': 'Event',
      name: 'Friday vigil',
      // 11 April, after the clock change: 18:00 in London is +01:00.
      startDate: '2031-04-11T18:00:00+01:00',
      eventSchedule: {
        '@type': 'Schedule',
        repeatFrequency: 'P1W',
        byDay: ['https://schema.org/Friday'],
        startDate: '2031-03-14',
        repeatCount: 12,
        startTime: '18:00:00',
        duration: 'PT120M',
        scheduleTimezone: 'Europe/London',
      },
    });
  });

  it('leaves the Schedule out for “the last Tuesday”, which it cannot say, and stays an Event', async () => {
    const html = await (await server.fetch(`/event/${monthly.id}`)).text();
    const [data] = jsonLd(html);
    expect(data).toMatchObject({ '@type': 'Event', name: 'Last Tuesday assembly' });
    expect(data).not.toHaveProperty('eventSchedule');
  });
});
