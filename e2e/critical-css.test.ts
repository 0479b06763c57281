// The home page and an event's page carry only their first screen's styles (web/critical.css,
// web/critical-event.css) and link the whole sheet at the end of their body (issue 21): the first
// screen must look the same before the whole sheet arrives as after, in every state a visitor lands
// on, or the page would change (or shift) when it does. Someone signed in gets the whole sheet linked
// in the head of every page instead, cached after their first.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../server/store/schema';
import { createEvent, createModerator, createUser, sessionCookieFor } from '../server/testing/factories';
import { DESKTOP, PHONE, setupE2E } from './support/browser';

const DAY = 24 * 3600 * 1000;
const e2e = setupE2E();
let user: UserRow;
let cookie: string;
/** Event pages in the states a visitor who is not signed in may land on. */
let eventPages: { label: string; path: string }[] = [];
/** Pages as people signed in see them, with the cookie of each. */
let signedInPages: { label: string; path: string; cookie: string }[] = [];

beforeAll(async () => {
  const s = e2e.server.store;
  user = await createUser(s, { name: 'Layla Haddad' });
  cookie = await sessionCookieFor(s, user);
  // Badges of every kind a card shows: each type's hue, Verified, Happening now, Online.
  await createEvent(s, {
    title: 'Vigil now',
    type: 'cultural',
    startsAt: Date.now() - 3600_000,
    endsAt: Date.now() + 3600_000,
    verified: true,
  });
  await createEvent(s, { title: 'March', type: 'protest', startsAt: Date.now() + DAY, organizer: 'PSC' });
  await createEvent(s, { title: 'Teach-in', type: 'educational', startsAt: Date.now() + 2 * DAY });
  await createEvent(s, {
    title: 'Online call',
    type: 'digital',
    attendance: 'online',
    startsAt: Date.now() + 3 * DAY,
  });
  // An event's page: as anyone sees it, to its organiser while it waits for review, to a moderator,
  // with its place held back until sign-in, with a flyer-less past, online-only and verified variants.
  const organiser = await createUser(s, { name: 'Omar Organiser' });
  const moderator = await createModerator(s, { name: 'Mona Moderator' });
  const open = await createEvent(s, {
    title: 'Rally at the square',
    venue: 'Town square',
    address: '1 High Street',
    accessibility: 'Step-free route.',
    organizer: 'PSC',
    verified: true,
  });
  const pending = await createEvent(s, { title: 'Waiting', status: 'pending', createdBy: organiser.id });
  const withheld = await createEvent(s, {
    title: 'Held back',
    address: '2 High Street',
    placeVisibility: 'signed_in',
  });
  const past = await createEvent(s, { title: 'Last week', startsAt: Date.now() - 7 * DAY });
  const online = await createEvent(s, {
    title: 'Webinar',
    type: 'digital',
    attendance: 'online',
    joinUrl: 'https://meet.example.org/x',
  });
  eventPages = [
    { label: 'anyone', path: `/event/${open.id}` },
    { label: 'place withheld', path: `/event/${withheld.id}` },
    { label: 'past', path: `/event/${past.id}` },
    { label: 'online', path: `/event/${online.id}` },
    { label: 'Arabic', path: `/event/${open.id}?lang=ar` },
  ];
  signedInPages = [
    { label: 'home', path: '/', cookie },
    { label: 'month', path: '/?view=month', cookie },
    { label: 'an event', path: `/event/${open.id}`, cookie },
    { label: 'an online event', path: `/event/${online.id}`, cookie },
    {
      label: 'its organiser, pending',
      path: `/event/${pending.id}`,
      cookie: await sessionCookieFor(s, organiser),
    },
    {
      label: 'a moderator, pending',
      path: `/event/${pending.id}`,
      cookie: await sessionCookieFor(s, moderator),
    },
    { label: 'the moderation queue', path: '/moderation', cookie: await sessionCookieFor(s, moderator) },
  ];
});

/** The page as sent: its inline <style>, the style sheets it links and the classes #root uses. */
async function sent(path: string, asked: string | null = null) {
  const res = await e2e.server.fetch(path, asked ? { headers: { cookie: asked } } : {});
  expect(res.status, path).toBe(200);
  const page = await res.text();
  const styles = [...page.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css]) => css ?? '');
  const links = [...page.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map(
    ([, href]) => href ?? '',
  );
  const root = /<div id="root">[\s\S]*<\/div>\s*<script type="application\/json"/.exec(page)?.[0] ?? '';
  const classes = new Set(
    [...root.matchAll(/\bclass="([^"]*)"/g)].flatMap(([, list]) => (list ?? '').split(/\s+/).filter(Boolean)),
  );
  return { page, styles, links, classes };
}

/** A class as a minified style sheet names it in a selector (`sm:p-5` → `.sm\:p-5`). */
const selectorOf = (name: string) => `.${name.replace(/[^\w-]/g, (c) => `\\${c}`)}`;

describe('the home page as sent', () => {
  it('inlines a smaller first-screen sheet with a rule for every class it uses, and links the whole one last', async () => {
    const whole = await sent('/about');
    expect(whole.styles).toHaveLength(1);
    const wholeCss = whole.styles[0] ?? '';
    for (const path of [
      '/',
      '/?view=month',
      '/?lang=ar',
      '/?type=protest&online=1&page=1',
      // What the filters answer beside the list (FilterHints.tsx): a city not known, a range too long.
      '/?near=Atlantis',
      '/?from=2026-01-01&to=2030-01-01',
    ]) {
      const home = await sent(path);
      expect(home.styles, path).toHaveLength(1);
      const critical = home.styles[0] ?? '';
      expect(critical.length, path).toBeLessThan(wholeCss.length * 0.75);
      // The whole sheet: linked once, after everything the page shows (it holds back no paint).
      expect(home.links, path).toEqual([expect.stringMatching(/^\/assets\/index-[\w-]+\.css$/)]);
      expect(home.page.indexOf(home.links[0] ?? '')).toBeGreaterThan(home.page.indexOf('id="ssr-state"'));
      const missing = [...home.classes].filter(
        (name) => wholeCss.includes(selectorOf(name)) && !critical.includes(selectorOf(name)),
      );
      expect(missing, `${path}: classes without their rules`).toEqual([]);
    }
    // The whole sheet is cached for good, and sent compressed.
    const home = await sent('/');
    const res = await e2e.server.fetch(home.links[0] ?? '', { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
  });
});

describe("an event's page as sent", () => {
  it('inlines its own first-screen sheet, with a rule for every class it uses in every state, and links the whole one', async () => {
    const wholeCss = (await sent('/about')).styles[0] ?? '';
    for (const { label, path } of eventPages) {
      const event = await sent(path);
      expect(event.styles, label).toHaveLength(1);
      const critical = event.styles[0] ?? '';
      expect(critical.length, label).toBeLessThan(wholeCss.length * 0.75);
      expect(event.links, label).toEqual([expect.stringMatching(/^\/assets\/index-[\w-]+\.css$/)]);
      const missing = [...event.classes].filter(
        (name) => wholeCss.includes(selectorOf(name)) && !critical.includes(selectorOf(name)),
      );
      expect(missing, `event page, ${label}: classes without their rules`).toEqual([]);
    }
  });
});

describe('a page for someone signed in as sent', () => {
  it('links the whole sheet in its head and inlines none', async () => {
    for (const { label, path, cookie: asked } of signedInPages) {
      const page = await sent(path, asked);
      expect(page.page, label).toContain('id="ssr-state"');
      expect(page.styles, label).toEqual([]);
      expect(page.links, label).toEqual([expect.stringMatching(/^\/assets\/index-[\w-]+\.css$/)]);
      expect(page.page.indexOf(page.links[0] ?? ''), label).toBeLessThan(page.page.indexOf('</head>'));
    }
  });
});

/** Where each element of #root is and how it looks: what a late rule would change. */
function looks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('#root *')].map((el) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return [
        el.tagName,
        el.className,
        Math.round(box.x),
        Math.round(box.y),
        Math.round(box.width),
        Math.round(box.height),
        style.color,
        style.backgroundColor,
        style.borderColor,
        style.boxShadow,
        style.fontWeight,
        style.display,
      ].join(' ');
    }),
  );
}

describe('the first screen before and after the whole sheet', () => {
  for (const [label, viewport, colorScheme, path] of [
    ['phone, light', PHONE, 'light', '/'],
    ['phone, dark, Arabic', PHONE, 'dark', '/?lang=ar'],
    ['desktop, light, month', DESKTOP, 'light', '/?view=month'],
    ['desktop, dark', DESKTOP, 'dark', '/'],
    ['phone, dark, an event', PHONE, 'dark', 'event'],
    ['desktop, light, an event', DESKTOP, 'light', 'event'],
  ] as const) {
    it(`looks the same (${label})`, async () => {
      const page = await e2e.newPage({ viewport, colorScheme });
      // The whole sheet never arrives: the page as it is drawn first.
      await page.route(/\/assets\/index-[\w-]+\.css$/, (route) => route.abort());
      await page.goto(path === 'event' ? (eventPages[0]?.path ?? '') : path);
      await page
        .locator(path === 'event' ? 'main h1' : 'main h2')
        .first()
        .waitFor();
      const before = await looks(page);
      const href = await page.locator('link[rel="stylesheet"]').getAttribute('href');
      await page.unroute(/\/assets\/index-[\w-]+\.css$/);
      await page.addStyleTag({ url: href ?? '' });
      const after = await looks(page);
      expect(after.length).toBeGreaterThan(50);
      expect(after.length).toBe(before.length);
      // The first few that differ, as they were and as they became (one moved element moves the rest).
      const changed = after
        .flatMap((line, i) => (line === before[i] ? [] : [`${before[i]}\n  → ${line}`]))
        .slice(0, 5);
      expect(changed, `${label}: elements the whole sheet changed`).toEqual([]);
    });
  }
});
