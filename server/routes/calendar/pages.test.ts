import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedDateTimeToInstant } from '../../../common/dates';
import type { EventRow } from '../../store/schema';
import { createEvent, createUser, sessionCookieFor } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';

const PUBLIC_URL = 'https://calendar.example.org';
const HOSTILE = `</script><script>alert(1)</script>"'>`;
let server: TestServer;
let webRoot: string;
let march: EventRow;
let online: EventRow;
let hostile: EventRow;
let pending: EventRow;
let submitterCookie: string;

/** Undo escapeHtml (numeric references) and the named ones a template might use. */
function unescapeHtml(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function metaContent(html: string, attr: 'name' | 'property', key: string): string | undefined {
  const match = new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`).exec(html);
  return match ? unescapeHtml(match[1]!) : undefined;
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

async function page(path: string, init?: RequestInit): Promise<{ res: Response; html: string }> {
  const res = await server.fetch(path, init);
  return { res, html: await res.text() };
}

beforeAll(async () => {
  // The real page template, as the build serves it (the server only fills its placeholders).
  webRoot = mkdtempSync(join(tmpdir(), 'palcal-shell-'));
  copyFileSync(join(process.cwd(), 'web', 'index.html'), join(webRoot, 'index.html'));
  server = await startTestServer({ env: { PUBLIC_URL }, webRoot });
  const s = server.store;
  march = await createEvent(s, {
    title: 'March for Gaza',
    description: 'Meet at Russell Square.\nBring banners.',
    startsAt: zonedDateTimeToInstant('2027-03-28', '10:00', 'Europe/London').getTime(),
    timezone: 'Europe/London',
    city: 'London',
    country: 'United Kingdom',
    organizer: 'PSC London',
  });
  online = await createEvent(s, {
    title: 'Online teach-in',
    type: 'digital',
    startsAt: zonedDateTimeToInstant('2027-01-10', '19:00', 'America/New_York').getTime(),
    endsAt: zonedDateTimeToInstant('2027-01-10', '20:30', 'America/New_York').getTime(),
    timezone: 'America/New_York',
    city: '',
    country: '',
    attendance: 'online',
    joinUrl: 'https://meet.example.org/teach-in',
    sourceLink: 'https://example.org/webinar',
  });
  hostile = await createEvent(s, {
    title: HOSTILE,
    description: `${HOSTILE} <!-- & -->`,
    city: HOSTILE,
    organizer: HOSTILE,
  });
  const submitter = await createUser(s);
  submitterCookie = await sessionCookieFor(s, submitter);
  pending = await createEvent(s, { title: 'Pending picnic', status: 'pending', createdBy: submitter.id });
});
afterAll(async () => {
  await server.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('share previews of /event/:id', () => {
  it('carries the title, description, Open Graph, Twitter card and canonical URL', async () => {
    const { res, html } = await page(`/event/${march.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const url = `${PUBLIC_URL}/event/${march.id}`;
    expect(html).toContain('<title>March for Gaza · Palestine Solidarity Calendar</title>');
    const description = metaContent(html, 'name', 'description');
    expect(description).toContain('Sunday, March 28, 2027 at 10:00 AM');
    expect(description).toContain('London, United Kingdom');
    expect(description).toContain('Meet at Russell Square. Bring banners.');
    expect(metaContent(html, 'property', 'og:title')).toBe('March for Gaza');
    expect(metaContent(html, 'property', 'og:description')).toBe(description);
    expect(metaContent(html, 'property', 'og:type')).toBe('website');
    expect(metaContent(html, 'property', 'og:url')).toBe(url);
    expect(metaContent(html, 'property', 'og:site_name')).toBe('Palestine Solidarity Calendar');
    expect(metaContent(html, 'property', 'og:locale')).toBe('en_US');
    // In another language, in Open Graph's language_TERRITORY form.
    for (const [lang, locale] of [
      ['ar', 'ar_AR'],
      ['de', 'de_DE'],
      ['ur', 'ur_PK'],
    ]) {
      const other = await page(`/event/${march.id}?lang=${lang}`);
      expect(metaContent(other.html, 'property', 'og:locale')).toBe(locale);
    }
    // Without a flyer, the picture the server draws of it (docs/PRODUCT.md#flyers).
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    const image = metaContent(html, 'property', 'og:image') ?? '';
    expect(image.startsWith(`${PUBLIC_URL}/share/${march.id}-en-`)).toBe(true);
    expect(metaContent(html, 'name', 'twitter:image')).toBe(image);
    const drawn = await server.fetch(new URL(image).pathname);
    expect(drawn.status).toBe(200);
    expect(drawn.headers.get('content-type')).toBe('image/png');
    expect(drawn.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(metaContent(html, 'name', 'twitter:title')).toBe('March for Gaza');
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    // The web app still boots from the same page.
    expect(html).toContain('<div id="root"></div>');
  });

  it('has schema.org Event JSON-LD with the local time and offset, place and organizer', async () => {
    const { html } = await page(`/event/${march.id}`);
    const [data, ...rest] = jsonLd(html);
    expect(rest).toEqual([]);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'March for Gaza',
      // British Summer Time starts that morning: 10:00 local is +01:00.
      startDate: '2027-03-28T10:00:00+01:00',
      endDate: '2027-03-28T12:00:00+01:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'London', addressCountry: 'United Kingdom' },
      },
      organizer: { '@type': 'Organization', name: 'PSC London' },
      url: `${PUBLIC_URL}/event/${march.id}`,
    });
    expect(new Date(String(data?.startDate)).getTime()).toBe(march.starts_at);
  });

  it('marks online events as online, with their end and the link to join as a virtual location', async () => {
    const { html } = await page(`/event/${online.id}`);
    expect(jsonLd(html)[0]).toMatchObject({
      startDate: '2027-01-10T19:00:00-05:00',
      endDate: '2027-01-10T20:30:00-05:00',
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', url: 'https://meet.example.org/teach-in' },
    });
    expect(metaContent(html, 'name', 'description')).toContain('· Online.');
  });

  it('lets no user text break out of the tags or the JSON-LD script', async () => {
    const { res, html } = await page(`/event/${hostile.id}`);
    expect(res.status).toBe(200);
    expect(html).not.toContain('<script>alert(1)');
    // The template's own module script plus the JSON-LD block: no script element was injected.
    const template = (await page('/')).html;
    const scripts = (text: string) => (text.match(/<script\b/g) ?? []).length;
    expect(scripts(html)).toBe(scripts(template) + 1);
    expect((html.match(/<\/script>/g) ?? []).length).toBe(scripts(html));
    expect(metaContent(html, 'property', 'og:title')).toBe(HOSTILE);
    const [data] = jsonLd(html);
    expect(data?.name).toBe(HOSTILE);
    expect(data?.description).toBe(`${HOSTILE} <!-- & -->`);
    expect(data?.organizer).toEqual({ '@type': 'Organization', name: HOSTILE });
    expect(html).toContain(`<title>${HOSTILE.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)} · `);
  });

  it('answers 404 with the plain app page and no event tags when the event is missing or not public', async () => {
    for (const path of ['/event/AAAAAAAAAAAAAAAA', '/event/not-an-id', `/event/${pending.id}`]) {
      const { res, html } = await page(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('og:title');
      expect(html).not.toContain('application/ld+json');
      expect(html).not.toContain('Pending picnic');
      expect(html).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('still opens a pending event for its submitter, without share tags', async () => {
    const { res, html } = await page(`/event/${pending.id}`, { headers: { cookie: submitterCookie } });
    expect(res.status).toBe(200);
    expect(html).not.toContain('og:title');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('gives the subscribe page its own title and description', async () => {
    const { res, html } = await page('/subscribe?type=protest');
    expect(res.status).toBe(200);
    expect(html).toContain('<title>Embed and subscribe · Palestine Solidarity Calendar</title>');
    expect(metaContent(html, 'name', 'description')).toContain('in your calendar app');
    expect(html).toContain('<div id="root"></div>');
  });

  it('leaves placeholders in user text as text: the page is filled in one pass', async () => {
    const title = 'Vigil %HEAD% %APP_CONFIG% %TITLE%';
    const event = await createEvent(server.store, { title, description: 'Bring %HEAD% and %APP_CONFIG%.' });
    const { res, html } = await page(`/event/${event.id}`);
    expect(res.status).toBe(200);
    expect(html).toContain(`<title>${title} · `);
    expect(metaContent(html, 'property', 'og:title')).toBe(title);
    expect(metaContent(html, 'property', 'og:description')).toContain('Bring %HEAD% and %APP_CONFIG%.');
    // The head kept all of its own tags, once each, and the app's settings.
    expect((html.match(/<link rel="alternate" type="application\/rss\+xml"/g) ?? []).length).toBe(1);
    expect(jsonLd(html)).toHaveLength(1);
    expect(
      JSON.parse(unescapeHtml(/<meta name="app-config" content="([^"]*)"/.exec(html)?.[1] ?? '')),
    ).toMatchObject({
      siteTitle: 'Palestine Solidarity Calendar',
    });
  });

  it('advertises the RSS and calendar feeds in the head of every page', async () => {
    for (const path of ['/', '/subscribe', `/event/${march.id}`, '/event/AAAAAAAAAAAAAAAA']) {
      const { html } = await page(path);
      expect(html, path).toContain(
        '<link rel="alternate" type="application/rss+xml" title="Palestine Solidarity Calendar: newly approved events" href="/feed.xml">',
      );
      expect(html, path).toContain('type="text/calendar"');
    }
  });
});

describe('embed page', () => {
  it('may be framed by any site, while every other page refuses framing', async () => {
    const embed = await server.fetch('/embed');
    expect(embed.status).toBe(200);
    const csp = embed.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('frame-ancestors *');
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(embed.headers.get('x-frame-options')).toBeNull();

    for (const path of ['/', `/event/${march.id}`, '/subscribe', '/api/docs', '/api/events']) {
      const res = await server.fetch(path);
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
    }
  });

  it('lists upcoming approved events with links that open a new tab', async () => {
    const { html } = await page('/embed');
    expect(html).toContain('<link rel="stylesheet" href="/embed.css">');
    // Its own icon: without one, a browser asks for /favicon.ico, which is a 404 in every embedder's console.
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    // One script, ours, which only tells the framing page its height.
    expect([...html.matchAll(/<script[^>]*>/g)].map((m) => m[0])).toEqual([
      '<script src="/embed-frame.js" defer>',
    ]);
    expect(html).toContain(
      `<a href="${PUBLIC_URL}/event/${march.id}" target="_blank" rel="noopener noreferrer">March for Gaza</a>`,
    );
    expect(html).not.toContain('Pending picnic');
    // Every link leaves the frame safely.
    const anchors = html.match(/<a [^>]*>/g) ?? [];
    expect(anchors.length).toBeGreaterThan(3);
    for (const a of anchors) expect(a).toContain('target="_blank" rel="noopener noreferrer"');
  });

  it('honours type, location, search and limit, and escapes user text', async () => {
    expect((await page('/embed?type=digital')).html).toContain('Online teach-in');
    expect((await page('/embed?type=digital')).html).not.toContain('March for Gaza');
    expect((await page('/embed?location=united%20kingdom')).html).toContain('March for Gaza');
    expect((await page('/embed?search=teach')).html).not.toContain('March for Gaza');
    // March for Gaza is in London: near Croydon (14 km), not near Manchester (262 km).
    expect((await page('/embed?near=Croydon&km=25')).html).toContain('March for Gaza');
    expect((await page('/embed?near=Manchester&km=100')).html).not.toContain('March for Gaza');
    const limited = (await page('/embed?limit=1')).html;
    expect((limited.match(/<li class="event">/g) ?? []).length).toBe(1);
    const all = (await page('/embed')).html;
    expect(all).not.toContain('<script>alert(1)');
    expect(all).toContain('&#60;/script&#62;&#60;script&#62;alert(1)');
    const empty = await page('/embed?search=nothing-like-this');
    expect(empty.html).toContain('No upcoming events match these filters yet.');
  });

  it('explains a query it cannot read inside the frame, with a 400', async () => {
    const { res, html } = await page('/embed?limit=500');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toContain('limit must be at most 50');
    const theme = await page('/embed?theme=purple');
    expect(theme.res.status).toBe(400);
    expect(theme.html).toContain('theme must be one of: auto, light, dark');
    // In the frame's language, as the API would say it.
    const arabic = await page('/embed?limit=500&lang=ar');
    expect(arabic.res.status).toBe(400);
    expect(arabic.html).toContain('<html lang="ar" dir="rtl"');
    expect(arabic.html).toContain('يجب ألا تزيد قيمة limit على 50');
  });

  it('takes a light or dark theme whatever the system says, and tells its frame its height', async () => {
    const dark = (await page('/embed?theme=dark')).html;
    expect(dark).toContain('<html lang="en" dir="ltr" data-theme="dark">');
    expect(dark).toContain('<meta name="color-scheme" content="dark">');
    expect((await page('/embed?theme=light')).html).toContain('data-theme="light"');
    const auto = (await page('/embed')).html;
    expect(auto).toContain('<html lang="en" dir="ltr">');
    expect(auto).toContain('<meta name="color-scheme" content="light dark">');
    expect(auto).toContain('<script src="/embed-frame.js" defer></script>');
  });
});

describe('open API', () => {
  it('serves a valid OpenAPI 3.1 document of the public endpoints', async () => {
    const res = await server.fetch('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, unknown>;
      servers: { url: string }[];
    };
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/events',
        '/api/events/{id}',
        '/api/events/{id}/ics',
        '/calendar.ics',
        '/feed.xml',
        '/api/health',
      ]),
    );
    expect(doc.servers[0]?.url).toBe(PUBLIC_URL);
  });

  it('describes responses the way the API really answers', async () => {
    const doc = (await (await server.fetch('/api/openapi.json')).json()) as {
      components: { schemas: { Event: { properties: Record<string, unknown>; required: string[] } } };
    };
    const event = (await (await server.fetch(`/api/events/${march.id}`)).json()) as Record<string, unknown>;
    const { properties, required } = doc.components.schemas.Event;
    for (const key of Object.keys(event)) expect(Object.keys(properties)).toContain(key);
    for (const key of required) expect(event).toHaveProperty(key);
  });

  it('renders a readable docs page from the document, with nothing from another origin', async () => {
    const { res, html } = await page('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toContain('<h1>Palestine Solidarity Calendar API');
    for (const path of ['/api/events', '/api/events/{id}', '/calendar.ics', '/feed.xml', '/api/health']) {
      expect(html).toContain(`<code class="path">${path}</code>`);
    }
    expect(html).not.toMatch(/<script/);
    const refs = [...html.matchAll(/(?:src|href)="([^"]*)"/g)].map((m) => m[1]!);
    for (const ref of refs) expect(ref, ref).toMatch(/^(\/|#)/);
  });
});
