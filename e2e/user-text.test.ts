import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventRow, UserRow } from '../server/store/schema';
import { createEvent, createLogEntry, createModerator, sessionCookieFor } from '../server/testing/factories';
import { DESKTOP, expectNoA11yViolations, PHONE, screenshot, setupE2E } from './support/browser';

// Text people write (docs/PRODUCT.md#text-people-write): links, direction, and long words that must wrap.
const HASHTAG = `#${'Solidarity'.repeat(6)}`.slice(0, 60);
const LONG_URL = `https://example.org/${'a1b2c3d4e5'.repeat(28)}`;
const ARABIC_DESCRIPTION =
  'وقفة تضامنية مع أهلنا في غزة. التفاصيل: https://example.org/ar-vigil، ولا تنسوا الأعلام.';

const e2e = setupE2E();
let long: EventRow;
let arabic: EventRow;
let moderator: UserRow;
let moderatorCookie: string;

beforeAll(async () => {
  const s = e2e.server.store;
  moderator = await createModerator(s);
  moderatorCookie = await sessionCookieFor(s, moderator);
  const longText = {
    title: `Teach-in ${HASHTAG}`,
    description: `Read more: ${LONG_URL} and follow ${HASHTAG}.`,
    city: HASHTAG,
    organizer: HASHTAG,
  };
  long = await createEvent(s, longText);
  await createEvent(s, { ...longText, title: `Pending ${HASHTAG}`, status: 'pending' });
  arabic = await createEvent(s, {
    title: 'وقفة تضامنية مع غزة',
    description: ARABIC_DESCRIPTION,
    city: 'بيروت',
    country: 'لبنان',
    organizer: 'حملة المقاطعة',
    timezone: 'Asia/Beirut',
  });
  const rejected = await createEvent(s, { title: `Rejected ${HASHTAG}`, status: 'rejected' });
  await createLogEntry(s, {
    eventId: rejected.id,
    moderatorId: moderator.id,
    reason: `Duplicate of ${LONG_URL} ${HASHTAG}`,
  });
});

/** True when the page is no wider than the window: nothing makes it scroll sideways. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

async function openEvent(page: Page, id: string): Promise<void> {
  await page.goto(`/event/${id}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

describe('links in a description', () => {
  it('become links that open a new tab, marked as user content', async () => {
    const page = await e2e.newPage();
    await openEvent(page, long.id);
    const link = page.getByTestId('event-description').getByRole('link');
    expect(await link.count()).toBe(1);
    expect(await link.getAttribute('href')).toBe(LONG_URL);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('nofollow ugc noopener noreferrer');
    expect(await link.getAttribute('aria-label')).toBeNull();
    expect(await link.textContent()).toBe(`${LONG_URL} (opens in a new tab)`);
    // The full stop after the hashtag, and the text around the address, stay text.
    expect(await page.getByTestId('event-description').textContent()).toBe(
      `Read more: ${LONG_URL} (opens in a new tab) and follow ${HASHTAG}.`,
    );
    await expectNoA11yViolations(page);
  });

  it('are links in the server’s page too, read without JavaScript', async () => {
    const page = await e2e.newPage({ viewport: PHONE, javaScriptEnabled: false });
    await page.goto(`/event/${arabic.id}`);
    const link = page.getByTestId('event-description').getByRole('link');
    expect(await link.getAttribute('href')).toBe('https://example.org/ar-vigil');
    expect(await link.getAttribute('rel')).toBe('nofollow ugc noopener noreferrer');
    // The Arabic comma after the address is the sentence's, not the address's.
    expect(await link.textContent()).toBe('https://example.org/ar-vigil (opens in a new tab)');
  });
});

describe('direction of people’s text', () => {
  it('reads an Arabic paragraph right to left inside the English page', async () => {
    const page = await e2e.newPage();
    await openEvent(page, arabic.id);
    const description = page.getByTestId('event-description');
    expect(await description.getAttribute('dir')).toBe('auto');
    expect(await description.evaluate((el) => el.matches(':dir(rtl)'))).toBe(true);
    expect(await page.locator('html').getAttribute('dir')).not.toBe('rtl');
    for (const element of [
      page.getByRole('heading', { level: 1 }),
      // The area line of the place (the place's block holds a line per part: venue, address, area).
      page.getByTestId('event-location').locator('[dir="auto"]').last(),
      page.getByTestId('event-organizer'),
    ]) {
      expect(await element.getAttribute('dir')).toBe('auto');
      expect(await element.evaluate((el) => el.matches(':dir(rtl)'))).toBe(true);
    }
    await screenshot(page, 'user-text-arabic-event-desktop');

    await page.goto('/');
    const card = page.getByRole('article').filter({ hasText: 'وقفة تضامنية مع غزة' });
    expect(await card.getByRole('heading', { level: 4 }).getAttribute('dir')).toBe('auto');
    expect(await card.getByTestId('event-organizer').locator('[dir="auto"]').textContent()).toBe(
      'حملة المقاطعة',
    );
    // In Urdu the name comes first and the words after it: the catalog's order, the name still isolated.
    await page.goto('/?lang=ur');
    const urdu = page.getByRole('article').filter({ hasText: 'وقفة تضامنية مع غزة' });
    expect(await urdu.getByTestId('event-organizer').textContent()).toBe('حملة المقاطعة کی جانب سے');
    expect(await urdu.getByTestId('event-organizer').locator('[dir="auto"]').textContent()).toBe(
      'حملة المقاطعة',
    );
  });
});

describe('one long word or address on a 390 px phone', () => {
  async function expectNoSidewaysScroll(page: Page, name: string): Promise<void> {
    expect(await fitsWidth(page), name).toBe(true);
    await screenshot(page, `user-text-${name}-phone`);
  }

  it('never widens the home page or the event page', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await e2e.newPage({ viewport: PHONE });
      await page.emulateMedia({ colorScheme });
      await page.goto('/');
      await page.getByRole('heading', { level: 4, name: `Teach-in ${HASHTAG}` }).waitFor();
      await expectNoSidewaysScroll(page, `home-${colorScheme}`);
      await openEvent(page, long.id);
      await expectNoSidewaysScroll(page, `event-${colorScheme}`);
    }
    const desktop = await e2e.newPage({ viewport: DESKTOP });
    await openEvent(desktop, long.id);
    expect(await fitsWidth(desktop)).toBe(true);
    await screenshot(desktop, 'user-text-event-desktop');
  });

  it('never widens the moderation dashboard or the transparency log', async () => {
    const page = await e2e.newPage({ viewport: PHONE, cookie: moderatorCookie });
    await page.goto('/moderation');
    const card = page.getByTestId('moderation-card').filter({ hasText: `Pending ${HASHTAG}` });
    await card.getByRole('button', { pressed: false }).first().click();
    await page
      .getByTestId('detail-panel')
      .getByRole('heading', { name: `Pending ${HASHTAG}` })
      .waitFor();
    expect(
      await page
        .getByTestId('detail-panel')
        .getByRole('link', { name: new RegExp(LONG_URL) })
        .count(),
    ).toBe(1);
    await expectNoSidewaysScroll(page, 'moderation');
    await expectNoA11yViolations(page, 'moderation with long text');

    await page.goto('/log');
    await page.getByTestId('log-entry').first().waitFor();
    expect(await page.getByTestId('log-entry').getByText(`Duplicate of ${LONG_URL} ${HASHTAG}`).count()).toBe(
      1,
    );
    await expectNoSidewaysScroll(page, 'log');
  });
});
