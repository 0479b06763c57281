import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from '../../server/testing/harness';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;

/** Every way a page is looked at: a phone and a desktop, light and dark, English and Arabic (right to left). */
export const LOOKS = (['phone', 'desktop'] as const).flatMap((label) =>
  (['light', 'dark'] as const).flatMap((colorScheme) =>
    (['en', 'ar'] as const).map((lang) => ({
      label,
      viewport: label === 'phone' ? PHONE : DESKTOP,
      colorScheme,
      lang,
    })),
  ),
);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
}

export interface E2E {
  server: TestServer;
  browser: Browser;
  /** A new page in a fresh context (no cookies) at the given viewport, its clock in UTC unless told. */
  newPage(options?: {
    viewport?: { width: number; height: number };
    cookie?: string;
    timezoneId?: string;
    /** The browser's language (Accept-Language, navigator.language): 'en-US' unless told. */
    locale?: string;
    javaScriptEnabled?: boolean;
    colorScheme?: 'light' | 'dark';
    /** Device pixels to a CSS pixel: 1 unless told. */
    deviceScaleFactor?: number;
  }): Promise<Page>;
  /** Requests any page made to another origin: must stay empty. */
  foreignRequests: string[];
  close(): Promise<void>;
}

/** One real server on a fresh database serving the built app, and one Chromium. */
export async function startE2E(options: Omit<TestServerOptions, 'webRoot'> = {}): Promise<E2E> {
  // Browser tests write events straight into the database (factories), behind the app's back, which a
  // running server sees only once its listing micro-cache expires (1 s): off here unless a test asks for
  // it. The cache has its own API tests (server/http/listingCache.test.ts).
  const server = await startTestServer({
    ...options,
    env: { LISTING_CACHE_MS: '0', ...options.env },
    webRoot: inject('webRoot'),
  });
  const browser = await launchChromium();
  const contexts: BrowserContext[] = [];
  const foreignRequests: string[] = [];
  const origin = new URL(server.url).origin;
  return {
    server,
    browser,
    foreignRequests,
    async newPage({
      viewport = DESKTOP,
      cookie,
      timezoneId = 'UTC',
      locale = 'en-US',
      javaScriptEnabled = true,
      colorScheme = 'light',
      deviceScaleFactor = 1,
    } = {}) {
      const context = await browser.newContext({
        viewport,
        baseURL: server.url,
        locale,
        timezoneId,
        javaScriptEnabled,
        colorScheme,
        deviceScaleFactor,
      });
      contexts.push(context);
      if (cookie) {
        const [name, value] = cookie.split('=', 2) as [string, string];
        await context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
      }
      // A page that runs no script is never marked ready by the app: its loads are waited for as loads.
      const page = await context.newPage();
      if (javaScriptEnabled) waitForAppOnLoad(page);
      page.on('request', (request) => {
        const url = request.url();
        if (url.startsWith('data:') || url.startsWith('blob:') || url.startsWith('about:')) return;
        if (new URL(url).origin !== origin) foreignRequests.push(url);
      });
      return page;
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => {});
      await browser.close();
      await server.close();
    },
  };
}

/**
 * The app's pages are server-rendered (home, an event) or rendered in the browser; either way a click
 * made before React has taken the page over is lost, as it would be for a person. So, after each load
 * (`goto`, `reload`), wait for the app to mark the document ready (web/app/Layout.tsx) when the page is
 * the app's. `waitUntil: 'commit'` opts out, for tests of the page before its scripts run.
 */
export function waitForAppOnLoad(page: Page): Page {
  const ready = () =>
    page.waitForFunction(
      () => !document.getElementById('root') || document.documentElement.hasAttribute('data-ready'),
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await ready();
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await ready();
    return response;
  };
  return page;
}

/**
 * The usual setup of a browser test file, registered where it is called: a server and Chromium started
 * before the file's tests (before any `beforeAll` written after it) and, after them, closed once no page
 * any test opened has made a request to another site. Returns the running E2E (usable from the first
 * `beforeAll` on).
 */
export function setupE2E(options: Omit<TestServerOptions, 'webRoot'> = {}): E2E {
  let current: E2E | undefined;
  beforeAll(async () => {
    current = await startE2E(options);
  });
  afterAll(async () => {
    if (!current) return;
    expect(current.foreignRequests).toEqual([]);
    await current.close();
  });
  return new Proxy({} as E2E, {
    get(_target, property) {
      if (!current) throw new Error('setupE2E(): the browser test setup has not run yet');
      return Reflect.get(current, property);
    },
  });
}

/** Run axe on the page and fail on any serious or critical violation. */
export async function expectNoA11yViolations(page: Page, label = page.url()): Promise<void> {
  // Colours are judged at rest: a transition still running (a theme just switched, a button just
  // enabled) would be measured half way between two colours.
  // Polled from here: waitForFunction needs the page's own scripts, which no-JavaScript tests turn off.
  for (let tries = 0; tries < 40; tries++) {
    const moving = await page.evaluate(() =>
      document
        .getAnimations()
        .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity),
    );
    if (!moving) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // evaluate() runs outside the page's CSP, which (rightly) refuses inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{
            violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
  expect(violations, `accessibility violations on ${label}`).toEqual([]);
}

/** Save a screenshot under e2e/screenshots/ for people to look at (not compared by tests). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = join(process.cwd(), 'e2e', 'screenshots');
  mkdirSync(dir, { recursive: true });
  // A whole page is photographed from its top: scrolled (a selected card brought into view), Chromium
  // draws the sticky header where the window was, over the middle of the page. With a dialog open, what
  // the person sees is the window: the dialog over the page where they were (a whole-page photograph
  // would show the header and the dialog in the middle of the page).
  const dialogOpen = await page.evaluate(() => {
    const open = document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
    if (!open) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    return open;
  });
  // Transitions finished: a page just switched to dark would otherwise be caught half-way (a card still
  // light with white text), which is not what anyone sees once it has settled.
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: !dialogOpen, animations: 'disabled' });
}

/**
 * Open the home page's filters where they fold away (a phone: "Filters" is a disclosure); from the sm
 * width up they are always open and this does nothing.
 */
export async function openFilters(page: Page): Promise<void> {
  const details = page.locator('details.filters-disclosure');
  const summary = details.locator('summary');
  if ((await summary.isVisible()) && !(await details.evaluate((el) => (el as HTMLDetailsElement).open))) {
    await summary.click();
  }
}

/** Words in Latin letters that are the same in every language: names of products, formats, zones. */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'google',
  'rss',
  'ics',
  'json',
  'api',
  'url',
  'gmt',
  'utc',
  'webcal',
  'markdown',
  'openstreetmap',
  'openapi',
  'apple',
  'outlook',
  'ical',
  'https',
  'http',
  'www',
]);

/**
 * Words in Latin letters a page shows (text, and the names and hints of controls) outside what people
 * wrote: user text is isolated in `dir="auto"` elements (events, names, reasons), other languages' words
 * carry their own `lang`, codes `translate="no"`; `ignore` names the
 * rest that is not the app's own words (the site's title, the operator's; an event title in the tab). On a page in Arabic or Urdu, any such word is an untranslated string.
 */
export async function latinWordsOutsideUserText(page: Page, ignore: string[]): Promise<string[]> {
  const words = await page.evaluate((known) => {
    const found: string[] = [];
    const pageLanguage = document.documentElement.lang;
    // User text (dir="auto"), words marked as another language (the language menu's names) or as
    // not to be translated (a language's code), and what is not shown as text at all.
    const skip = (el: Element | null): boolean => {
      for (let e = el; e; e = e.parentElement) {
        if (e.getAttribute('dir') === 'auto' || e.getAttribute('translate') === 'no') return true;
        if (e.hasAttribute('lang') && e.getAttribute('lang') !== pageLanguage) return true;
        if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(e.tagName)) return true;
      }
      return false;
    };
    const add = (text: string | null) => {
      if (!text) return;
      // Email addresses are people's own.
      let rest = text.replace(/[^\s@]+@[^\s@]+/g, ' ');
      for (const k of known) rest = rest.split(k).join(' ');
      for (const m of rest.matchAll(/[A-Za-z]{2,}/g)) found.push(m[0]);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!skip(node.parentElement)) add(node.textContent);
    }
    for (const el of document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
      if (skip(el)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) add(el.getAttribute(name));
    }
    add(document.title);
    return found;
  }, ignore);
  return [...new Set(words)].filter((w) => !SAME_IN_EVERY_LANGUAGE.has(w.toLowerCase()));
}

/**
 * Open `path` as the browser receives a page the server could not render (server/html/pages.ts sends
 * the plain shell then, and the app renders it with its own requests): for the loading states a
 * rendered page never shows, such as the header before the session is known.
 */
export async function gotoBrowserRendered(page: Page, path: string): Promise<void> {
  const url = new URL(path, 'http://localhost');
  const matches = (address: URL) => address.pathname === url.pathname && address.search === url.search;
  await page.route(matches, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /<div id="root">[\s\S]*<\/div>\s*<script type="application\/json" id="ssr-state">[\s\S]*?<\/script>/,
      '<div id="root"></div>',
    );
    await route.fulfill({ response, body: html });
  });
  await page.goto(path);
}

/**
 * Holds back the page's code, as a slow connection does: the server's page arrives and can be typed
 * into, the app does not run until the returned function lets its scripts through.
 */
export async function holdPageCode(page: Page): Promise<() => void> {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await arrived;
    await route.continue();
  });
  return release;
}
