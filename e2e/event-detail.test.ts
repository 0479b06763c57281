import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventRow, UserRow } from '../server/store/schema';
import {
  createEvent,
  createModerator,
  createSeriesEvents,
  createUser,
  sessionCookieFor,
} from '../server/testing/factories';
import { DESKTOP, expectNoA11yViolations, PHONE, screenshot, setupE2E } from './support/browser';

const DAY = 24 * 3600 * 1000;
const e2e = setupE2E();
let verified: EventRow;
let past: EventRow;
let pending: EventRow;
let rejected: EventRow;
let removed: EventRow;
let submitter: UserRow;

const NOT_FOUND_TEXT = "The event you're looking for doesn't exist or has been removed.";

beforeAll(async () => {
  const s = e2e.server.store;
  submitter = await createUser(s, { name: 'Layla Haddad' });
  verified = await createEvent(s, {
    title: 'Land Day commemoration',
    type: 'cultural',
    city: 'Jerusalem',
    country: 'Palestine',
    // Monday 3 March 2031, 15:00 UTC = 5:00 PM in Jerusalem (GMT+2); the browser runs in UTC.
    startsAt: Date.parse('2031-03-03T15:00:00Z'),
    timezone: 'Asia/Jerusalem',
    verified: true,
    organizer: 'Al-Quds Youth Collective',
    sourceLink: 'https://example.org/land-day',
    description:
      'Music, poetry and olive planting.\nBring family and friends.\n\n<b>Not bold</b> <script>alert(1)</script>',
    createdAt: Date.parse('2030-12-01T12:00:00Z'),
  });
  past = await createEvent(s, {
    title: 'Vigil at the square',
    type: 'protest',
    startsAt: Date.now() - 3 * DAY,
    timezone: 'UTC',
  });
  pending = await createEvent(s, {
    title: 'Awaiting review picnic',
    status: 'pending',
    createdBy: submitter.id,
  });
  rejected = await createEvent(s, {
    title: 'Rejected gathering',
    status: 'rejected',
    createdBy: submitter.id,
  });
  removed = await createEvent(s, { title: 'Removed rally', status: 'removed' });
  await createEvent(s, { title: 'Teach-in on history', type: 'educational' });
  await createEvent(s, { title: 'Poetry night', type: 'cultural', startsAt: Date.now() + 2 * DAY });
});
async function openEvent(page: Page, id: string): Promise<void> {
  await page.goto(`/event/${id}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  // The server's HTML shows at once; the buttons work once the page's code has taken it over, when
  // the relative date (rendered only in the browser) appears.
  await page.getByTestId('event-relative').waitFor();
}

/** The first screen only, as a visitor sees it before scrolling. */
async function firstScreen(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `e2e/screenshots/${name}.png` });
}

describe('event page', () => {
  it('shows every element of the page (docs/PRODUCT.md#event-page) for a verified event', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await openEvent(page, verified.id);
    const main = page.locator('main');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Land Day commemoration');
    // The tab names the event, then the site: as the server sent it, and still once the page has run.
    expect(await page.title()).toBe('Land Day commemoration · Palestine Solidarity Calendar');
    await page.locator('html[data-ready]').waitFor();
    expect(await page.title()).toBe('Land Day commemoration · Palestine Solidarity Calendar');
    expect(await main.getByRole('link', { name: 'Back to Events' }).getAttribute('href')).toBe('/');
    expect(await main.getByText('Cultural', { exact: true }).isVisible()).toBe(true);
    expect(await main.getByText('Verified Event', { exact: true }).isVisible()).toBe(true);
    expect(await main.getByText('Past Event').count()).toBe(0);
    expect(await main.getByRole('button', { name: 'Share' }).isVisible()).toBe(true);

    expect(await main.getByText('Date and time').isVisible()).toBe(true);
    expect(await main.getByTestId('event-date').textContent()).toBe('Monday, March 3, 2031 at 5:00 PM');
    expect(await main.getByTestId('event-zone').textContent()).toBe('Jerusalem time (GMT+2)');
    expect(await main.getByTestId('event-viewer-time').textContent()).toBe('Mar 3, 2031, 3:00 PM your time');
    expect(await main.getByTestId('event-relative').textContent()).toMatch(/^in \d+ years?$/);
    expect(await main.getByTestId('event-location').textContent()).toBe('Jerusalem, Palestine');
    expect(await main.getByText('Organized by').isVisible()).toBe(true);
    expect(await main.getByTestId('event-organizer').textContent()).toBe('Al-Quds Youth Collective');

    const source = main.getByRole('link', { name: 'View Official Source' });
    expect(await source.getAttribute('href')).toBe('https://example.org/land-day');
    expect(await source.getAttribute('target')).toBe('_blank');
    expect(await source.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await main.getByText('Always verify event details on the official source').isVisible()).toBe(true);

    expect(await main.getByRole('heading', { level: 2, name: 'About This Event' }).isVisible()).toBe(true);
    const description = main.getByTestId('event-description');
    // Line breaks are kept, and the submitter's text is text: no markup from it reaches the page.
    // biome-ignore lint/performance/useDomNodeTextContent: innerText is what shows the rendered line breaks
    expect(await description.innerText()).toBe(
      'Music, poetry and olive planting.\nBring family and friends.\n\n<b>Not bold</b> <script>alert(1)</script>',
    );
    expect(await description.locator('b, script').count()).toBe(0);

    expect(await main.getByText('Submitted on Sunday, December 1, 2030').isVisible()).toBe(true);
    expect(await main.getByText('Verified by trusted organization').isVisible()).toBe(true);
    // Signed out: no Report button, no status banner.
    expect(await main.getByRole('button', { name: /Report/ }).count()).toBe(0);
    expect(await main.getByText('not public').count()).toBe(0);

    await firstScreen(page, 'event-detail-desktop');
    await expectNoA11yViolations(page);
  });

  it('looks right on a phone, light and dark', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    await openEvent(page, verified.id);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'event-detail-phone');
    await expectNoA11yViolations(page);
    // Dark from the start, so colour transitions never catch the scan or the picture half-way.
    const dark = await e2e.newPage({ viewport: PHONE });
    await dark.emulateMedia({ colorScheme: 'dark' });
    await openEvent(dark, verified.id);
    await firstScreen(dark, 'event-detail-phone-dark');
    await expectNoA11yViolations(dark, 'event detail (phone, dark)');
  });

  it('tags a past event and leaves out what it does not have', async () => {
    const page = await e2e.newPage();
    await openEvent(page, past.id);
    const main = page.locator('main');
    expect(await main.getByText('Protest/Rally', { exact: true }).isVisible()).toBe(true);
    expect(await main.getByText('Past Event', { exact: true }).isVisible()).toBe(true);
    expect(await main.getByTestId('event-relative').textContent()).toBe('3 days ago');
    // Same clock as the viewer (UTC): no zone label.
    expect(await main.getByTestId('event-zone').count()).toBe(0);
    expect(await main.getByTestId('event-viewer-time').count()).toBe(0);
    expect(await main.getByText('Verified Event').count()).toBe(0);
    expect(await main.getByText('Verified by trusted organization').count()).toBe(0);
    expect(await main.getByText('Organized by').count()).toBe(0);
  });

  it('shows a loading state while the event is fetched', async () => {
    const page = await e2e.newPage();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/api/events/${verified.id}`, async (route) => {
      await gate;
      await route.continue();
    });
    // Opened from the list, the page fetches the event itself (a first load is server-rendered).
    await page.goto('/');
    await page.getByRole('link', { name: 'Land Day commemoration', exact: true }).click();
    await page.getByRole('status', { name: 'Loading event…' }).waitFor();
    await expectNoA11yViolations(page, 'event detail (loading)');
    release();
    await page.getByRole('heading', { level: 1, name: 'Land Day commemoration' }).waitFor();
    expect(await page.getByRole('status', { name: 'Loading event…' }).count()).toBe(0);
  });

  it('shares with native share where the browser has it', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { shareCalls: unknown[] }).shareCalls = calls;
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: unknown) => {
          calls.push(data);
          return Promise.resolve();
        },
      });
    });
    await openEvent(page, verified.id);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shareCalls: unknown[] }).shareCalls))
      .toEqual([{ title: 'Land Day commemoration', url: `${e2e.server.url}/event/${verified.id}` }]);
    expect(await page.getByText('Link copied').count()).toBe(0);
  });

  it('copies the link and says so where native share is missing', async () => {
    const page = await e2e.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
    });
    await openEvent(page, verified.id);
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${e2e.server.url}/event/${verified.id}`,
    );
    await expectNoA11yViolations(page, 'event detail (link copied)');
  });

  it('shows the Report button to signed-in people', async () => {
    const user = await createUser(e2e.server.store);
    const page = await e2e.newPage({ cookie: await sessionCookieFor(e2e.server.store, user) });
    await openEvent(page, verified.id);
    await page
      .locator('main')
      .getByRole('button', { name: /Report/ })
      .waitFor();
  });

  it('does not offer Report on one’s own pending event (the server says it cannot be reported)', async () => {
    const page = await e2e.newPage({ cookie: await sessionCookieFor(e2e.server.store, submitter) });
    await openEvent(page, pending.id);
    const main = page.locator('main');
    // Report is not there, before or after hydration; nor Share, on a page nobody else can open yet.
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    expect(await main.getByRole('button', { name: /Report/ }).count()).toBe(0);
    expect(await main.getByRole('button', { name: /Share/ }).count()).toBe(0);
    await screenshot(page, 'event-own-pending-no-report');
  });

  it('returns to the filtered home view it came from', async () => {
    const page = await e2e.newPage();
    await page.goto('/?type=cultural');
    await page.locator('main li article').first().waitFor();
    const card = page.locator('main li article').filter({ hasText: 'Poetry night' });
    await card.getByRole('link', { name: 'View Details' }).click();
    await page.getByRole('heading', { level: 1, name: 'Poetry night' }).waitFor();
    const back = page.getByRole('link', { name: 'Back to Events' });
    // The address is the filtered view (for a new tab); a plain click goes back in history.
    expect(await back.getAttribute('href')).toBe('/?type=cultural');
    const historyLength = await page.evaluate(() => history.length);
    await back.click();
    await page.waitForURL((url) => url.pathname === '/' && url.search === '?type=cultural');
    expect(await page.getByLabel('Event type').inputValue()).toBe('cultural');
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: 'Poetry night' }).waitFor();
  });
});

describe('a series’ dates', () => {
  it('says which are cancelled in words, not only by striking them through', async () => {
    const { store } = e2e.server;
    const first = await createSeriesEvents(store);
    const dates = await store.db
      .selectFrom('events')
      .select('id')
      .where('series_id', '=', first.series_id)
      .orderBy('series_position')
      .execute();
    await store.db
      .updateTable('events')
      .set({ schedule: 'cancelled' })
      .where('id', '=', dates[1]?.id ?? '')
      .execute();
    const page = await e2e.newPage({ viewport: PHONE });
    await page.goto(`/event/${first.id}`);
    await page.getByText('All dates').click();
    const items = page.getByTestId('series-dates').getByRole('listitem');
    await expect.poll(() => items.count()).toBe(3);
    expect(await items.nth(1).textContent()).toMatch(/ · Cancelled$/);
    expect(await items.nth(0).textContent()).not.toContain('Cancelled');
  });
});

describe('not found', () => {
  it('says so for a missing event, with a link back', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    const answer = await page.goto('/event/AAAAAAAAAAAAAAAA');
    // Rendered by the server (a 404 with the page in it), and hydrated as it is.
    expect(answer?.status()).toBe(404);
    expect(await answer?.text()).toContain('Event Not Found');
    await page.getByRole('heading', { level: 1, name: 'Event Not Found' }).waitFor();
    await page.locator('html[data-ready]').waitFor();
    expect(await page.getByText(NOT_FOUND_TEXT).isVisible()).toBe(true);
    const back = page.locator('main').getByRole('link', { name: 'Back to Events' });
    expect(await back.getAttribute('href')).toBe('/');
    await screenshot(page, 'event-not-found-phone');
    await expectNoA11yViolations(page);
    // The browser's own 404 for the page is all the console says: no hydration mismatch.
    expect(problems.filter((text) => !text.includes('404'))).toEqual([]);
    await back.click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Upcoming Events' }).waitFor();
  });

  it('says the same for something that is not an id, and for hidden events to visitors', async () => {
    const page = await e2e.newPage();
    for (const id of ['not-an-id', pending.id, rejected.id, removed.id]) {
      await page.goto(`/event/${id}`);
      await page.getByRole('heading', { level: 1, name: 'Event Not Found' }).waitFor();
      expect(await page.getByText(NOT_FOUND_TEXT).isVisible()).toBe(true);
    }
  });

  it('answers an unknown address with Page Not Found and a way back', async () => {
    const page = await e2e.newPage();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    expect(await page.title()).toBe('Page Not Found · Palestine Solidarity Calendar');
    await expectNoA11yViolations(page);
    await page.locator('main').getByRole('link', { name: 'Back to Events' }).click();
    await page.getByRole('heading', { name: 'Upcoming Events' }).waitFor();
  });

  it('says not found to a signed-in person who did not submit a pending event', async () => {
    const other = await createUser(e2e.server.store);
    const page = await e2e.newPage({ cookie: await sessionCookieFor(e2e.server.store, other) });
    await page.goto(`/event/${pending.id}`);
    await page.getByRole('heading', { level: 1, name: 'Event Not Found' }).waitFor();
  });
});

describe('status banner', () => {
  it('tells the submitter their event is awaiting review', async () => {
    const page = await e2e.newPage({ cookie: await sessionCookieFor(e2e.server.store, submitter) });
    await openEvent(page, pending.id);
    expect(await page.getByText('This event is awaiting review and is not public yet.').isVisible()).toBe(
      true,
    );
    expect(await page.getByText('Only you and the moderators can see this page.').isVisible()).toBe(true);
    await screenshot(page, 'event-detail-pending');
    await expectNoA11yViolations(page);
  });

  it('shows moderators rejected and removed events with their status', async () => {
    const moderator = await createModerator(e2e.server.store);
    const page = await e2e.newPage({ cookie: await sessionCookieFor(e2e.server.store, moderator) });
    await openEvent(page, rejected.id);
    expect(await page.getByText('This event was rejected during review and is not public.').isVisible()).toBe(
      true,
    );
    await openEvent(page, removed.id);
    expect(
      await page.getByText('This event was removed by the moderators and is no longer public.').isVisible(),
    ).toBe(true);
    expect(await page.getByText('Only moderators and the person who submitted it').isVisible()).toBe(true);
    // An approved event has no banner, even for a moderator.
    await openEvent(page, verified.id);
    expect(await page.getByText('not public').count()).toBe(0);
  });
});
