// What the server writes for other software and for shared links, in the request's language
// (docs/PRODUCT.md#languages): calendar files, RSS, the embed page, and the titles, descriptions, feed
// links and <noscript> notice the server puts in the app's shell. `?lang=` works on each (calendar
// apps and feed readers send no cookie); English stays exactly as it was (the other tests here).
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEventDateTime } from '../../../common/dates';
import arCalendar from '../../../web/locales/ar/calendar.json';
import arCommon from '../../../web/locales/ar/common.json';
import arEvents from '../../../web/locales/ar/events.json';
import deCalendar from '../../../web/locales/de/calendar.json';
import deCommon from '../../../web/locales/de/common.json';
import enCalendar from '../../../web/locales/en/calendar.json';
import esEvent from '../../../web/locales/es/event.json';
import frCalendar from '../../../web/locales/fr/calendar.json';
import frCommon from '../../../web/locales/fr/common.json';
import urCalendar from '../../../web/locales/ur/calendar.json';
import type { EventRow } from '../../store/schema';
import { createEvent } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';

const PUBLIC_URL = 'https://calendar.example.org';
const SITE = 'Palestine Solidarity Calendar';
let server: TestServer;
let webRoot: string;
let march: EventRow;
let cancelled: EventRow;

const fill = (message: string, values: Record<string, string>) =>
  message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_' });

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'palcal-lang-shell-'));
  copyFileSync(join(process.cwd(), 'web', 'index.html'), join(webRoot, 'index.html'));
  server = await startTestServer({ env: { PUBLIC_URL }, webRoot });
  march = await createEvent(server.store, {
    title: 'March for Gaza',
    city: 'Paris',
    country: 'France',
    type: 'protest',
    verified: true,
    organizer: 'Urgence Palestine',
    accessibility: 'Step-free',
    timezone: 'Europe/Paris',
  });
  cancelled = await createEvent(server.store, { title: 'Film night', type: 'cultural', city: 'Berlin' });
  await server.store.db
    .updateTable('events')
    .set({ schedule: 'cancelled', schedule_note: 'Venue closed', sequence: 1 })
    .where('id', '=', cancelled.id)
    .execute();
});
afterAll(async () => {
  await server.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const calendarOf = (text: string) => new ICAL.Component(ICAL.parse(text));
/** ical.js leaves the TEXT escapes of X- properties (X-WR-CALDESC) as they are written. */
const escaped = (text: string) => text.replace(/[\\;,]/g, (c) => `\\${c}`);

describe('the calendar feed', () => {
  it('names and describes itself in the language of ?lang=, with its events’ words in it', async () => {
    const res = await server.fetch('/calendar.ics?type=protest&location=Paris&lang=fr');
    expect(res.status).toBe(200);
    expect(res.headers.get('vary')).toBe('Cookie, Accept-Language, Accept-Encoding');
    const calendar = calendarOf(await res.text());
    const what = fill(frCalendar.feeds.in, { what: 'Manifestations et rassemblements', location: 'Paris' });
    expect(what).toBe(`Manifestations et rassemblements (lieu\u00a0: Paris)`);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(
      fill(frCalendar.feeds.calendarName, { site: SITE, what }),
    );
    expect(calendar.getFirstPropertyValue('x-wr-caldesc')).toBe(
      escaped(fill(frCalendar.feeds.calendarDescription, { site: SITE, what })),
    );
    const [event] = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
    expect(event?.summary).toBe('March for Gaza');
    expect(event?.description).toContain(fill(frCalendar.ics.accessibility, { text: 'Step-free' }));
    expect(event?.description).toContain(
      fill(frCalendar.ics.organizedBy, { organizer: 'Urgence Palestine' }),
    );
    // Its page opens in French: a calendar app sends no cookie.
    expect(event?.description).toContain(
      fill(frCalendar.ics.verify, { url: `${PUBLIC_URL}/event/${march.id}?lang=fr` }),
    );
    expect(event?.component.getFirstPropertyValue('url')).toBe(`${PUBLIC_URL}/event/${march.id}?lang=fr`);
    expect(event?.component.getFirstPropertyValue('categories')).toBe(frCommon.eventTypes.protest);
  });

  it('follows the remembered language and the browser’s when the address names none', async () => {
    const byHeader = calendarOf(
      await (await server.fetch('/calendar.ics', { headers: { 'accept-language': 'ar' } })).text(),
    );
    const what = arCalendar.feeds.allEvents;
    expect(byHeader.getFirstPropertyValue('x-wr-calname')).toBe(SITE);
    expect(byHeader.getFirstPropertyValue('x-wr-caldesc')).toBe(
      escaped(fill(arCalendar.feeds.calendarDescription, { site: SITE, what })),
    );
    const byCookie = calendarOf(
      await (await server.fetch('/calendar.ics', { headers: { cookie: 'lang=ar' } })).text(),
    );
    expect(byCookie.getFirstPropertyValue('x-wr-caldesc')).toBe(
      byHeader.getFirstPropertyValue('x-wr-caldesc'),
    );
    // English, untouched: its pages' addresses bare.
    const english = calendarOf(await (await server.fetch('/calendar.ics')).text());
    const first = english
      .getAllSubcomponents('vevent')
      .find((c) => new ICAL.Event(c).summary === 'March for Gaza');
    expect(first?.getFirstPropertyValue('url')).toBe(`${PUBLIC_URL}/event/${march.id}`);
    expect(english.getFirstPropertyValue('x-wr-caldesc')).toBe(
      escaped(
        `Events from ${SITE}, a community calendar of events in support of Palestine. Always verify details on each event's official source.`,
      ),
    );
  });

  it('tags a cancelled event in the language, in one event’s own file too', async () => {
    const res = await server.fetch(`/event/${cancelled.id}.ics?lang=de`);
    expect(res.status).toBe(200);
    expect(res.headers.get('vary')).toBe('Cookie, Accept-Language');
    const [event] = calendarOf(await res.text())
      .getAllSubcomponents('vevent')
      .map((c) => new ICAL.Event(c));
    const schedule = deCommon.event.schedules.cancelled;
    expect(event?.summary).toBe(fill(deCalendar.ics.tagged, { schedule, text: 'Film night' }));
    expect(event?.description).toContain(fill(deCalendar.ics.tagged, { schedule, text: 'Venue closed' }));
    expect(event?.description).toContain(fill(deCalendar.ics.source, { url: 'https://example.org/event' }));
    expect(event?.component.getFirstPropertyValue('categories')).toBe(deCommon.eventTypes.cultural);
  });
});

describe('the RSS feed', () => {
  it('titles and describes its channel in the language of ?lang=, and says which it is', async () => {
    const res = await server.fetch('/feed.xml?lang=fr');
    expect(res.status).toBe(200);
    expect(res.headers.get('vary')).toBe('Cookie, Accept-Language, Accept-Encoding');
    const channel = xml.parse(await res.text()).rss.channel;
    expect(channel.title).toBe(fill(frCalendar.feeds.rssTitle, { site: SITE }));
    expect(channel.description).toBe(fill(frCalendar.feeds.rssDescription, { site: SITE }));
    expect(channel.language).toBe('fr');
    expect(channel['atom:link']['@_href']).toBe(`${PUBLIC_URL}/feed.xml?lang=fr`);
    expect(channel.link).toBe(`${PUBLIC_URL}/?lang=fr`);
    const items = [channel.item].flat() as {
      title: string;
      link: string;
      guid: { '#text': string };
      category: string;
      description: string;
    }[];
    const item = items.find((i) => i.title === 'March for Gaza');
    // Its page opens in French (a feed reader sends no cookie); its guid stays the page itself.
    expect(item?.link).toBe(`${PUBLIC_URL}/event/${march.id}?lang=fr`);
    expect(item?.guid['#text']).toBe(`${PUBLIC_URL}/event/${march.id}`);
    expect(item?.category).toBe(frCommon.eventTypes.protest);
    // The date as French readers write it, in the event's zone.
    expect(item?.description).toContain(formatEventDateTime(new Date(march.starts_at), 'Europe/Paris', 'fr'));
    expect(item?.description).toContain(
      fill(frCalendar.feeds.organizedBy, { organizer: 'Urgence Palestine' }),
    );
  });

  it('names a filtered feed in the language, and keeps English as it was', async () => {
    const ur = xml.parse(await (await server.fetch('/feed.xml?search=gaza&lang=ur')).text()).rss.channel;
    const what = fill(urCalendar.feeds.matching, { what: urCalendar.feeds.allEvents, search: 'gaza' });
    expect(ur.title).toBe(fill(urCalendar.feeds.calendarName, { site: SITE, what }));
    const en = xml.parse(await (await server.fetch('/feed.xml?type=protest')).text()).rss.channel;
    expect(en.title).toBe(`${SITE}: Protests and rallies`);
    expect(en.language).toBe('en');
    expect(en.link).toBe(`${PUBLIC_URL}/`);
    expect([en.item].flat()[0].link).toBe(`${PUBLIC_URL}/event/${march.id}`);
    expect(en['atom:link']['@_href']).toBe(`${PUBLIC_URL}/feed.xml?type=protest`);
  });
});

describe('the embed page', () => {
  it('comes in Arabic with ?lang=ar: <html lang dir>, its words, people’s text isolated, links in Arabic', async () => {
    const res = await server.fetch('/embed?location=Paris&lang=ar');
    expect(res.status).toBe(200);
    expect(res.headers.get('vary')).toBe('Cookie, Accept-Language, Accept-Encoding');
    const html = await res.text();
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toContain(`<title>${arCalendar.embed.pageTitle.replace('{{site}}', SITE)}</title>`);
    expect(html).toContain(`<p>${arCalendar.embed.heading}</p>`);
    expect(html).toContain(`<span class="badge badge-verified">${arEvents.card.verified}</span>`);
    expect(html).toContain(`>${arCommon.eventTypes.protest}</span>`);
    expect(html).toContain('<span dir="auto">Urgence Palestine</span>');
    expect(html).toContain(`href="${PUBLIC_URL}/event/${march.id}?lang=ar"`);
    expect(html).toContain(`href="${PUBLIC_URL}/?location=Paris&#38;lang=ar"`);
    expect(html).toContain(`>${arCalendar.embed.allEvents}</a>`);
    const empty = await (await server.fetch('/embed?location=Nowhere&lang=ar')).text();
    expect(empty).toContain(`<p class="empty">${arCalendar.embed.emptyFiltered}</p>`);
  });

  it('stays English without a language', async () => {
    const html = await (await server.fetch('/embed?location=Nowhere')).text();
    expect(html).toMatch(/<html lang="en" dir="ltr">/);
    expect(html).toContain('<p class="empty">No upcoming events match these filters yet.</p>');
  });
});

describe('the shell’s own words', () => {
  it('the subscribe page’s title and description, the feed links and <noscript>, in the page’s language', async () => {
    const html = await (await server.fetch('/subscribe?lang=fr')).text();
    const title = `${frCalendar.page.title} · ${SITE}`;
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${title}">`);
    expect(html).toContain(
      `<meta name="description" content="${fill(frCalendar.subscribeDescription, { site: SITE })}">`,
    );
    expect(html).toContain(
      `<link rel="alternate" type="application/rss+xml" title="${fill(frCalendar.feedLinks.rss, { site: SITE })}" href="/feed.xml?lang=fr">`,
    );
    expect(html).toContain(
      `<link rel="alternate" type="text/calendar" title="${fill(frCalendar.feedLinks.calendar, { site: SITE })}" href="/calendar.ics?lang=fr">`,
    );
    expect(html).toContain(`<noscript>${frCommon.noscript}</noscript>`);
    expect(html).not.toContain('%NOSCRIPT%');
  });

  it('an unknown event’s title', async () => {
    const res = await server.fetch('/event/AbCdEfGhIjKlMnOp?lang=es');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain(`<title>${esEvent.notFoundTitle} · ${SITE}</title>`);
  });

  it('English as it always was', async () => {
    const html = await (await server.fetch('/subscribe')).text();
    expect(html).toContain(
      `<link rel="alternate" type="application/rss+xml" title="${SITE}: newly approved events" href="/feed.xml">`,
    );
    expect(html).toContain(
      `<link rel="alternate" type="text/calendar" title="${SITE}: upcoming events" href="/calendar.ics">`,
    );
    expect(html).toContain('<noscript>This calendar needs JavaScript to show events.</noscript>');
    expect(html).toContain(`<title>${enCalendar.page.title} · ${SITE}</title>`);
  });
});
