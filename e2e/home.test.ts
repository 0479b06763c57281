import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../common/i18n/languages';
import { createEvent } from '../server/testing/factories';
import frenchMessages from '../web/locales/fr/messages.json';
import { DESKTOP, expectNoA11yViolations, openFilters, PHONE, screenshot, setupE2E } from './support/browser';

const DAY = 24 * 3600 * 1000;
const e2e = setupE2E();

const isListCall = (url: URL) => url.pathname === '/api/events';

/** The titles of the cards on the page, in order. */
function cardTitles(page: Page): Promise<string[]> {
  return page.locator('main li article h4').allTextContents();
}

/**
 * The server-rendered page has been hydrated: its upcoming/past links have become radio buttons. A
 * first load arrives rendered (e2e/ssr.test.ts); tests of what the running app does wait for this.
 */
async function hydrated(page: Page): Promise<void> {
  await page.getByRole('radio').first().waitFor();
}

function listHeading(page: Page) {
  return page.locator('main section h2').first();
}

function urlQuery(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

/** The first screen only, as a visitor sees it before scrolling. */
async function firstScreen(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `e2e/screenshots/${name}.png` });
}

describe('with no events at all', () => {
  it('says the calendar is empty and invites a submission, without a Clear filters action', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    await page.goto('/');
    await page.getByRole('heading', { name: 'No Events Found' }).waitFor();
    expect(await page.getByText('There are no upcoming events yet.', { exact: false }).isVisible()).toBe(
      true,
    );
    expect(await page.getByRole('link', { name: 'Submit an Event' }).getAttribute('href')).toBe('/submit');
    expect(await page.getByRole('link', { name: 'Clear filters' }).count()).toBe(0);
    expect(await page.getByTestId('event-count').textContent()).toContain('0');
    await screenshot(page, 'home-empty-phone');
    await expectNoA11yViolations(page);
  });

  it('has its own wording for an empty past list', async () => {
    const page = await e2e.newPage();
    await page.goto('/?when=past');
    await page.getByRole('heading', { name: 'No Events Found' }).waitFor();
    expect(await page.getByText('There are no past events to show yet.').isVisible()).toBe(true);
  });
});

describe('with events', () => {
  // Noon (UTC, the browser's zone) today: each sample starts at noon of its day, so that "N days from
  // now" is the N-th calendar day whatever the hour the tests run (one starting at 23:00 would reach into
  // the next day, and into a range of days that starts there).
  const today = new Date();
  const now = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 12);
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const s = e2e.server.store;
    const description =
      'Join us to stand with the Palestinian people. Bring banners, friends and water. Everyone is welcome; the route is step-free.';
    const samples = [
      ['Film night: Farha', 'cultural', 'Paris', 'France', 1, 'Europe/Paris'],
      ['March for Gaza: Ceasefire Now', 'protest', 'London', 'United Kingdom', 2, 'Europe/London'],
      ['Teach-in: 75 years of the Nakba', 'educational', 'Chicago', 'United States', 3, 'America/Chicago'],
      ['Online vigil for the children of Gaza', 'digital', 'Online', 'Worldwide', 4, 'UTC'],
      ['Dabke workshop and community dinner', 'cultural', 'Berlin', 'Germany', 5, 'Europe/Berlin'],
      ['Rally at City Hall', 'protest', 'New York', 'United States', 6, 'America/New_York'],
      ['Tatreez embroidery circle', 'cultural', 'Amman', 'Jordan', 7, 'Asia/Amman'],
      ['Reading group: Ghassan Kanafani', 'educational', 'Toronto', 'Canada', 8, 'America/Toronto'],
      ['Boycott, Divestment and Sanctions: a webinar', 'digital', 'Online', 'Worldwide', 9, 'UTC'],
      ['Sit-in for Palestinian journalists', 'protest', 'Dublin', 'Ireland', 10, 'Europe/Dublin'],
      ['Olive harvest photo exhibition', 'cultural', 'Ramallah', 'Palestine', 11, 'Asia/Hebron'],
      ['Know your rights at protests', 'educational', 'Manchester', 'United Kingdom', 12, 'Europe/London'],
      ['Poetry evening: Mahmoud Darwish', 'cultural', 'Cape Town', 'South Africa', 13, 'Africa/Johannesburg'],
      ['Past online panel on health care in Gaza', 'digital', 'Online', 'Worldwide', -3, 'UTC'],
      ['Last year’s solidarity march', 'protest', 'Madrid', 'Spain', -30, 'Europe/Madrid'],
    ] as const;
    for (const [title, type, city, country, days, timezone] of samples) {
      const row = await createEvent(s, {
        title,
        type,
        city,
        country,
        timezone,
        description,
        startsAt: now + days * DAY,
        attendance: type === 'digital' ? 'online' : 'in_person',
        verified: title.startsWith('March for Gaza'),
        organizer: title.startsWith('March for Gaza') ? 'Palestine Solidarity Campaign' : undefined,
        sourceLink: `https://example.org/events/${encodeURIComponent(title)}`,
      });
      ids[title] = row.id;
    }
    // Monday 3 March 2031, 15:00 UTC = 5:00 PM in Jerusalem (GMT+2); the browser runs in UTC.
    const landDay = await createEvent(s, {
      title: 'Land Day commemoration',
      type: 'cultural',
      city: 'Jerusalem',
      country: 'Palestine',
      timezone: 'Asia/Jerusalem',
      startsAt: Date.parse('2031-03-03T15:00:00Z'),
    });
    ids['Land Day commemoration'] = landDay.id;
    await createEvent(s, { title: 'Pending picnic', status: 'pending', startsAt: now + DAY });
    await createEvent(s, { title: 'Removed rally', status: 'removed', startsAt: now + DAY });
  });

  it('lists the events under one heading per day of the viewer’s calendar, and opens an event from anywhere on its card', async () => {
    for (const [viewport, label] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const page = await e2e.newPage({ viewport });
      await page.goto('/');
      await page.locator('main li article').first().waitFor();
      // The browser runs in UTC; the first event starts a day from now.
      const days = page.getByTestId('day-heading');
      expect(await days.first().textContent()).toMatch(/^Tomorrow \w+day, \w+ \d+(, \d{4})?$/);
      const firstDay = page.locator('main section section').first();
      expect(await firstDay.locator('article h4').allTextContents()).toEqual(['Film night: Farha']);
      // One heading per day shown, each followed by its own events.
      expect(await days.count()).toBe(await page.locator('main section section').count());
      expect(await days.first().locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await screenshot(page, `home-days-${label}`);
      await expectNoA11yViolations(page);

      // The card's description is part of the link's target: a click there opens the event.
      const text = await firstDay.locator('article p').first().boundingBox();
      if (!text) throw new Error('the card has no description on screen');
      await page.mouse.click(text.x + text.width / 2, text.y + text.height / 2);
      await page.waitForURL((url) => url.pathname === `/event/${ids['Film night: Farha']}`);
      await page.getByRole('heading', { level: 1, name: 'Film night: Farha' }).waitFor();
    }
    // A day in another year names the year.
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.goto('/?search=land%20day');
    await expect
      .poll(() => page.getByTestId('day-heading').allTextContents())
      .toEqual(['Monday, March 3, 2031']);
  });

  it('shows the hero, the filters, upcoming events soonest first with the count, and the moderation note', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.goto('/');
    await page.locator('main li article').first().waitFor();
    expect(await page.title()).toBe('Palestine Solidarity Calendar');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Palestine Solidarity Calendar');
    expect(await page.getByText('in solidarity with Palestine', { exact: false }).first().isVisible()).toBe(
      true,
    );
    expect(await page.getByLabel('Search').inputValue()).toBe('');
    expect(await page.getByLabel('Location').inputValue()).toBe('');
    expect(await page.getByLabel('Event type').inputValue()).toBe('all');
    expect(await page.getByLabel('Upcoming', { exact: true }).isChecked()).toBe(true);

    expect(await listHeading(page).textContent()).toContain('Upcoming Events');
    expect(await page.getByTestId('event-count').textContent()).toBe('14');
    const titles = await cardTitles(page);
    expect(titles).toHaveLength(12);
    expect(titles.slice(0, 3)).toEqual([
      'Film night: Farha',
      'March for Gaza: Ceasefire Now',
      'Teach-in: 75 years of the Nakba',
    ]);
    expect(titles).not.toContain('Pending picnic');
    expect(titles).not.toContain('Removed rally');
    expect(titles).not.toContain('Past online panel on health care in Gaza');

    const note = page.getByText('Events are submitted by the community', { exact: false });
    expect(await note.textContent()).toMatch(
      /reviewed by volunteer moderators.*Verified badge.*trusted organization/,
    );
    await firstScreen(page, 'home-desktop-first-screen');
    await screenshot(page, 'home-desktop');
    await expectNoA11yViolations(page);
  });

  it('fits a phone: one column, no sideways scrolling, in light and dark', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    await page.goto('/');
    await page.locator('main li article').first().waitFor();
    const boxes = await page
      .locator('main li')
      .evaluateAll((items) => items.slice(0, 3).map((li) => li.getBoundingClientRect().left));
    expect(new Set(boxes).size).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await firstScreen(page, 'home-phone-first-screen');
    await expectNoA11yViolations(page);
    // Dark from the start, so colour transitions never catch the scan or the picture half-way.
    const dark = await e2e.newPage({ viewport: PHONE });
    await dark.emulateMedia({ colorScheme: 'dark' });
    await dark.goto('/');
    await dark.locator('main li article').first().waitFor();
    await firstScreen(dark, 'home-phone-first-screen-dark');
    await expectNoA11yViolations(dark, 'home (phone, dark)');

    const desktop = await e2e.newPage({ viewport: DESKTOP });
    await desktop.emulateMedia({ colorScheme: 'dark' });
    await desktop.goto('/');
    await desktop.locator('main li article').first().waitFor();
    await firstScreen(desktop, 'home-desktop-first-screen-dark');
    await expectNoA11yViolations(desktop, 'home (desktop, dark)');
  });

  it('shows exactly 6 placeholders while the list loads', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(isListCall, async (route) => {
      await gate;
      await route.continue();
    });
    // A first load arrives rendered by the server (e2e/ssr.test.ts); the page fetches the list itself
    // when someone comes to it from another page.
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Palestine Solidarity Calendar' }).click();
    const placeholders = page.getByTestId('event-placeholders');
    await placeholders.waitFor();
    expect(await placeholders.locator(':scope > *').count()).toBe(6);
    expect(await page.getByRole('status', { name: 'Loading events…' }).count()).toBe(1);
    await screenshot(page, 'home-loading-desktop');
    await expectNoA11yViolations(page, 'home (loading)');
    release();
    await page.locator('main li article').first().waitFor();
    expect(await placeholders.count()).toBe(0);
  });

  it('shows the error state when the list fails, and Try Again loads it', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    let calls = 0;
    await page.route(isListCall, (route) => {
      calls++;
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong on our side.' } }),
      });
    });
    // Coming from another page: the list is fetched in the page (a first load is server-rendered).
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Palestine Solidarity Calendar' }).click();
    await page.getByRole('heading', { name: 'Error Loading Events' }).waitFor({ timeout: 15_000 });
    expect(await page.getByText('Failed to load events. Please try again.').isVisible()).toBe(true);
    expect(await page.locator('main li article').count()).toBe(0);
    await screenshot(page, 'home-error-phone');
    await expectNoA11yViolations(page, 'home (error)');

    // Still failing: Try Again asks again and keeps saying so.
    const before = calls;
    const tryAgain = page.getByRole('button', { name: 'Try Again' });
    await tryAgain.click();
    await expect.poll(() => calls, { timeout: 10_000 }).toBeGreaterThan(before);
    await page.getByRole('heading', { name: 'Error Loading Events' }).waitFor({ timeout: 15_000 });
    // The button waits (disabled) while it asks and retries: only once every retry failed is the server
    // "back", so that no retry still on its way succeeds behind the test's back.
    await expect.poll(() => tryAgain.isEnabled(), { timeout: 15_000 }).toBe(true);

    // The server is back: Try Again shows the list.
    await page.unroute(isListCall);
    // (The query may refetch by itself meanwhile, on focus: then the list is back without the click.)
    await tryAgain.click({ timeout: 5000 }).catch(async (error: unknown) => {
      if (await tryAgain.isVisible()) throw error;
    });
    await page.locator('main li article').first().waitFor();
    expect(await page.getByRole('heading', { name: 'Error Loading Events' }).count()).toBe(0);
    expect(await cardTitles(page)).toHaveLength(12);
  });

  it('searches as you type (debounced, one history entry), keeps it in the URL across reload, and Back undoes it', async () => {
    const page = await e2e.newPage();
    const listCalls: string[] = [];
    page.on('request', (r) => {
      if (isListCall(new URL(r.url()))) listCalls.push(r.url());
    });
    // The page's timers run on a clock the test moves by hand, so the debounce is measured exactly.
    await page.clock.install();
    await page.goto('/');
    await page.locator('main li article').first().waitFor();
    await page.clock.pauseAt(Date.now() + 60_000);
    const historyBefore = await page.evaluate(() => history.length);
    const callsBefore = listCalls.length;

    await page.getByLabel('Search').pressSequentially('FARHA');
    await page.clock.runFor(250);
    expect(listCalls.length - callsBefore).toBe(0);
    expect(urlQuery(page).get('search')).toBeNull();
    await page.clock.runFor(100);
    await page.waitForURL((url) => url.searchParams.get('search') === 'FARHA');
    // Time flows again (the query library delivers results on timers too).
    await page.clock.resume();
    await expect.poll(() => cardTitles(page)).toEqual(['Film night: Farha']);
    expect(await page.getByTestId('event-count').textContent()).toBe('1');
    // One request for the pause in typing, not one per letter; one history entry for the search.
    expect(listCalls.length - callsBefore).toBe(1);
    expect(await page.evaluate(() => history.length)).toBe(historyBefore + 1);

    // Refining the search replaces its history entry instead of adding one per pause.
    // Every word, in any field and any order: the title's "film", the city's "paris"; not "berlin".
    await page.getByLabel('Search').fill('paris film farha');
    await page.waitForURL((url) => url.searchParams.get('search') === 'paris film farha');
    expect(await page.evaluate(() => history.length)).toBe(historyBefore + 1);
    await expect.poll(() => cardTitles(page)).toEqual(['Film night: Farha']);
    await page.getByLabel('Search').fill('farha berlin');
    await page.waitForURL((url) => url.searchParams.get('search') === 'farha berlin');
    await expect.poll(() => cardTitles(page)).toEqual([]);
    await page.getByLabel('Search').fill('farha');
    await expect.poll(() => cardTitles(page)).toEqual(['Film night: Farha']);

    await page.reload();
    await expect.poll(() => cardTitles(page)).toEqual(['Film night: Farha']);
    expect(await page.getByLabel('Search').inputValue()).toBe('farha');

    await page.goBack();
    await expect.poll(() => cardTitles(page).then((t) => t.length)).toBe(12);
    expect(await page.getByLabel('Search').inputValue()).toBe('');
    expect(urlQuery(page).get('search')).toBeNull();
  });

  it('searches over description, city and country too, case-insensitively', async () => {
    const page = await e2e.newPage();
    await page.goto('/?search=jordan');
    await expect.poll(() => cardTitles(page)).toEqual(['Tatreez embroidery circle']);
  });

  it('filters by location (city or country) and keeps it in the URL', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await page.locator('main li article').first().waitFor();
    await page.getByLabel('Location').fill('united states');
    await page.waitForURL((url) => url.searchParams.get('location') === 'united states');
    await expect
      .poll(() => cardTitles(page))
      .toEqual(['Teach-in: 75 years of the Nakba', 'Rally at City Hall']);
    await page.reload();
    await expect
      .poll(() => cardTitles(page))
      .toEqual(['Teach-in: 75 years of the Nakba', 'Rally at City Hall']);
    expect(await page.getByLabel('Location').inputValue()).toBe('united states');
  });

  it('says whose days a shared link follows, and reads them in the viewer’s zone on request', async () => {
    // A link made in London, opened in Chicago: "Today" is London's today until the viewer says otherwise.
    const page = await e2e.newPage({ viewport: PHONE, timezoneId: 'America/Chicago' });
    await page.goto('/?period=week&tz=Europe/London');
    await hydrated(page);
    // Said with the filters folded, as a phone first shows them.
    const hint = page.getByTestId('other-zone');
    await expect
      .poll(() => hint.textContent())
      .toBe('The days follow the time zone of the link you opened: London time (GMT). Use my time zone');
    expect(await hint.isVisible()).toBe(true);
    expect(await page.locator('details.filters-disclosure').getAttribute('open')).toBeNull();
    await expectNoA11yViolations(page, 'home, a link in another zone');
    await screenshot(page, 'home-other-zone-phone');
    await hint.getByRole('button', { name: 'Use my time zone' }).click();
    await page.waitForURL((url) => url.searchParams.get('tz') === 'America/Chicago');
    expect(urlQuery(page).get('period')).toBe('week');
    expect(await hint.count()).toBe(0);
    // In the link's own zone, nothing to say, nor under another name of that zone.
    for (const [timezoneId, tz] of [
      ['Europe/London', 'Europe/London'],
      ['UTC', 'Etc/UTC'],
    ]) {
      const own = await e2e.newPage({ viewport: PHONE, timezoneId });
      await own.goto(`/?period=week&tz=${tz}`);
      await hydrated(own);
      await openFilters(own);
      await own.locator('main li article').first().waitFor();
      expect(await own.getByTestId('other-zone').count(), tz).toBe(0);
    }
  });

  it('narrows to the next 7 days, a range of days and online only, in the URL with the viewer’s zone', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.goto('/');
    await hydrated(page);
    await page.getByLabel('When').selectOption('week');
    await page.waitForURL((url) => url.searchParams.get('period') === 'week');
    expect(urlQuery(page).get('tz')).toBe('UTC');
    // Today and the 6 days after it: the samples 1 to 6 days from now.
    await expect
      .poll(() => cardTitles(page))
      .toEqual([
        'Film night: Farha',
        'March for Gaza: Ceasefire Now',
        'Teach-in: 75 years of the Nakba',
        'Online vigil for the children of Gaza',
        'Dabke workshop and community dinner',
        'Rally at City Hall',
      ]);
    await page.getByLabel('Online only').click();
    await page.waitForURL((url) => url.searchParams.get('online') === '1');
    await expect.poll(() => cardTitles(page)).toEqual(['Online vigil for the children of Gaza']);
    await expectNoA11yViolations(page);
    await screenshot(page, 'home-filters-week-online-desktop');

    await page.getByLabel('When').selectOption('dates');
    const day = (offset: number) => new Date(now + offset * DAY).toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(day(8));
    await page.getByLabel('To', { exact: true }).fill(day(10));
    await page.waitForURL((url) => url.searchParams.get('to') === day(10));
    expect(urlQuery(page).get('period')).toBeNull();
    await expect.poll(() => cardTitles(page)).toEqual(['Boycott, Divestment and Sanctions: a webinar']);
    await page.getByLabel('Online only').click();
    await expect
      .poll(() => cardTitles(page))
      .toEqual([
        'Reading group: Ghassan Kanafani',
        'Boycott, Divestment and Sanctions: a webinar',
        'Sit-in for Palestinian journalists',
      ]);
    // A shared link shows the same, and Clear filters takes every narrowing away.
    await page.reload();
    await expect.poll(() => cardTitles(page).then((t) => t.length)).toBe(3);
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(day(8));
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect.poll(() => cardTitles(page).then((t) => t.length)).toBe(12);
    expect(await page.getByLabel('When').inputValue()).toBe('any');
  });

  it('keeps a range of days longer than the API takes as typed and says why, never “No Events Found”', async () => {
    const day = (offset: number) => new Date(now + offset * DAY).toISOString().slice(0, 10);
    /** A day as typed into a date field in American English: month, day, year, digit by digit. */
    const typeDay = async (field: ReturnType<Page['getByLabel']>, date: string) => {
      const [year, month, dayOfMonth] = date.split('-');
      await field.focus();
      await field.page().keyboard.type(`${month}${dayOfMonth}${year}`);
    };
    const reason = 'A range of days can span at most 366 days';
    const page = await e2e.newPage({ viewport: DESKTOP });
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (isListCall(url)) asked.push(url.searchParams.get('to') ?? '');
    });
    await page.goto('/');
    await hydrated(page);
    await page.getByLabel('When').selectOption('dates');
    await page.getByLabel('From', { exact: true }).fill(day(1));
    await page.waitForURL((url) => url.searchParams.get('from') === day(1));
    const historyBefore = await page.evaluate(() => history.length);
    // Typing passes through the years 0002, 0020 and 0202 (no days the list reads): the field keeps
    // every keystroke, and the year ends where it was typed, past the picker's last day.
    const to = page.getByLabel('To', { exact: true });
    await typeDay(to, day(400));
    await page.waitForURL((url) => url.searchParams.get('to') === day(400));
    // One history entry for the day typed, not one for each year it passed through.
    expect(await page.evaluate(() => history.length)).toBe(historyBefore + 1);
    expect(await to.inputValue()).toBe(day(400));
    await page.getByRole('heading', { name: reason }).waitFor();
    expect(await page.getByRole('heading', { name: 'No Events Found' }).count()).toBe(0);
    expect(await page.getByTestId('event-count').count()).toBe(0);
    expect(await page.getByText('Updating…').count()).toBe(0);
    // The To field says what is wrong with it, where the reason is.
    expect(await to.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await to.getAttribute('aria-describedby')) ?? 'none';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(reason);
    expect(asked).not.toContain(day(400));
    await expectNoA11yViolations(page, 'home (range too long)');
    await screenshot(page, 'home-range-too-long-desktop');

    // A day within the range: the list follows.
    await to.fill(day(10));
    await page.waitForURL((url) => url.searchParams.get('to') === day(10));
    expect(await page.evaluate(() => history.length)).toBe(historyBefore + 1);
    await expect.poll(() => cardTitles(page).then((t) => t.length)).toBe(10);
    expect(await page.getByRole('heading', { name: reason }).count()).toBe(0);
    expect(await to.getAttribute('aria-invalid')).toBeNull();

    // A shared link, in French on a phone: rendered so on the server, and no list asked for.
    asked.length = 0;
    const phone = await e2e.newPage({ viewport: PHONE });
    phone.on('request', (request) => {
      if (isListCall(new URL(request.url()))) asked.push(request.url());
    });
    await phone.goto(`/?lang=fr&from=${day(1)}&to=${day(400)}&tz=UTC`);
    await hydrated(phone);
    await phone
      .getByRole('heading', { name: frenchMessages.param.rangeTooLong.replace('{{max}}', '366') })
      .waitFor();
    await openFilters(phone);
    expect(await phone.getByLabel('Au', { exact: true }).inputValue()).toBe(day(400));
    expect(asked).toEqual([]);
    await screenshot(phone, 'home-range-too-long-phone-fr');
  });

  it('fits the pager on a 320 px phone in every language, left to right and right to left', async () => {
    const page = await e2e.newPage({ viewport: { width: 320, height: 640 } });
    for (const { code } of LANGUAGES) {
      await page.goto(`/?lang=${code}`);
      const pager = page.locator('main nav:has(a[rel="next"])');
      await pager.waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), code).toBeLessThanOrEqual(320);
      const sides = await pager.evaluate((nav) =>
        [...nav.children].map((child) => {
          const box = child.getBoundingClientRect();
          return [box.left, box.right];
        }),
      );
      for (const [left = 0, right = 0] of sides) {
        expect(left, code).toBeGreaterThanOrEqual(0);
        expect(right, code).toBeLessThanOrEqual(320);
      }
      if (code === 'id' || code === 'ar') {
        await pager.scrollIntoViewIfNeeded();
        await screenshot(page, `home-pager-320-${code}`);
      }
    }

    // Days chosen: each day field takes the row, wide enough for its whole date.
    await page.goto('/?lang=en&from=2031-01-01&to=2031-01-31&tz=UTC');
    await openFilters(page);
    for (const label of ['From', 'To']) {
      const box = await page.getByLabel(label, { exact: true }).boundingBox();
      expect(box?.width ?? 0, label).toBeGreaterThan(200);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(page, 'home-days-320');
  });

  it('shows the filters on a phone, light and dark', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      // The next 7 days always hold the online vigil (4 days from now), whatever today's weekday.
      await page.goto('/?period=week&online=1&tz=UTC');
      await page.locator('main li article').first().waitFor();
      // Folded away, saying how many are active, so the first event is on the first screen.
      const summary = page.locator('details.filters-disclosure summary');
      expect(await summary.textContent()).toBe('Filters2 active');
      const first = await page.locator('main li article').first().boundingBox();
      expect((first?.y ?? Number.POSITIVE_INFINITY) < PHONE.height).toBe(true);
      await screenshot(page, `home-filters-closed-phone-${colorScheme}`);
      await openFilters(page);
      expect(await page.getByLabel('When').inputValue()).toBe('week');
      expect(await page.getByLabel('Online only').isChecked()).toBe(true);
      await expectNoA11yViolations(page);
      await screenshot(page, `home-filters-phone-${colorScheme}`);
    }
  });

  it('finds a country by its short name or code, and not a country that merely contains it', async () => {
    const page = await e2e.newPage();
    await page.goto('/?location=USA');
    await expect
      .poll(() => cardTitles(page))
      .toEqual(['Teach-in: 75 years of the Nakba', 'Rally at City Hall']);
    await page.goto('/?location=DE');
    await expect.poll(() => cardTitles(page)).toEqual(['Dabke workshop and community dinner']);
    await page.goto('/?location=new%20york%2C%20us');
    await expect.poll(() => cardTitles(page)).toEqual(['Rally at City Hall']);
  });

  it('filters by type, and Back returns to all types', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await page.locator('main li article').first().waitFor();
    await page.getByLabel('Event type').selectOption('educational');
    await page.waitForURL((url) => url.searchParams.get('type') === 'educational');
    await expect
      .poll(() => cardTitles(page))
      .toEqual([
        'Teach-in: 75 years of the Nakba',
        'Reading group: Ghassan Kanafani',
        'Know your rights at protests',
      ]);
    const badges = await page
      .locator('main li article')
      .evaluateAll((cards) => cards.map((c) => c.querySelector('span')?.textContent));
    expect(badges).toEqual(['Educational', 'Educational', 'Educational']);
    await page.reload();
    expect(await page.getByLabel('Event type').inputValue()).toBe('educational');
    await expect.poll(() => cardTitles(page).then((t) => t.length)).toBe(3);

    await page.goBack();
    await expect.poll(() => cardTitles(page).then((t) => t.length)).toBe(12);
    expect(await page.getByLabel('Event type').inputValue()).toBe('all');
  });

  it('shows past events latest first with the Past Event tag, and Back returns to upcoming', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    await page.goto('/');
    await hydrated(page);
    await page.getByText('Past', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('when') === 'past');
    await expect
      .poll(() => cardTitles(page))
      .toEqual(['Past online panel on health care in Gaza', 'Last year’s solidarity march']);
    expect(await listHeading(page).textContent()).toContain('Past Events');
    expect(await page.getByTestId('event-count').textContent()).toBe('2');
    expect(await page.locator('main li article').getByText('Past Event', { exact: true }).count()).toBe(2);
    expect(await page.getByTestId('event-relative').allTextContents()).toEqual(['3 days ago', 'last month']);
    await screenshot(page, 'home-past-phone');
    await expectNoA11yViolations(page, 'home (past)');

    await page.reload();
    expect(await page.getByLabel('Past', { exact: true }).isChecked()).toBe(true);
    await page.goBack();
    await expect.poll(() => listHeading(page).textContent()).toContain('Upcoming Events');
    expect(await page.getByLabel('Upcoming', { exact: true }).isChecked()).toBe(true);
    // The past list stays (dimmed) until the upcoming one has arrived.
    await expect
      .poll(() => page.locator('main li article').getByText('Past Event', { exact: true }).count())
      .toBe(0);
  });

  it('switches between upcoming and past from the keyboard', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await page.locator('main li article').first().waitFor();
    await page.getByLabel('Upcoming', { exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL((url) => url.searchParams.get('when') === 'past');
    await expect.poll(() => listHeading(page).textContent()).toContain('Past Events');
    expect(
      await page.getByLabel('Past', { exact: true }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
  });

  it('pages through the list on the server, with the page in the URL', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await hydrated(page);
    expect(await page.getByText('Page 1 of 2').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect
      .poll(() => cardTitles(page))
      .toEqual(['Poetry evening: Mahmoud Darwish', 'Land Day commemoration']);
    expect(await page.getByText('Page 2 of 2').isVisible()).toBe(true);
    expect(await page.getByTestId('event-count').textContent()).toBe('14');
    await page.reload();
    await expect.poll(() => cardTitles(page).then((t) => t.length)).toBe(2);
    await page.getByRole('link', { name: 'Previous' }).click();
    await expect.poll(() => cardTitles(page).then((t) => t.length)).toBe(12);
    expect(urlQuery(page).get('page')).toBeNull();

    // A stale link past the end says so and offers the first page.
    await page.goto('/?page=9');
    await page.getByRole('link', { name: 'Go to the first page' }).click();
    await expect.poll(() => cardTitles(page).then((t) => t.length)).toBe(12);
  });

  it('says no events match when filters exclude everything, and Clear filters brings the list back', async () => {
    const page = await e2e.newPage();
    await page.goto('/?search=nothing-like-this&type=digital&location=Mars');
    await page.getByRole('heading', { name: 'No Events Found' }).waitFor();
    expect(
      await page.getByText('No events match your search and filters.', { exact: false }).isVisible(),
    ).toBe(true);
    expect(await page.getByRole('link', { name: 'Submit an Event' }).count()).toBeLessThanOrEqual(1);
    await screenshot(page, 'home-empty-filtered-desktop');
    await expectNoA11yViolations(page, 'home (no match)');
    // A link (it works without JavaScript too); with it, a navigation in the page, not a reload.
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await page.getByRole('link', { name: 'Clear filters' }).first().click();
    await expect.poll(() => cardTitles(page).then((t) => t.length)).toBe(12);
    expect(page.url()).toBe(`${e2e.server.url}/`);
    expect(await page.getByLabel('Search').inputValue()).toBe('');
    expect(await page.getByLabel('Location').inputValue()).toBe('');
    expect(await page.getByLabel('Event type').inputValue()).toBe('all');
    expect(await page.getByRole('link', { name: 'Clear filters' }).count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  it('combines filters given in a shared URL', async () => {
    const page = await e2e.newPage();
    await page.goto('/?type=cultural&location=PARIS');
    await expect.poll(() => cardTitles(page)).toEqual(['Film night: Farha']);
    expect(await page.getByLabel('Event type').inputValue()).toBe('cultural');
    expect(await page.getByLabel('Location').inputValue()).toBe('PARIS');
  });

  it('shows every element of an event card', async () => {
    const page = await e2e.newPage();
    await page.goto('/?search=march%20for%20gaza');
    await expect.poll(() => cardTitles(page)).toEqual(['March for Gaza: Ceasefire Now']);
    const card = page.locator('main li article').first();
    const id = ids['March for Gaza: Ceasefire Now'];
    expect(await card.getByText('Protest/Rally', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText('Verified', { exact: true }).isVisible()).toBe(true);
    expect(
      await card
        .getByRole('link', { name: 'March for Gaza: Ceasefire Now', exact: true })
        .getAttribute('href'),
    ).toBe(`/event/${id}`);
    expect(
      await card.getByText('Join us to stand with the Palestinian people.', { exact: false }).isVisible(),
    ).toBe(true);
    // London shows the same clock as this UTC browser in winter, so no zone label is needed… unless summer.
    expect(await card.getByTestId('event-date').textContent()).toMatch(
      /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM)$/,
    );
    expect(await card.getByTestId('event-relative').textContent()).toMatch(/in 2 days|in 4\d hours/);
    expect(await card.getByTestId('event-location').textContent()).toBe('London, United Kingdom');
    expect(await card.getByTestId('event-organizer').textContent()).toBe('by Palestine Solidarity Campaign');
    expect(await card.getByText('Past Event').count()).toBe(0);
    const source = card.getByRole('link', { name: /^Source/ });
    expect(await source.getAttribute('href')).toBe(
      `https://example.org/events/${encodeURIComponent('March for Gaza: Ceasefire Now')}`,
    );
    expect(await source.getAttribute('target')).toBe('_blank');
    expect(await source.getAttribute('rel')).toBe('noopener noreferrer');
    const details = card.getByRole('link', { name: 'View Details' });
    expect(await details.getAttribute('href')).toBe(`/event/${id}`);
    await details.click();
    await page.waitForURL(`**/event/${id}`);
    await page.getByRole('heading', { level: 1, name: 'March for Gaza: Ceasefire Now' }).waitFor();
  });

  it('opens an event at the top of its page, and Back returns to the same place in the list', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    await page.goto('/');
    const card = page.locator('main li article').nth(10);
    await card.waitFor();
    const title = (await card.locator('h4').textContent()) ?? '';
    await card.getByRole('link', { name: 'View Details' }).scrollIntoViewIfNeeded();
    const listY = await page.evaluate(() => window.scrollY);
    expect(listY).toBeGreaterThan(1000);

    await card.getByRole('link', { name: 'View Details' }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Focus moved to the start of the new page, so screen readers read it from the top.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

    await page.goBack();
    await page.locator('main li article').nth(10).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(listY - 40);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(listY + 40);
  });

  it("shows the date in the event's own time zone, labelled when it differs from the viewer's", async () => {
    const page = await e2e.newPage();
    await page.goto('/?search=land%20day');
    await expect.poll(() => cardTitles(page)).toEqual(['Land Day commemoration']);
    const card = page.locator('main li article').first();
    expect(await card.getByTestId('event-date').textContent()).toBe('Monday, March 3, 2031 at 5:00 PM');
    expect(await card.getByTestId('event-zone').textContent()).toBe('Jerusalem time (GMT+2)');
    expect(await card.getByTestId('event-relative').textContent()).toMatch(/in \d+ years?/);
    expect(await card.getByText('Verified').count()).toBe(0);
    expect(await card.getByTestId('event-organizer').count()).toBe(0);

    // In Tokyo it is midnight starting Tuesday: listed under Tuesday, the card says the viewer's time
    // there, so that it does not read only "Monday" under Tuesday's heading.
    const tokyo = await e2e.newPage({ timezoneId: 'Asia/Tokyo' });
    await tokyo.goto('/?search=land%20day');
    await expect.poll(() => cardTitles(tokyo)).toEqual(['Land Day commemoration']);
    const tokyoCard = tokyo.locator('main li article').first();
    await expect.poll(() => tokyoCard.getByTestId('event-relative').textContent()).toBe('12:00 AM your time');
    expect(await tokyo.locator('main section h3').first().textContent()).toContain('Tuesday, March 4');
  });

  describe('Add to calendar on a card, pressed while the menu’s code is still on the way', () => {
    const touchContexts: BrowserContext[] = [];
    afterAll(async () => {
      for (const context of touchContexts) await context.close();
    });
    const name = 'Add “Film night: Farha” to your calendar';

    /** A fresh, hydrated home page whose menu code arrives only when the test lets it. */
    async function slowMenuPage({ touch = false } = {}) {
      let page: Page;
      if (touch) {
        // A phone's touch screen: the pointer arrives over the button and presses it in one go.
        const context = await e2e.browser.newContext({
          viewport: PHONE,
          hasTouch: true,
          isMobile: true,
          baseURL: e2e.server.url,
          locale: 'en-US',
          timezoneId: 'UTC',
        });
        touchContexts.push(context);
        page = await context.newPage();
      } else {
        page = await e2e.newPage({ viewport: PHONE });
      }
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let fetched = false;
      await page.route('**/assets/AddToCalendar-*.js', async (route) => {
        fetched = true;
        await gate;
        await route.continue();
      });
      await page.goto('/');
      await hydrated(page);
      return { page, release, fetched: () => fetched };
    }

    it('opens the menu for a tap on a touch screen made at once', async () => {
      const { page, release } = await slowMenuPage({ touch: true });
      await page.getByRole('button', { name }).tap();
      release();
      await downloadItem(page).waitFor();
      expect(await downloadItem(page).isVisible()).toBe(true);
    });

    const downloadItem = (page: Page) => page.getByRole('menuitem', { name: /Download \.ics/ });

    it('opens the menu when the code arrives between pressing and releasing the button', async () => {
      const { page, release, fetched } = await slowMenuPage();
      const trigger = page.getByRole('button', { name });
      // Passing over the button fetches the code; nothing on screen changes meanwhile.
      await trigger.hover();
      await expect.poll(fetched).toBe(true);
      await page.mouse.down();
      expect(await trigger.getAttribute('aria-busy')).toBe('true');
      release();
      await downloadItem(page).waitFor();
      await page.mouse.up();
      expect(await downloadItem(page).isVisible()).toBe(true);
      expect(await downloadItem(page).getAttribute('href')).toBe(`/event/${ids['Film night: Farha']}.ics`);
    });

    it('opens the menu for a click made at once, as soon as the code is there', async () => {
      const { page, release } = await slowMenuPage();
      await page.getByRole('button', { name }).click();
      await page.waitForTimeout(300);
      expect(await downloadItem(page).count()).toBe(0);
      release();
      await downloadItem(page).waitFor();
      await expectNoA11yViolations(page, 'card menu opened while loading');
    });

    it('opens the menu for Enter pressed at once, and Escape gives focus back to the button', async () => {
      const { page, release } = await slowMenuPage();
      await page.getByRole('button', { name }).focus();
      await page.keyboard.press('Enter');
      release();
      await downloadItem(page).waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => downloadItem(page).count()).toBe(0);
      // Radix gives focus back a task after the menu leaves the page.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe(name);
    });
  });
});
