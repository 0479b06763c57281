import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser } from '../server/testing/factories';
import { DESKTOP, expectNoA11yViolations, openFilters, PHONE, screenshot, setupE2E } from './support/browser';

// Near a city (docs/PRODUCT.md#home): a city typed in "Near" and a distance; the server finds the city
// in its offline gazetteer and lists the events of the towns around it.

const DAY = 24 * 3600 * 1000;
const e2e = setupE2E();

/** The titles of the cards on the page, in order. */
const cardTitles = (page: Page) => page.locator('main li article h4').allTextContents();
const urlQuery = (page: Page) => new URL(page.url()).searchParams;

/** Around Manchester: Salford 4 km, Stockport 9, Oldham 10, Bolton 17, Leeds 57; London 262. */
const NEAR_MANCHESTER_50 = [
  'Vigil in Manchester',
  'Teach-in in Salford',
  'Film night in Stockport',
  'Dabke in Oldham',
  'March in Bolton',
];

beforeAll(async () => {
  const store = e2e.server.store;
  const user = await createUser(store);
  const now = Date.now();
  for (const [i, [title, city]] of [
    ['Vigil in Manchester', 'Manchester'],
    ['Teach-in in Salford', 'Salford'],
    ['Film night in Stockport', 'Stockport'],
    ['Dabke in Oldham', 'Oldham'],
    ['March in Bolton', 'Bolton'],
    ['Rally in Leeds', 'Leeds'],
    ['National march in London', 'London'],
  ].entries()) {
    await createEvent(store, {
      title,
      city,
      country: 'United Kingdom',
      createdBy: user.id,
      startsAt: now + (i + 1) * DAY,
    });
  }
});

describe('near a city', () => {
  it('lists the events of nearby towns within the distance chosen, in the URL, after a reload too', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.goto('/');
    await page.locator('main li article').first().waitFor();
    await page.getByRole('radio').first().waitFor();
    expect(await cardTitles(page)).toContain('National march in London');

    await page.getByLabel('Near').fill('Manchester');
    await page.waitForURL((url) => url.searchParams.get('near') === 'Manchester');
    // 25 km by default: Bolton (17 km) is in, Leeds (57) and London are out.
    await expect.poll(() => cardTitles(page)).toEqual(NEAR_MANCHESTER_50);
    await page.getByLabel('Distance').selectOption({ label: 'Within 10 km' });
    await page.waitForURL((url) => url.searchParams.get('km') === '10');
    await expect
      .poll(() => cardTitles(page))
      .toEqual(['Vigil in Manchester', 'Teach-in in Salford', 'Film night in Stockport']);
    await page.getByLabel('Distance').selectOption({ label: 'Within 50 km' });
    await page.waitForURL((url) => url.searchParams.get('km') === '50');
    await expect.poll(() => cardTitles(page)).toEqual(NEAR_MANCHESTER_50);
    // Which Manchester it took, read out when it appears (a polite live region around it).
    const found = page.getByText('Within 50 km of Manchester, United Kingdom');
    await found.waitFor();
    expect(await found.locator('xpath=..').getAttribute('aria-live')).toBe('polite');
    expect(urlQuery(page).toString()).toBe('near=Manchester&km=50');

    await page.reload();
    await expect.poll(() => cardTitles(page)).toEqual(NEAR_MANCHESTER_50);
    expect(await page.getByLabel('Near').inputValue()).toBe('Manchester');
    expect(await page.getByLabel('Distance').inputValue()).toBe('50');
    await page.getByLabel('Distance').selectOption({ label: 'Within 100 km' });
    await expect.poll(() => cardTitles(page)).toEqual([...NEAR_MANCHESTER_50, 'Rally in Leeds']);
    await expectNoA11yViolations(page);
    await screenshot(page, 'home-near-desktop');

    // The month view says which city it took too.
    await page.goto('/?near=Manchester&km=50&view=month');
    await page.getByText('Within 50 km of Manchester, United Kingdom').waitFor();
  });

  it('says so when it knows no city of that name', async () => {
    const page = await e2e.newPage();
    await page.goto('/?near=Quokkaville');
    await page.getByRole('heading', { name: 'No Events Found' }).waitFor();
    const message = 'We don’t know a city called “Quokkaville”.';
    await expect.poll(() => page.getByText(message, { exact: false }).count()).toBeGreaterThan(0);
    expect(await page.getByLabel('Near').getAttribute('aria-invalid')).toBe('true');
    await expectNoA11yViolations(page);
    // A long word quoted back wraps on a phone instead of making the page scroll sideways.
    const phone = await e2e.newPage({ viewport: PHONE });
    await phone.goto('/?near=Solidarit%C3%A4tskundgebungsveranstaltungsank%C3%BCndigungszentrale');
    await phone.getByRole('heading', { name: 'No Events Found' }).waitFor();
    await openFilters(phone);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it('on a phone, counts in the Filters disclosure', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await e2e.newPage({ viewport: PHONE, colorScheme });
      await page.goto('/?near=Salford&km=10');
      await page.locator('main li article').first().waitFor();
      expect(await page.locator('details.filters-disclosure summary').textContent()).toBe('Filters1 active');
      expect(await cardTitles(page)).toEqual(['Vigil in Manchester', 'Teach-in in Salford']);
      await openFilters(page);
      expect(await page.getByLabel('Near').inputValue()).toBe('Salford');
      await page.getByText('Within 10 km of Salford, United Kingdom').waitFor();
      await expectNoA11yViolations(page);
      await screenshot(page, `home-near-phone-${colorScheme}`);
    }
  });

  it('works without JavaScript: the filters form sends the city and the distance', async () => {
    const page = await e2e.newPage({ viewport: PHONE, javaScriptEnabled: false });
    await page.goto('/');
    await page.locator('details.filters-disclosure summary').click();
    await page.getByLabel('Near').fill('Salford');
    await page.getByLabel('Distance').selectOption('10');
    await page.getByRole('button', { name: 'Show events' }).click();
    await page.waitForURL((url) => url.searchParams.get('near') === 'Salford');
    expect(urlQuery(page).get('km')).toBe('10');
    expect(await cardTitles(page)).toEqual(['Vigil in Manchester', 'Teach-in in Salford']);
    // The subscribe page, rendered on the server, hands out feeds near the same city.
    await page.goto('/subscribe?near=Salford&km=10');
    expect(await page.locator('a[href^="webcal:"]').getAttribute('href')).toMatch(
      /\/calendar\.ics\?near=Salford&km=10$/,
    );
  });

  it('hands the city and the distance to the subscribe page and its feed addresses', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.goto('/?near=Salford&km=10');
    const href = await page.locator('main a[href^="/subscribe"]').first().getAttribute('href');
    expect(href).toBe('/subscribe?near=Salford&km=10');
    await page.goto(href ?? '');
    expect(await page.getByLabel('Near').inputValue()).toBe('Salford');
    expect(await page.getByLabel('Distance').inputValue()).toBe('10');
    expect(await page.locator('a[href^="webcal:"]').getAttribute('href')).toMatch(
      /\/calendar\.ics\?near=Salford&km=10$/,
    );
    await page.getByLabel('Distance').selectOption({ label: 'Within 50 km' });
    await expect
      .poll(() => page.locator('a[href^="webcal:"]').getAttribute('href'))
      .toMatch(/\/calendar\.ics\?near=Salford&km=50$/);
    await expectNoA11yViolations(page);
    // A city the calendar does not know: said at the field, since its feeds would stay empty.
    expect(await page.getByText('We don’t know a city called', { exact: false }).count()).toBe(0);
    await page.getByLabel('Near').fill('Qwxzyville');
    await page.getByText('We don’t know a city called “Qwxzyville”', { exact: false }).waitFor();
    expect(await page.getByLabel('Near').getAttribute('aria-invalid')).toBe('true');
    await expectNoA11yViolations(page);
  });

  it('in Arabic, right to left', async () => {
    const page = await e2e.newPage({ viewport: PHONE, locale: 'ar' });
    await page.goto('/?near=Manchester&km=50&lang=ar');
    await page.locator('main li article').first().waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await openFilters(page);
    await page.getByText('في حدود 50 كم من Manchester').waitFor();
    await screenshot(page, 'home-near-phone-ar');
  });
});
