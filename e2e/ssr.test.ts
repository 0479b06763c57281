// Server-side rendering: the pages a visitor lands on arrive as HTML with their content (readable
// without JavaScript), and the browser hydrates them without a mismatch or a second request.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_PATH } from '../common/apiPaths';
import { zonedDateTimeToInstant } from '../common/dates';
import type { EventRow, UserRow } from '../server/store/schema';
import { createEvent, createSeriesEvents, createUser, sessionCookieFor } from '../server/testing/factories';
import { DESKTOP, expectNoA11yViolations, openFilters, PHONE, screenshot, setupE2E } from './support/browser';

const DAY = 24 * 3600 * 1000;
const e2e = setupE2E();
let vigil: EventRow;
let march: EventRow;
let pending: EventRow;
let user: UserRow;
let userCookie: string;

beforeAll(async () => {
  const s = e2e.server.store;
  vigil = await createEvent(s, {
    title: 'Candle vigil & <remembrance> for Gaza',
    description: 'We gather at the fountain.\nBring a candle.',
    type: 'cultural',
    city: 'Jerusalem',
    country: 'Palestine',
    // Another zone than the browser's (UTC): the "Jerusalem time" label and "your time" appear.
    timezone: 'Asia/Jerusalem',
    startsAt: zonedDateTimeToInstant('2031-03-03', '17:00', 'Asia/Jerusalem').getTime(),
    organizer: 'Friends of Sabeel',
  });
  march = await createEvent(s, {
    title: 'March for a ceasefire',
    type: 'protest',
    city: 'London',
    country: 'United Kingdom',
    timezone: 'UTC',
    startsAt: Date.now() + 2 * DAY,
  });
  for (let i = 0; i < 5; i++) {
    await createEvent(s, {
      title: `Teach-in number ${i + 1}`,
      type: 'educational',
      startsAt: Date.now() + (3 + i) * DAY,
    });
  }
  user = await createUser(s, { name: 'Layla Haddad' });
  userCookie = await sessionCookieFor(s, user);
  pending = await createEvent(s, { title: 'Pending picnic', status: 'pending', createdBy: user.id });
});
/** The page's HTML as the server sends it, no JavaScript run. */
async function html(path: string, cookie?: string): Promise<string> {
  const res = await e2e.server.fetch(path, cookie ? { headers: { cookie } } : {});
  expect(res.status, path).toBe(200);
  return res.text();
}

/** What is inside #root, tags stripped and entities decoded: the text a reader without JavaScript gets. */
function rootText(page: string): string {
  const root = /<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json" id="ssr-state">/.exec(
    page,
  );
  expect(root, 'a rendered #root followed by its state').not.toBeNull();
  return (root?.[1] ?? '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

interface Watched {
  problems: string[];
  apiCalls: string[];
}

/** Console errors and warnings (React reports hydration mismatches there), page errors, API calls. */
function watch(page: Page): Watched {
  const watched: Watched = { problems: [], apiCalls: [] };
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      watched.problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => watched.problems.push(`pageerror: ${error.message}`));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) watched.apiCalls.push(url.pathname + url.search);
  });
  return watched;
}

/** Hydration is over once the viewer-dependent date hints (rendered only in the browser) are there. */
async function hydrated(page: Page): Promise<void> {
  await page.getByTestId('event-relative').first().waitFor();
}

/** Sum of layout shifts so far (what Lighthouse's CLS adds up), read from the browser. */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[];
          resolve(entries.filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(0), 500);
      }),
  );
}

describe('HTML from the server', () => {
  it('has the home list in it, read without JavaScript, and the answers it was made from', async () => {
    const page = await html('/');
    const text = rootText(page);
    expect(text).toContain('Candle vigil & <remembrance> for Gaza');
    expect(text).toContain('March for a ceasefire');
    expect(text).toContain('Monday, March 3, 2031 at 5:00 PM');
    expect(text).toContain('Sign In');
    // User text is escaped in the markup and in the state (no raw `<` can close the script).
    expect(page).not.toContain('<remembrance>');
    const state =
      /<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(page)?.[1] ?? '';
    expect(state).not.toContain('<');
    expect(JSON.stringify(JSON.parse(state))).toContain('Candle vigil & <remembrance> for Gaza');
    // The shell's "needs JavaScript" notice goes; the page's own <noscript> (the filter form's submit
    // button, for browsers that run no script) stays.
    expect(page).not.toContain('This calendar needs JavaScript');
    expect(page).toMatch(
      /<form action="\/" method="get">[\s\S]*<noscript>[\s\S]*Show events[\s\S]*<\/noscript>/,
    );
    // The only scripts: the app's module and the JSON state (the CSP refuses inline scripts).
    expect(page.match(/<script\b[^>]*>/g)).toEqual([
      expect.stringMatching(/^<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">$/),
      '<script type="application/json" id="ssr-state">',
    ]);
  });

  it('is made from the API’s own answers for whoever asks: who they are, and what the page shows them', async () => {
    const moderator = await createUser(e2e.server.store, { name: 'Samira Odeh', role: 'moderator' });
    const unconfirmed = await createUser(e2e.server.store, { name: 'Yusuf Amin', emailVerified: false });
    const people = {
      'a visitor': undefined,
      'the submitter of the pending event': userCookie,
      'a moderator': await sessionCookieFor(e2e.server.store, moderator),
      'someone yet to confirm their address': await sessionCookieFor(e2e.server.store, unconfirmed),
    };
    // Each page, and the API reads it is made from in the order it makes them (after the session), then
    // those it makes only for someone signed in.
    const pages: [string, string[], string[]?][] = [
      ['/', []],
      [`/event/${march.id}`, [`/api/events/${march.id}`]],
      // Only its submitter and the moderators see it, its review notes with it; others get "not found".
      [`/event/${pending.id}`, [`/api/events/${pending.id}`]],
      ['/?view=month&month=2031-03', ['/api/events/month?month=2031-03']],
      ['/log', ['/api/log/stats'], ['/api/log']],
      // A link in another language, followed for the first time: About's text in that language too.
      ['/about?lang=ar', ['/api/about?lang=ar']],
    ];
    for (const [who, cookie] of Object.entries(people)) {
      const headers = cookie ? { headers: { cookie } } : {};
      for (const [path, everyone, signedIn = []] of pages) {
        const reads = cookie ? [...everyone, ...signedIn] : everyone;
        const answers = await Promise.all(reads.map((read) => e2e.server.fetch(read, headers)));
        const res = await e2e.server.fetch(path, headers);
        const refused = answers.find((answer) => answer.status !== 200);
        expect(res.status, `${path} for ${who}`).toBe(refused ? refused.status : 200);
        if (refused) continue;
        const state = JSON.parse(
          /<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(
            await res.text(),
          )?.[1] ?? 'null',
        ) as { queries: { key: unknown[]; data: unknown }[] };
        const [session, ...shown] = state.queries.map(({ data }) => data);
        const api = await e2e.server.fetch(SESSION_PATH, headers);
        expect(session, `${path} for ${who}`).toEqual(await api.json());
        // The home list's state leaves out fields the page never reads (UNREAD_LIST_FIELDS): its
        // content is checked by the tests above.
        expect(shown, `${path} for ${who}`).toEqual(
          path === '/' ? [expect.anything()] : await Promise.all(answers.map((answer) => answer.json())),
        );
      }
    }
  });

  it('draws its icons from one cached sprite of the icons the app uses', async () => {
    const page = await html('/');
    const refs = [...page.matchAll(/<use href="(\/assets\/icons-[\w-]+\.svg)#([\w-]+)"/g)];
    expect(refs.length).toBeGreaterThan(5);
    // One sprite, holding every icon the page points into, cached for good (its name changes with it).
    const sprites = new Set(refs.map(([, file]) => file));
    expect(sprites.size).toBe(1);
    const res = await e2e.server.fetch([...sprites][0] ?? '');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const sprite = await res.text();
    for (const [, , id] of refs) expect(sprite).toContain(`<symbol id="${id}" viewBox="0 0 24 24">`);
    expect(page).toContain('<use href="/assets/icons-');
    expect(page).not.toContain('lucide-map-pin');
  });

  it('renders the filters of the address, as the page reads them', async () => {
    const text = rootText(await html('/?type=protest&search=ceasefire'));
    expect(text).toContain('March for a ceasefire');
    expect(text).not.toContain('Candle vigil');
    expect(text).not.toContain('Teach-in');
  });

  it('renders an event page, and a pending one for its submitter only', async () => {
    const text = rootText(await html(`/event/${vigil.id}`));
    expect(text).toContain('Candle vigil & <remembrance> for Gaza');
    expect(text).toContain('We gather at the fountain.');
    expect(text).toContain('Friends of Sabeel');
    expect(text).toContain('Jerusalem, Palestine');

    const own = rootText(await html(`/event/${pending.id}`, userCookie));
    expect(own).toContain('Pending picnic');
    expect(own).toContain('Layla Haddad');
    const stranger = await e2e.server.fetch(`/event/${pending.id}`);
    expect(stranger.status).toBe(404);
    expect(await stranger.text()).not.toContain('Pending picnic');
  });

  it('shows the signed-in person in the header it renders', async () => {
    const text = rootText(await html('/', userCookie));
    expect(text).toContain('Layla Haddad');
    expect(text).not.toContain('Sign In');
  });

  it('renders every other page of the app with its content, and unknown addresses as "Page Not Found"', async () => {
    expect(rootText(await html('/about'))).toContain('About this calendar');
    const log = rootText(await html('/log'));
    expect(log).toContain('Transparency Log');
    expect(log).toContain('Moderation at a Glance');
    // The feed's address, for the filters of the address, in its field.
    const subscribe = await html('/subscribe?type=protest');
    expect(subscribe).toContain(`value="${e2e.server.url}/calendar.ics?type=protest"`);
    expect(rootText(subscribe)).toContain('Subscribe in your calendar app');
    expect(rootText(await html('/auth'))).toContain('Sign In');
    expect(rootText(await html('/submit'))).toContain('Sign In Required');
    expect(rootText(await html('/submit', userCookie))).toContain('Submit an Event');
    // A page that needs JavaScript says so, for browsers that run none.
    expect(rootText(await html('/moderation'))).toContain('This page needs JavaScript');
    // An address with no page: "Page Not Found" with the header, and a 404 for search engines.
    const missing = await e2e.server.fetch('/no-such-page');
    expect(missing.status).toBe(404);
    const missingPage = await missing.text();
    expect(rootText(missingPage)).toContain('Page Not Found');
    expect(rootText(missingPage)).toContain('Submit Event');
    expect(missingPage).toContain('<title>Page Not Found');
    // A page's address with a slash at the end leads to the page.
    const slashed = await e2e.server.fetch('/about/?lang=fr', { redirect: 'manual' });
    expect(slashed.status).toBe(301);
    expect(slashed.headers.get('location')).toBe('/about?lang=fr');
  });
});

describe('in the browser', () => {
  it('hydrates home without a mismatch or a second request, then filters without reloading', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    const watched = watch(page);
    await page.goto('/');
    await hydrated(page);
    expect(await page.getByTestId('event-zone').first().textContent()).toBe('Jerusalem time (GMT+2)');
    // Nothing moves when the browser-only date hints appear (their lines are held): well under 0.1,
    // the "good" limit (one run on a loaded machine measured 0.014; Lighthouse measures 0).
    expect(await layoutShift(page)).toBeLessThan(0.05);
    expect(watched.apiCalls).toEqual([]);
    await screenshot(page, 'ssr-home-phone');
    await expectNoA11yViolations(page);

    // A client-side navigation: the page is not loaded again, the list comes from the API.
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await openFilters(page);
    await page.getByLabel('Event type').selectOption('protest');
    await page.waitForURL((url) => url.searchParams.get('type') === 'protest');
    await page.locator('main li article h4').first().waitFor();
    await expect
      .poll(() => page.locator('main li article h4').allTextContents())
      .toEqual(['March for a ceasefire']);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(watched.apiCalls).toEqual(['/api/events?type=protest']);
    expect(watched.problems).toEqual([]);
  });

  it('hydrates a filtered home with its no-JavaScript parts without a mismatch or a shift', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    const watched = watch(page);
    await page.goto('/?type=educational&page=1');
    await hydrated(page);
    expect(await layoutShift(page)).toBeLessThan(0.05);
    expect(watched.apiCalls).toEqual([]);
    // What only a page without JavaScript needs has made way for the app's own controls.
    await openFilters(page);
    expect(await page.getByRole('button', { name: 'Show events' }).count()).toBe(0);
    expect(await page.getByRole('radio', { name: 'Upcoming' }).isChecked()).toBe(true);
    expect(await page.getByRole('link', { name: 'Upcoming' }).count()).toBe(0);
    expect(
      await page
        .getByRole('button', { name: 'Add “Teach-in number 1” to your calendar' })
        .getAttribute('href'),
    ).toBeNull();
    await openFilters(page);
    expect(await page.getByRole('link', { name: 'Clear filters' }).getAttribute('href')).toBe('/');
    await screenshot(page, 'ssr-home-filtered-phone');
    await expectNoA11yViolations(page);
    expect(watched.problems).toEqual([]);
  });

  it('hydrates an event page (its code loads after the HTML) and keeps it working', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    const watched = watch(page);
    await page.goto(`/event/${vigil.id}`);
    await hydrated(page);
    expect(await page.getByTestId('event-viewer-time').textContent()).toBe('Mar 3, 2031, 3:00 PM your time');
    expect(watched.apiCalls).toEqual([]);
    await page.getByRole('button', { name: 'Add to calendar' }).click();
    await page.getByRole('menuitem', { name: /Download .ics/ }).waitFor();
    await page.keyboard.press('Escape');
    await screenshot(page, 'ssr-event-desktop');
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Back to Events' }).click();
    await page.getByRole('heading', { name: 'Upcoming Events' }).waitFor();
    expect(watched.problems).toEqual([]);
  });

  it('hydrates a Casablanca event though the server and the browser read Morocco’s clock differently', async () => {
    // Morocco changes its clock by decree: the zone data of Node and of a browser often disagree about it
    // (this Chromium and Node 24 do, by an hour, from 2026 on). The page must still come to life.
    const s = e2e.server.store;
    const rally = await createEvent(s, {
      title: 'Rabat rally for Gaza',
      city: 'Rabat',
      country: 'Morocco',
      timezone: 'Africa/Casablanca',
      startsAt: Date.parse('2031-03-03T17:00:00Z'),
      // Submitted within the hour before midnight in Morocco, as Node counts it: the browser names
      // another day for it (the page failed to hydrate between 23:00 and 24:00 UTC every day).
      createdAt: Date.parse('2026-11-28T23:30:00Z'),
    });
    // A weekly series there too: its page lists every date (web/entry-server.tsx reads them).
    const weekly = await createSeriesEvents(s, {
      title: 'Rabat weekly vigil',
      date: '2031-03-06',
      timezone: 'Africa/Casablanca',
    });
    for (const path of [
      `/event/${weekly.id}`,
      `/event/${rally.id}`,
      '/?search=Rabat',
      '/?view=month&month=2031-03&search=Rabat&tz=Africa/Casablanca',
      '/?search=Rabat&tz=Africa/Casablanca',
    ]) {
      const page = await e2e.newPage({ viewport: PHONE });
      const watched = watch(page);
      await page.goto(path);
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'));
      await page.waitForTimeout(300);
      expect(watched.problems, path).toEqual([]);
      expect(watched.apiCalls, path).toEqual([]);
    }
  });

  it('hydrates the signed-in header without a mismatch', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP, cookie: userCookie });
    const watched = watch(page);
    await page.goto('/');
    await hydrated(page);
    const account = page.getByRole('button', { name: 'Account menu for Layla Haddad' });
    await account.click();
    await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    await page.keyboard.press('Escape');
    expect(watched.apiCalls).toEqual([]);
    await screenshot(page, 'ssr-home-signed-in-desktop');
    await expectNoA11yViolations(page);
    expect(watched.problems).toEqual([]);

    const phone = await e2e.newPage({ viewport: PHONE, cookie: userCookie });
    const phoneWatched = watch(phone);
    await phone.goto(`/event/${vigil.id}`);
    await hydrated(phone);
    await phone.getByRole('button', { name: 'Report' }).waitFor();
    await screenshot(phone, 'ssr-event-signed-in-phone');
    expect(phoneWatched.problems).toEqual([]);
  });

  it('reads without JavaScript', async () => {
    const page = await e2e.newPage({ viewport: PHONE, javaScriptEnabled: false });
    await page.goto('/');
    expect(
      await page.getByRole('heading', { name: 'Candle vigil & <remembrance> for Gaza' }).isVisible(),
    ).toBe(true);
    expect(await page.getByText('This calendar needs JavaScript').count()).toBe(0);
    await screenshot(page, 'ssr-home-no-js-phone');
    await page.goto(`/event/${march.id}`);
    expect(await page.getByRole('heading', { level: 1, name: 'March for a ceasefire' }).isVisible()).toBe(
      true,
    );
  });

  it('hydrates every other page it renders without a mismatch, and they work', async () => {
    const moderator = await createUser(e2e.server.store, { name: 'Mira Moderator', role: 'moderator' });
    const moderatorCookie = await sessionCookieFor(e2e.server.store, moderator);
    const visits: { path: string; cookie?: string; ready: (page: Page) => Promise<unknown> }[] = [
      { path: '/about', ready: (p) => p.getByTestId('about-text').waitFor() },
      { path: '/log', ready: (p) => p.getByTestId('stats-summary').waitFor() },
      { path: '/log', cookie: userCookie, ready: (p) => p.getByTestId('stats-summary').waitFor() },
      // Copying needs the page to run: its buttons come with it.
      { path: '/subscribe', ready: (p) => p.getByRole('button', { name: /^Copy/ }).first().waitFor() },
      // The other form is a button once the page runs (a link without JavaScript).
      {
        path: '/auth',
        ready: (p) => p.getByRole('button', { name: "Don't have an account? Create one" }).waitFor(),
      },
      // The zone is the person's own once the page runs (the server rendered UTC).
      {
        path: '/submit',
        cookie: userCookie,
        ready: (p) => p.getByRole('combobox', { name: /Time Zone/ }).waitFor(),
      },
      // A page that needs JavaScript: its notice hydrates, then the page itself renders.
      {
        path: '/moderation',
        cookie: moderatorCookie,
        ready: (p) => p.getByRole('heading', { level: 1, name: 'Moderation Dashboard' }).waitFor(),
      },
    ];
    for (const visit of visits) {
      const page = await e2e.newPage({ viewport: PHONE, ...(visit.cookie ? { cookie: visit.cookie } : {}) });
      const watched = watch(page);
      await page.goto(visit.path);
      await visit.ready(page);
      expect(await page.getByText('This page needs JavaScript').count(), visit.path).toBe(0);
      expect(watched.problems, visit.path).toEqual([]);
      await page.close();
    }
  });

  it('hydrates a form the server refused (sent before the page ran) with its messages and values', async () => {
    // The page itself answers with the refusal's status (401, 400), which Chromium notes in the console.
    const beyondTheRefusal = (problems: string[]) =>
      problems.filter((p) => !/^error: Failed to load resource: .* status of 40[01]\b/.test(p));
    const page = await e2e.newPage({ viewport: PHONE });
    const watched = watch(page);
    await page.goto('/auth?next=%2Flog');
    await page.getByLabel('Email Address').fill('nobody@example.org');
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    // Sent as a browser sends it before the app runs: the form's own post, not the app's request.
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/auth'),
      page.evaluate(() => {
        const form = document.querySelector<HTMLFormElement>('form[method="post"]');
        if (form) HTMLFormElement.prototype.submit.call(form);
      }),
    ]);
    await page.getByText('Invalid email or password').waitFor();
    await page.getByRole('button', { name: "Don't have an account? Create one" }).waitFor();
    expect(await page.getByLabel('Email Address').inputValue()).toBe('nobody@example.org');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    expect(beyondTheRefusal(watched.problems)).toEqual([]);

    const form = await e2e.newPage({ viewport: PHONE, cookie: userCookie });
    const formWatched = watch(form);
    await form.goto('/submit');
    await form.getByRole('combobox', { name: /Time Zone/ }).waitFor();
    await form.getByLabel('Event Title').fill('Sent before the page ran');
    await Promise.all([
      form.waitForURL((url) => url.pathname === '/submit'),
      form.evaluate(() => {
        const sent = document.querySelector<HTMLFormElement>('form[method="post"]');
        if (sent) HTMLFormElement.prototype.submit.call(sent);
      }),
    ]);
    await form.getByText('Failed to submit event. Please try again.').waitFor();
    await form.getByRole('combobox', { name: /Time Zone/ }).waitFor();
    expect(await form.getByLabel('Event Title').inputValue()).toBe('Sent before the page ran');
    expect(beyondTheRefusal(formWatched.problems)).toEqual([]);
  });
});
