// The calendar in its users' languages (docs/PRODUCT.md#languages), walked in Chromium against the real
// build: the browser's language, the language menu (with and without JavaScript), right to left for
// Arabic, only the shown language's catalogs downloaded, no English left on Arabic pages, axe, and
// screenshots of every page in Arabic for people to look at.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createEvent, createModerator, createUser, sessionCookieFor } from '../server/testing/factories';
import {
  DESKTOP,
  expectNoA11yViolations,
  latinWordsOutsideUserText,
  PHONE,
  screenshot,
  setupE2E,
} from './support/browser';

const e2e = setupE2E();
const SITE_TITLE = 'Palestine Solidarity Calendar';

type Catalog = Record<string, unknown>;
const catalog = (language: string, ns: string): Catalog =>
  JSON.parse(readFileSync(join('web', 'locales', language, `${ns}.json`), 'utf8')) as Catalog;
/** One message of a catalog by its dotted key. */
const text = (language: string, ns: string, key: string): string => {
  let value: unknown = catalog(language, ns);
  for (const part of key.split('.')) value = (value as Catalog)[part];
  if (typeof value !== 'string') throw new Error(`${language}/${ns}: no message ${key}`);
  return value;
};

/** The build's manifest: each source's built file. */
const buildManifest = (): Record<string, { file: string }> =>
  JSON.parse(readFileSync(join(inject('webRoot'), '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;

/** Which catalog each catalog chunk of the build is (`ar/event`), from its manifest. */
function catalogChunks(): Map<string, string> {
  const chunks = new Map<string, string>();
  for (const [source, { file }] of Object.entries(buildManifest())) {
    const catalog = /^locales\/([\w-]+\/[\w-]+)\.json$/.exec(source)?.[1];
    if (catalog) chunks.set(`/${file}`, catalog);
  }
  return chunks;
}

/** The catalog chunks a page downloads from now on: each one's path, and which catalog it is. */
function watchCatalogs(page: Page): Map<string, string> {
  const chunks = catalogChunks();
  const files = new Map<string, string>();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    const language = chunks.get(path);
    if (language) files.set(path, language);
  });
  return files;
}

/** The languages of those catalogs. */
const languagesOf = (catalogs: Map<string, string>): string[] => [
  ...new Set([...catalogs.values()].map((catalog) => catalog.split('/')[0] ?? '')),
];

/** Console errors and React's hydration warnings. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

const htmlLangDir = (page: Page) =>
  page.evaluate(() => `${document.documentElement.lang} ${document.documentElement.dir}`);

describe('a browser that asks for Arabic', () => {
  it('gets the calendar in Arabic, right to left, downloading Arabic catalogs only, hydrated without errors', async () => {
    await createEvent(e2e.server.store, { title: 'Vigil for Gaza', city: 'Amman', country: 'Jordan' });
    const page = await e2e.newPage({ viewport: PHONE, locale: 'ar-JO' });
    const catalogs = watchCatalogs(page);
    const errors = watchErrors(page);
    await page.goto('/');
    expect(await htmlLangDir(page)).toBe('ar rtl');
    await page.getByRole('heading', { name: text('ar', 'events', 'list.upcoming') }).waitFor();
    // The card's date is written the Arabic way (an Arabic month name), by Intl.
    const card = page.getByRole('article').filter({ hasText: 'Vigil for Gaza' });
    await expect
      .poll(() => card.textContent())
      .toMatch(/يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر/);
    expect(languagesOf(catalogs)).toEqual(['ar']);
    expect(errors).toEqual([]);
    // The small-screen menu lists the app's pages in Arabic.
    await page.getByRole('button', { name: text('ar', 'common', 'nav.openMenu') }).click();
    await page
      .getByRole('link', { name: text('ar', 'common', 'nav.submit') })
      .first()
      .waitFor();
  });
});

describe('an event page in another language', () => {
  it('hints its own catalog beside the first ones, so it hydrates in that language; English fetches none', async () => {
    const event = await createEvent(e2e.server.store, { title: 'Sit-in at the embassy', city: 'Rome' });
    const manifest = buildManifest();
    const hint = (language: string) =>
      `<link rel="modulepreload" crossorigin href="/${manifest[`locales/${language}/event.json`]?.file}">`;

    const italian = await (await fetch(`${e2e.server.url}/event/${event.id}?lang=it`)).text();
    expect(italian).toContain(hint('it'));
    // The home page's first load leaves the event page's words out: only its page hints them.
    const home = await (await fetch(`${e2e.server.url}/?lang=it`)).text();
    expect(home).not.toContain(manifest['locales/it/event.json']?.file);
    const english = await (await fetch(`${e2e.server.url}/event/${event.id}?lang=en`)).text();
    expect(english).not.toContain('locales/en/event');
    expect(english).not.toMatch(/href="\/assets\/event-[^"]*\.js"/);

    const page = await e2e.newPage({ viewport: PHONE, locale: 'it' });
    const catalogs = watchCatalogs(page);
    const errors = watchErrors(page);
    await page.goto(`/event/${event.id}`);
    await page.getByRole('heading', { level: 2, name: text('it', 'event', 'about') }).waitFor();
    await page.getByRole('button', { name: text('it', 'event', 'share') }).waitFor();
    expect(languagesOf(catalogs)).toEqual(['it']);
    expect(errors).toEqual([]);
  });
});

describe('the other pages in another language', () => {
  it('hint the catalogs they read, found by their render, and nothing in English', async () => {
    const store = e2e.server.store;
    const cookie = await sessionCookieFor(store, await createUser(store, { name: 'Salma' }));
    const manifest = buildManifest();
    const hinted = async (path: string, language: string, headers: Record<string, string> = {}) => {
      const html = await (await fetch(`${e2e.server.url}${path}?lang=${language}`, { headers })).text();
      return Object.entries(manifest)
        .filter(
          ([source, { file }]) => source.startsWith(`locales/${language}/`) && html.includes(`"/${file}"`),
        )
        .map(([source]) => /\/(\w+)\.json$/.exec(source)?.[1])
        .sort();
    };
    // Each beside the first two every page hints: the log's words, the about page's, the form's.
    expect(await hinted('/log', 'fr')).toEqual(['common', 'events', 'log']);
    expect(await hinted('/about', 'ar')).toEqual(['about', 'common', 'events']);
    expect(await hinted('/submit', 'es', { cookie })).toContain('submit');
    // The home page reads no catalog of another page's.
    expect(await hinted('/', 'fr')).toEqual(['common', 'events']);
    expect(await hinted('/log', 'en')).toEqual([]);

    // Hinted, the French log hydrates in French with no English and no error.
    const page = await e2e.newPage({ viewport: DESKTOP, locale: 'fr' });
    const catalogs = watchCatalogs(page);
    const errors = watchErrors(page);
    await page.goto('/log');
    await page.getByRole('heading', { level: 1, name: text('fr', 'log', 'title') }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(languagesOf(catalogs)).toEqual(['fr']);
    expect(errors).toEqual([]);
  });
});

describe('the home filters in every language', () => {
  it('show each field’s whole hint, from a small laptop to a wide screen', async () => {
    // A hint cut short can say something else: Indonesian “daring” (online) cut to “dari” (from).
    const languages = readdirSync(join('web', 'locales'));
    for (const viewport of [DESKTOP, { width: 1024, height: 800 }, { width: 1440, height: 900 }]) {
      const page = await e2e.newPage({ viewport });
      for (const language of languages) {
        await page.goto(`/?lang=${language}`);
        const cut = await page.evaluate(() => {
          const canvas = document.createElement('canvas').getContext('2d');
          if (!canvas) return ['no canvas'];
          return [...document.querySelectorAll<HTMLInputElement>('search input[placeholder]')]
            .filter((input) => {
              const style = getComputedStyle(input);
              canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
              const room =
                input.clientWidth -
                Number.parseFloat(style.paddingInlineStart) -
                Number.parseFloat(style.paddingInlineEnd);
              return canvas.measureText(input.placeholder).width > room;
            })
            .map((input) => input.placeholder);
        });
        expect(cut, `${language} at ${viewport.width} px`).toEqual([]);
      }
    }
  });
});

describe('the language menu', () => {
  it('switches a page to French, and the choice holds on the next pages', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    const catalogs = watchCatalogs(page);
    await page.goto('/log');
    expect(await htmlLangDir(page)).toBe('en ltr');
    expect(languagesOf(catalogs)).toEqual([]);
    // Named by what it shows: "Language EN".
    await page.getByRole('banner').getByText('Language EN').click();
    await page.getByRole('link', { name: 'Français' }).first().click();
    await page.waitForURL(/\/log\?lang=fr$/);
    await page.getByRole('heading', { level: 1, name: text('fr', 'log', 'title') }).waitFor();
    expect(await htmlLangDir(page)).toBe('fr ltr');
    // The header's own links now lead to French pages without ?lang= (the cookie remembers).
    await page
      .getByRole('link', { name: text('fr', 'common', 'nav.submit') })
      .first()
      .click();
    await page.waitForURL(/\/submit$/);
    await page.reload();
    expect(await htmlLangDir(page)).toBe('fr ltr');
    await page
      .getByRole('link', { name: text('fr', 'common', 'nav.events') })
      .first()
      .waitFor();
    expect(languagesOf(catalogs)).toContain('fr');
    expect(languagesOf(catalogs)).not.toContain('ar');
  });

  it('works without JavaScript: plain links, the page comes back in the chosen language', async () => {
    const page = await e2e.newPage({ viewport: PHONE, javaScriptEnabled: false });
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'العربية' }).click();
    await page.waitForURL(/\?lang=ar$/);
    expect(await htmlLangDir(page)).toBe('ar rtl');
    await page.getByRole('heading', { name: text('ar', 'events', 'list.upcoming') }).waitFor();
    // Remembered: the next page, asked for without ?lang=, is Arabic too.
    await page.goto('/about');
    expect(await htmlLangDir(page)).toBe('ar rtl');
  });
});

describe('every page in Arabic', () => {
  const pages = [
    { path: '/', who: 'visitor', name: 'home' },
    { path: '/event/:id', who: 'visitor', name: 'event' },
    { path: '/log', who: 'visitor', name: 'log' },
    { path: '/subscribe', who: 'visitor', name: 'subscribe' },
    { path: '/about', who: 'visitor', name: 'about' },
    { path: '/auth', who: 'visitor', name: 'auth' },
    { path: '/submit', who: 'submitter', name: 'submit' },
    { path: '/my-events', who: 'submitter', name: 'my-events' },
    { path: '/event/:id/edit', who: 'submitter', name: 'edit-event' },
    { path: '/account', who: 'submitter', name: 'account' },
    { path: '/moderation', who: 'moderator', name: 'moderation' },
    { path: '/forgot-password', who: 'visitor', name: 'forgot-password' },
    { path: '/reset-password', who: 'visitor', name: 'reset-password' },
    { path: '/verify-email', who: 'submitter', name: 'verify-email' },
    { path: '/no-such-page', who: 'visitor', name: 'not-found' },
  ] as const;
  let cookies: Record<'visitor' | 'submitter' | 'moderator', string | undefined>;
  let approved: { id: string; title: string };

  beforeAll(async () => {
    const store = e2e.server.store;
    const submitter = await createUser(store, { name: 'Layla' });
    const moderator = await createModerator(store, { name: 'Omar' });
    approved = await createEvent(store, {
      title: 'Film night: Born in Gaza',
      city: 'Paris',
      country: 'France',
      type: 'cultural',
      organizer: 'Collectif Palestine',
      createdBy: submitter.id,
    });
    await createEvent(store, {
      title: 'Teach-in at the library',
      status: 'pending',
      createdBy: submitter.id,
    });
    cookies = {
      visitor: undefined,
      submitter: await sessionCookieFor(store, submitter),
      moderator: await sessionCookieFor(store, moderator),
    };
  });

  it.each(pages)(
    '$name shows no English outside what people wrote, passes axe, and is photographed',
    async ({ path, who, name }) => {
      const url = path.replace(':id', approved.id);
      for (const [size, viewport] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        const page = await e2e.newPage({ viewport, locale: 'ar', cookie: cookies[who] });
        const errors = watchErrors(page);
        const catalogs = watchCatalogs(page);
        const html = (await (await page.goto(url))?.text()) ?? '';
        // Every catalog the page fetched before it showed its heading was hinted in its HTML: fetched
        // beside its code, not discovered once the code ran (a page that needs JavaScript shows its
        // heading only once its own code has rendered it).
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        expect(
          [...catalogs].filter(([file]) => !html.includes(`"${file}"`)).map(([, catalog]) => catalog),
          `${url}: catalogs fetched, not hinted`,
        ).toEqual([]);
        await page.waitForLoadState('networkidle');
        expect(await htmlLangDir(page), url).toBe('ar rtl');
        // People's names and event titles also appear inside the app's own sentences (an account menu
        // "for Layla", a button "Add … to calendar"), where no element can isolate them.
        const people = [
          SITE_TITLE,
          'Vigil for Gaza',
          'Sit-in at the embassy',
          'Teach-in at the library',
          approved.title,
          'Layla',
          'Omar',
        ];
        expect(await latinWordsOutsideUserText(page, people), `${url} (${size})`).toEqual([]);
        // The 404 page's own request answers 404, as it should.
        expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
        if (size === 'desktop') await expectNoA11yViolations(page, `${url} in Arabic`);
        await screenshot(page, `ar-${name}-${size}-light`);
        await page.emulateMedia({ colorScheme: 'dark' });
        await screenshot(page, `ar-${name}-${size}-dark`);
      }
    },
  );
});
