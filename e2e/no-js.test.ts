// The home and event pages with JavaScript off (Tor Browser's "Safest" level, for one): the server's
// HTML is the whole page, so searching, filtering, upcoming/past, paging and opening an event must all
// be plain forms and links, and nothing on the page may be a button that does nothing.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createPasswordAccount } from '../server/testing/factories';
import {
  DESKTOP,
  type E2E,
  expectNoA11yViolations,
  openFilters,
  PHONE,
  screenshot,
  startE2E,
} from './support/browser';

const DAY = 24 * 3600 * 1000;
let e2e: E2E;
const ids: Record<string, string> = {};

beforeAll(async () => {
  e2e = await startE2E();
  const s = e2e.server.store;
  const now = Date.now();
  // 25 upcoming events: three pages of 12. The first ones are the ones the tests look for.
  const named = [
    ['Film night: Farha', 'cultural', 'Paris', 'France'],
    ['March for Gaza: Ceasefire Now', 'protest', 'London', 'United Kingdom'],
    ['Teach-in: 75 years of the Nakba', 'educational', 'Chicago', 'United States'],
    ['Online vigil for the children of Gaza', 'digital', 'Online', 'Worldwide'],
  ] as const;
  for (const [i, [title, type, city, country]] of named.entries()) {
    const row = await createEvent(s, { title, type, city, country, startsAt: now + (i + 1) * DAY });
    ids[title] = row.id;
  }
  for (let i = 0; i < 21; i++) {
    const row = await createEvent(s, {
      title: `Community gathering ${i + 1}`,
      type: 'cultural',
      city: 'Ramallah',
      country: 'Palestine',
      startsAt: now + (10 + i) * DAY,
    });
    ids[`Community gathering ${i + 1}`] = row.id;
  }
  await createEvent(s, { title: 'Last year’s solidarity march', type: 'protest', startsAt: now - 30 * DAY });
  await createEvent(s, { title: 'Pending picnic', status: 'pending', startsAt: now + DAY });
});
afterAll(async () => {
  expect(e2e.foreignRequests).toEqual([]);
  await e2e.close();
});

/** A page in a browser that runs no script at all (watched for requests to other origins, as all are). */
const noJsPage = (viewport: { width: number; height: number }): Promise<Page> =>
  e2e.newPage({ viewport, javaScriptEnabled: false });

function cardTitles(page: Page): Promise<string[]> {
  return page.locator('main li article h4').allTextContents();
}

function query(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

/** Every <button> the page shows: without JavaScript, each one must do something by itself. */
async function visibleButtons(page: Page): Promise<string[]> {
  const names: string[] = [];
  for (const button of await page.locator('button:visible').all()) {
    const label = (await button.getAttribute('aria-label')) ?? (await button.textContent())?.trim();
    names.push(`${await button.getAttribute('type')}:${label}`);
  }
  return names;
}

/**
 * Run `check` with scripts allowed for the test's own code (axe, measurements), on the page as it was
 * loaded without them: the page's scripts were skipped while it loaded and do not run now. The page is
 * back to no JavaScript for whatever it loads next.
 */
async function withTestScripts<T>(page: Page, check: () => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: false });
  try {
    return await check();
  } finally {
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
    await cdp.detach();
  }
}

/** axe on the page as a browser without JavaScript shows it. */
function expectNoA11yViolationsWithoutJs(page: Page, label: string): Promise<void> {
  return withTestScripts(page, async () => {
    // Timers never fire in a document loaded without scripts; axe only uses them to yield.
    await page.evaluate(() => {
      const later = (run: () => void) => {
        void Promise.resolve().then(run);
        return 0;
      };
      (window as unknown as { setTimeout: unknown }).setTimeout = later;
      (window as unknown as { clearTimeout: unknown }).clearTimeout = () => {};
    });
    await expectNoA11yViolations(page, label);
  });
}

describe('the home page without JavaScript', () => {
  it('lists events, with a submit button, links for upcoming/past and pages, and no dead buttons', async () => {
    const page = await noJsPage(DESKTOP);
    await page.goto('/');
    expect(await cardTitles(page)).toHaveLength(12);
    expect((await cardTitles(page)).slice(0, 2)).toEqual([
      'Film night: Farha',
      'March for Gaza: Ceasefire Now',
    ]);
    expect(await page.getByTestId('event-count').textContent()).toBe('25');
    // The only button is the filter form's (the header's phone menu button is not this page's).
    expect(await visibleButtons(page)).toEqual(['submit:Show events']);
    expect(await page.getByRole('link', { name: 'Upcoming' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('link', { name: 'Past' }).getAttribute('href')).toBe('/?when=past');
    // Each card's Add to calendar is the event's .ics file.
    const add = page.getByRole('link', { name: 'Add “Film night: Farha” to your calendar' });
    expect(await add.getAttribute('href')).toBe(`/event/${ids['Film night: Farha']}.ics`);
    expect(await add.getAttribute('download')).not.toBeNull();
    expect(await page.getByText('Page 1 of 3').isVisible()).toBe(true);
    // It cannot know the reader's zone: it says whose days these are, and that each time is the event's.
    // (Playwright's text search skips <noscript>: read the element itself.)
    const zoneLine = page.locator('main noscript p');
    expect(await zoneLine.textContent()).toBe(
      "Without JavaScript, this list's days follow UTC and each time is the event's own local time.",
    );
    expect(await zoneLine.isVisible()).toBe(true);
    await screenshot(page, 'no-js-home-desktop');
    await expectNoA11yViolationsWithoutJs(page, 'home without JavaScript (desktop)');
  });

  it('searches by typing and pressing Enter, then by the button, and clears', async () => {
    const page = await noJsPage(PHONE);
    await page.goto('/');
    await openFilters(page);
    await page.getByLabel('Search').fill('farha');
    await openFilters(page);
    await page.getByLabel('Search').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('search') === 'farha');
    // The form sent every field; the server answered with the clean address of the same view.
    expect(new URL(page.url()).search).toBe('?search=farha');
    expect(await cardTitles(page)).toEqual(['Film night: Farha']);
    await openFilters(page);
    expect(await page.getByLabel('Search').inputValue()).toBe('farha');

    await openFilters(page);
    await page.getByLabel('Search').fill('');
    await openFilters(page);
    await page.getByLabel('Location').fill('united states');
    await openFilters(page);
    await page.getByRole('button', { name: 'Show events' }).click();
    await page.waitForURL((url) => url.searchParams.get('location') === 'united states');
    expect(new URL(page.url()).search).toBe('?location=united+states');
    expect(await cardTitles(page)).toEqual(['Teach-in: 75 years of the Nakba']);
    await openFilters(page);
    expect(await page.getByLabel('Location').inputValue()).toBe('united states');
    await screenshot(page, 'no-js-home-filtered-phone');
    await expectNoA11yViolationsWithoutJs(page, 'home without JavaScript, filtered (phone)');

    await openFilters(page);
    await page.getByRole('link', { name: 'Clear filters' }).first().click();
    await page.waitForURL((url) => url.search === '');
    expect(await cardTitles(page)).toHaveLength(12);
    await openFilters(page);
    expect(await page.getByRole('link', { name: 'Clear filters' }).count()).toBe(0);
  });

  it('filters by type with the button, keeps the filters across upcoming/past, and pages with links', async () => {
    const page = await noJsPage(PHONE);
    await page.goto('/?page=2');
    await openFilters(page);
    await page.getByLabel('Event type').selectOption('protest');
    await openFilters(page);
    await page.getByRole('button', { name: 'Show events' }).click();
    await page.waitForURL((url) => url.searchParams.get('type') === 'protest');
    // A new search starts at page 1; the empty search and location fields leave no trace in the address.
    expect(new URL(page.url()).search).toBe('?type=protest');
    expect(await cardTitles(page)).toEqual(['March for Gaza: Ceasefire Now']);

    await page.getByRole('link', { name: 'Past', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('when') === 'past');
    expect(query(page).get('type')).toBe('protest');
    expect(await cardTitles(page)).toEqual(['Last year’s solidarity march']);
    expect(await page.getByRole('heading', { name: /Past Events/ }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Past', exact: true }).getAttribute('aria-current')).toBe(
      'page',
    );
    await screenshot(page, 'no-js-home-past-phone');

    // The form keeps "past" when it is sent again; "All types" is the default, so not in the address.
    await openFilters(page);
    await page.getByLabel('Event type').selectOption('all');
    await openFilters(page);
    await page.getByRole('button', { name: 'Show events' }).click();
    await page.waitForURL((url) => url.search === '?when=past');
    expect(await cardTitles(page)).toEqual(['Last year’s solidarity march']);

    await page.getByRole('link', { name: 'Upcoming', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('when') === null);
    expect(await page.getByText('Page 1 of 3').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    expect(await page.getByText('Page 2 of 3').isVisible()).toBe(true);
    const second = await cardTitles(page);
    expect(second).toHaveLength(12);
    expect(second[0]).toBe('Community gathering 9');
    await page.getByRole('link', { name: 'Previous' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === null);
    expect((await cardTitles(page))[0]).toBe('Film night: Farha');
  });

  it('chooses days: the From and To fields are there without the script that shows them, and a range too long is kept and says why', async () => {
    const page = await noJsPage(PHONE);
    await page.goto('/');
    await openFilters(page);
    expect(await page.getByLabel('From', { exact: true }).isVisible()).toBe(true);
    await page.getByLabel('From', { exact: true }).fill('2026-01-01');
    await page.getByLabel('To', { exact: true }).fill('2030-01-01');
    await page.getByRole('button', { name: 'Show events' }).click();
    await page.waitForURL((url) => url.searchParams.get('from') === '2026-01-01');
    // The API takes at most 366 days: the page keeps the days and says so, not an empty page or a list
    // of the first day alone.
    await openFilters(page);
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('2026-01-01');
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe('2030-01-01');
    expect(await page.getByRole('heading', { name: /Upcoming Events/ }).isVisible()).toBe(true);
    expect(
      await page.getByRole('heading', { name: 'A range of days can span at most 366 days' }).isVisible(),
    ).toBe(true);
    expect(await page.getByRole('heading', { name: 'No Events Found' }).count()).toBe(0);
  });

  it('opens an event, shows no dead buttons there, and its Back link returns to the same filtered list', async () => {
    const page = await noJsPage(PHONE);
    await page.goto('/?type=digital');
    await page.getByRole('link', { name: 'View Details' }).click();
    await page.getByRole('heading', { level: 1, name: 'Online vigil for the children of Gaza' }).waitFor();
    expect(await page.getByRole('button', { name: 'Share' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Report' }).count()).toBe(0);
    const add = page.getByRole('link', { name: 'Add to calendar' });
    expect(await add.getAttribute('href')).toBe(`/event/${ids['Online vigil for the children of Gaza']}.ics`);
    const [download] = await Promise.all([page.waitForEvent('download'), add.click()]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    // Not one button: the header's phone menu is a native disclosure until scripts run.
    expect(await visibleButtons(page)).toEqual([]);
    // The date names its zone (beside it, that name is drawn by the page's scripts).
    expect(await page.getByTestId('event-zone-plain').textContent()).toMatch(/^London time \(GMT(\+1)?\)$/);
    expect(await page.getByTestId('event-zone-plain').isVisible()).toBe(true);
    await screenshot(page, 'no-js-event-phone');
    // On an Arabic page, the offset alone: the zone's city has only its Latin name here.
    const arabic = await noJsPage(PHONE);
    await arabic.goto(`/event/${ids['Online vigil for the children of Gaza']}?lang=ar`);
    const zone = (await arabic.getByTestId('event-zone-plain').textContent()) ?? '';
    expect(zone).toMatch(/^غرينتش/);
    expect(zone).not.toMatch(/[A-Za-z]/);
    await expectNoA11yViolationsWithoutJs(page, 'event page without JavaScript');

    // Back goes to the list the visitor came from, filters and all.
    const back = page.getByRole('link', { name: 'Back to Events' });
    expect(await back.getAttribute('href')).toBe('/?type=digital');
    await back.click();
    await page.waitForURL((url) => url.pathname === '/' && url.search === '?type=digital');
    expect(await cardTitles(page)).toEqual(['Online vigil for the children of Gaza']);
    expect(await page.getByLabel('Event type').inputValue()).toBe('digital');
  });

  it('links an event page back to the filtered list it was opened from, page and all, and nowhere else', async () => {
    const page = await noJsPage(DESKTOP);
    await page.goto('/?search=gathering&page=2');
    await page.getByRole('link', { name: 'View Details' }).first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/event/'));
    const back = page.getByRole('link', { name: 'Back to Events' });
    expect(await back.getAttribute('href')).toBe('/?search=gathering&page=2');
    await back.click();
    await page.waitForURL((url) => url.search === '?search=gathering&page=2');
    expect(await page.getByText('Page 2 of 2').isVisible()).toBe(true);

    // Opened from anywhere else (another site, a bookmark, a non-home page): plain home.
    const eventPath = `/event/${ids['Film night: Farha']}`;
    for (const referer of [undefined, 'https://elsewhere.example/?type=protest', `${e2e.server.url}/log`]) {
      await page.goto(eventPath, referer ? { referer } : {});
      expect(await back.getAttribute('href'), String(referer)).toBe('/');
    }
  });

  it('opens the header’s menu on a phone with a native disclosure: every link there, axe clean', async () => {
    const page = await noJsPage(PHONE);
    await page.goto('/?type=protest');
    // The phone menu's disclosure (the language menu's sits in the wide-screen row, hidden here).
    const toggle = page.locator('header summary:visible');
    expect(await toggle.isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Transparency Log' }).isVisible()).toBe(false);
    // innerText, not textContent: the name the disclosure shows for its state (the other is display: none).
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is checked
    expect(await toggle.innerText()).toBe('Open menu');
    await screenshot(page, 'no-js-header-closed-phone');

    await toggle.click();
    const list = page.getByRole('navigation', { name: 'Main' });
    expect(await list.isVisible()).toBe(true);
    // The app's pages and Sign In; the languages are a navigation of their own in it.
    const links = list.getByRole('link');
    const languages = list.getByRole('navigation', { name: 'Language' }).getByRole('link');
    const languageNames = (await languages.allTextContents()).map((t) => t.trim());
    expect(languageNames).toHaveLength(10);
    expect(
      (await links.allTextContents()).map((t) => t.trim()).filter((t) => !languageNames.includes(t)),
    ).toEqual(['Events', 'Submit Event', 'Subscribe', 'Transparency Log', 'Sign In']);
    expect(await list.getByRole('link', { name: 'Transparency Log' }).getAttribute('href')).toBe('/log');
    expect(await list.getByRole('link', { name: 'Submit Event' }).getAttribute('href')).toBe('/submit');
    // Back to the same filtered list once signed in (docs/PRODUCT.md#sign-in).
    expect(await list.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/auth?next=%2F%3Ftype%3Dprotest',
    );
    // Its name follows its state, as the button's does.
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is checked
    expect(await toggle.innerText()).toBe('Close menu');
    // The list pushes the page down, as the button's list does, rather than covering it.
    const box = await list.boundingBox();
    const search = await page.getByLabel('Search').boundingBox();
    expect(box && search && search.y > box.y + box.height).toBe(true);
    await screenshot(page, 'no-js-header-open-phone');
    await expectNoA11yViolationsWithoutJs(page, 'header menu without JavaScript (phone, open)');

    // Keyboard: the disclosure closes with Enter as it opened.
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await list.isVisible()).toBe(false);
    await page.keyboard.press('Enter');
    expect(await list.isVisible()).toBe(true);
    await list.getByRole('link', { name: 'Events' }).click();
    await page.waitForURL((url) => url.search === '');
    expect(await cardTitles(page)).toHaveLength(12);
  });

  it('looks finished on a phone', async () => {
    const page = await noJsPage(PHONE);
    await page.goto('/');
    const width = await withTestScripts(page, () =>
      page.evaluate(() => document.documentElement.scrollWidth),
    );
    expect(width).toBeLessThanOrEqual(PHONE.width);
    // Scripts were skipped: still the server's page (links for upcoming/past, not the app's radios).
    expect(await page.getByRole('radio').count()).toBe(0);
    await screenshot(page, 'no-js-home-phone');
    await expectNoA11yViolationsWithoutJs(page, 'home without JavaScript (phone)');
  });
});

describe('the same event page once its scripts run', () => {
  it('keeps the Back link the server gave it from a filtered list, hydrates quietly, and the link works', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // A full load of the event page from a filtered list (a new tab, or a click made before hydration).
    await page.goto(`/event/${ids['Online vigil for the children of Gaza']}`, {
      referer: `${e2e.server.url}/?type=digital`,
    });
    // Share is offered only once the page has hydrated.
    await page.getByRole('button', { name: 'Share' }).waitFor();
    const back = page.getByRole('link', { name: 'Back to Events' });
    expect(await back.getAttribute('href')).toBe('/?type=digital');
    expect(problems).toEqual([]);
    // With scripts the zone's plain line is not shown: the date's own line names it for this viewer.
    expect(await page.getByTestId('event-zone-plain').isVisible()).toBe(false);
    await back.click();
    await page.waitForURL((url) => url.pathname === '/' && url.search === '?type=digital');
    // The card's heading (level 4, under its day), not the event page's own (level 1), which may still be showing.
    await page.getByRole('heading', { level: 4, name: 'Online vigil for the children of Gaza' }).waitFor();
    expect(await cardTitles(page)).toEqual(['Online vigil for the children of Gaza']);
  });
});

/** The browser's session cookie, for asking the API as the person the plain forms signed in. */
async function sessionCookieOf(page: Page): Promise<string> {
  const sid = (await page.context().cookies()).find((c) => c.name === 'sid');
  expect(sid, 'a session cookie').toBeDefined();
  return `sid=${sid?.value}`;
}

describe('the other pages without JavaScript', () => {
  it('reads the About page, with the header and no dead buttons', async () => {
    const page = await noJsPage(PHONE);
    await page.goto('/about');
    expect(await page.getByRole('heading', { level: 1, name: 'About this calendar' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Moderation policy' }).isVisible()).toBe(true);
    expect(await page.locator('header summary:visible').isVisible()).toBe(true);
    expect(await visibleButtons(page)).toEqual([]);
    await screenshot(page, 'no-js-about-phone');
    await expectNoA11yViolationsWithoutJs(page, 'About without JavaScript');
  });

  it('names each page in its title, as the page does once its scripts run', async () => {
    const page = await noJsPage(DESKTOP);
    const site = 'Palestine Solidarity Calendar';
    const titles: [string, string][] = [
      ['/about', `About this calendar · ${site}`],
      ['/log', `Transparency Log · ${site}`],
      ['/subscribe', `Embed and subscribe · ${site}`],
      ['/auth', `Sign In · ${site}`],
      ['/submit', `Submit Event · ${site}`],
      ['/about?lang=fr', `À propos de ce calendrier · ${site}`],
      ['/auth?lang=fr', `Connexion · ${site}`],
    ];
    for (const [path, title] of titles) {
      await page.goto(path);
      expect(await page.title(), path).toBe(title);
    }
  });

  it('reads the transparency log’s figures and its invitation to sign in', async () => {
    const page = await noJsPage(PHONE);
    await page.goto('/log');
    expect(await page.getByRole('heading', { level: 1, name: 'Transparency Log' }).isVisible()).toBe(true);
    expect(await page.getByTestId('stats-summary').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Sign In' }).last().getAttribute('href')).toBe(
      '/auth?next=%2Flog',
    );
    expect(await visibleButtons(page)).toEqual([]);
    await screenshot(page, 'no-js-log-phone');
    await expectNoA11yViolationsWithoutJs(page, 'log without JavaScript');
  });

  it('hands out the feed addresses on /subscribe, and a form changes their filters', async () => {
    const page = await noJsPage(PHONE);
    await page.goto('/subscribe');
    const feed = page.getByLabel('Calendar feed address');
    expect(await feed.inputValue()).toBe(`${e2e.server.url}/calendar.ics`);
    // Copying needs the page to run; sending the form needs nothing.
    expect(await visibleButtons(page)).toEqual([
      'submit:Update the addresses',
      'submit:Update the addresses',
    ]);
    await page.getByLabel('Event type').selectOption('protest');
    await page.getByLabel('Location').fill('London');
    await page.getByRole('button', { name: 'Update the addresses' }).first().click();
    await page.waitForURL((url) => url.searchParams.get('type') === 'protest');
    expect(await feed.inputValue()).toBe(`${e2e.server.url}/calendar.ics?type=protest&location=London`);
    expect(await page.getByLabel('Event type').inputValue()).toBe('protest');
    await screenshot(page, 'no-js-subscribe-phone');
    await expectNoA11yViolationsWithoutJs(page, 'subscribe without JavaScript');
  });

  it('says a page needs JavaScript in the app’s layout, with a way back', async () => {
    const page = await noJsPage(PHONE);
    for (const path of ['/moderation', '/account', '/my-events']) {
      await page.goto(path);
      expect(
        await page.getByRole('heading', { level: 1, name: 'This page needs JavaScript' }).isVisible(),
        path,
      ).toBe(true);
      expect(await page.locator('header summary:visible').isVisible(), path).toBe(true);
      expect(await visibleButtons(page), path).toEqual([]);
    }
    await screenshot(page, 'no-js-needs-javascript-phone');
    await page.getByRole('link', { name: 'Back to Events' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await cardTitles(page)).toHaveLength(12);
    await page.goto('/moderation');
    await expectNoA11yViolationsWithoutJs(page, 'a page that needs JavaScript');
  });

  it('says an event is not found in the app’s layout, with a way back, in the page’s language', async () => {
    // A link to a removed event (or one that never was) read without JavaScript: not an empty page.
    const page = await noJsPage(PHONE);
    const answer = await page.goto('/event/AAAAAAAAAAAAAAAA?lang=ar');
    expect(answer?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'الفعالية غير موجودة' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('header summary:visible').isVisible()).toBe(true);
    expect(await visibleButtons(page)).toEqual([]);
    await screenshot(page, 'no-js-event-not-found-phone-ar');
    await expectNoA11yViolationsWithoutJs(page, 'an event not found');
    await page.locator('main').getByRole('link', { name: 'العودة إلى الفعاليات' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await cardTitles(page)).toHaveLength(12);
  });

  it('signs up and submits an event with plain forms: it waits for review', async () => {
    const page = await noJsPage(PHONE);
    // From the submit page's invitation to sign in.
    await page.goto('/submit');
    expect(await page.getByRole('heading', { level: 1, name: 'Sign In Required' }).isVisible()).toBe(true);
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('next') === '/submit');
    // No Google button, no "show password", and the other form is a link.
    expect(await visibleButtons(page)).toEqual(['submit:Sign In']);
    await page.getByRole('link', { name: "Don't have an account? Create one" }).click();
    await page.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
    expect(await visibleButtons(page)).toEqual(['submit:Create Account']);
    await screenshot(page, 'no-js-sign-up-phone');
    await expectNoA11yViolationsWithoutJs(page, 'sign-up without JavaScript');

    // A short password: the form again, with its message and the name and email kept.
    await page.getByLabel('Full Name').fill('Rania Plainform');
    await page.getByLabel('Email Address').fill('rania.plainform@example.org');
    await page.getByLabel('Password').fill('123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Password must be at least 6 characters').first().waitFor();
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Rania Plainform');
    expect(await page.getByLabel('Email Address').inputValue()).toBe('rania.plainform@example.org');
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    await page.getByLabel('Password').fill('olive grove');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/submit');
    await page.getByRole('heading', { level: 1, name: 'Submit an Event' }).waitFor();

    // The form: only its own submit button; the zone is a plain list; every place field is there.
    expect(await visibleButtons(page)).toEqual(['submit:Submit Event for Review']);
    expect(await page.getByLabel('Link to join').isVisible()).toBe(true);
    await page.getByLabel('Event Title').fill('Plain form vigil');
    await page.getByLabel('Event Description').fill('Candles at the square, without any JavaScript.');
    await page.getByLabel('Event Date').fill('2031-06-07');
    await page.getByLabel('Event Time').fill('19:30');
    await page.getByLabel('Time Zone').selectOption('Europe/Paris');
    await page.getByLabel('City').fill('Lyon');
    await page.getByLabel('Country').fill('France');
    // No source link yet: the form again, with the message and everything typed.
    await page.getByRole('button', { name: 'Submit Event for Review' }).click();
    await page.getByText('Failed to submit event. Please try again.').waitFor();
    expect(await page.getByLabel('Event Title').inputValue()).toBe('Plain form vigil');
    expect(await page.getByLabel('Time Zone').inputValue()).toBe('Europe/Paris');
    await screenshot(page, 'no-js-submit-refused-phone');
    await page.getByLabel('Official Source Link').fill('https://example.org/plain-vigil');
    await page.getByRole('button', { name: 'Submit Event for Review' }).click();
    await page.waitForURL((url) => url.searchParams.has('submitted'));
    await page.getByRole('heading', { level: 1, name: 'Event Submitted!' }).waitFor();
    expect(await visibleButtons(page)).toEqual([]);
    await screenshot(page, 'no-js-submitted-phone');
    await expectNoA11yViolationsWithoutJs(page, 'submitted without JavaScript');

    const id = new URL(page.url()).searchParams.get('submitted') ?? '';
    const res = await e2e.server.fetch(`/api/events/${id}`, {
      headers: { cookie: await sessionCookieOf(page) },
    });
    expect(res.status).toBe(200);
    const event = (await res.json()) as { title: string; status: string; timezone: string };
    expect(event).toMatchObject({ title: 'Plain form vigil', status: 'pending', timezone: 'Europe/Paris' });
    // Visitors do not see it.
    expect((await e2e.server.fetch(`/api/events/${id}`)).status).toBe(404);
  });

  it('signs in with the plain form; a wrong password says so and keeps the email', async () => {
    await createPasswordAccount(e2e.server.store, {
      name: 'Samir Plainform',
      email: 'samir.plainform@example.org',
      password: 'right password',
    });
    const page = await noJsPage(DESKTOP);
    await page.goto('/log');
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await page.getByLabel('Email Address').fill('samir.plainform@example.org');
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email or password').waitFor();
    expect(await page.getByLabel('Email Address').inputValue()).toBe('samir.plainform@example.org');
    await screenshot(page, 'no-js-sign-in-refused-desktop');
    await expectNoA11yViolationsWithoutJs(page, 'sign-in refused without JavaScript');
    await page.getByLabel('Password').fill('right password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/log');
    // Signed in: the header names the person (a name, not a menu button that would need JavaScript).
    expect(await page.locator('header span:visible', { hasText: 'Samir Plainform' }).count()).toBe(1);
    expect(await visibleButtons(page)).toEqual([]);
    expect(await page.getByTestId('about-text').textContent()).toContain('events you submitted');
  });
});
