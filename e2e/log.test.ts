import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRow, UserRow } from '../server/store/schema';
import {
  createEvent,
  createLogEntry,
  createModerator,
  createUser,
  sessionCookieFor,
} from '../server/testing/factories';
import frCommon from '../web/locales/fr/common.json';
import { DESKTOP, type E2E, expectNoA11yViolations, PHONE, screenshot, startE2E } from './support/browser';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
let e2e: E2E;
let moderator: UserRow;
let cookies: { moderator: string; submitter: string; other: string };
let mineRejected: EventRow;
let mineRemoved: EventRow;
let theirs: EventRow;

beforeAll(async () => {
  e2e = await startE2E();
  const s = e2e.server.store;
  moderator = await createModerator(s, { name: 'Mona Moderator' });
  const submitter = await createUser(s, { name: 'Sami Submitter' });
  const other = await createUser(s, { name: 'Olga Other' });
  cookies = {
    moderator: await sessionCookieFor(s, moderator),
    submitter: await sessionCookieFor(s, submitter),
    other: await sessionCookieFor(s, other),
  };
  // Minutes apart, not hours: the month chart below counts this month's actions, and actions hours old
  // would fall in last month when the suite runs in the first hours of a month (UTC).
  const now = Date.now();
  mineRejected = await createEvent(s, {
    title: 'Sami’s teach-in',
    status: 'rejected',
    createdBy: submitter.id,
  });
  mineRemoved = await createEvent(s, { title: 'Sami’s march', status: 'removed', createdBy: submitter.id });
  theirs = await createEvent(s, { title: 'Olga’s film night', status: 'rejected', createdBy: other.id });
  // Olga's own submission was rejected too: she sees that one, not Sami's.
  await createLogEntry(s, {
    eventId: mineRejected.id,
    moderatorId: moderator.id,
    action: 'rejected',
    reason: 'Please add the venue address and resubmit.',
    createdAt: now - 3 * MINUTE,
  });
  await createLogEntry(s, {
    eventId: mineRemoved.id,
    moderatorId: moderator.id,
    action: 'removed',
    reason: 'Event removed due to reports',
    createdAt: now - 2 * MINUTE,
  });
  await createLogEntry(s, {
    eventId: theirs.id,
    moderatorId: moderator.id,
    action: 'rejected',
    reason: 'Duplicate of an existing listing.',
    createdAt: now - MINUTE,
  });
});
afterAll(() => e2e.close());

async function open(cookie: string | undefined, viewport: { width: number; height: number }): Promise<Page> {
  const page = await e2e.newPage({ viewport, ...(cookie ? { cookie } : {}) });
  await page.goto('/log');
  await page.getByRole('heading', { level: 1, name: 'Transparency Log' }).waitFor();
  await page.getByRole('heading', { name: 'About This Log' }).waitFor();
  await page.getByTestId('stats-summary').waitFor();
  return page;
}

const entries = (page: Page) => page.getByTestId('log-entry');

describe('the log as each participant sees it', () => {
  it('moderator: every entry, newest first, with titles and the acting moderator', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await open(cookies.moderator, viewport);
      await entries(page).first().waitFor();
      expect(await page.getByTestId('about-text').textContent()).toContain('you see every moderation action');
      expect(await entries(page).count()).toBe(3);
      const headings = await entries(page).getByRole('heading').allTextContents();
      expect(headings).toEqual([
        'Event Rejected During Review',
        'Event Removed After Publication',
        'Event Rejected During Review',
      ]);
      const first = await entries(page).first().textContent();
      for (const part of [
        theirs.id,
        'Olga’s film night',
        'Duplicate of an existing listing.',
        'Action taken by moderator Mona Moderator',
      ]) {
        expect(first).toContain(part);
      }
      await expectNoA11yViolations(page, `log, moderator, ${viewport.width}`);
      await screenshot(page, `log-moderator-${viewport === PHONE ? 'phone' : 'desktop'}`);
    }
  });

  it('submitter: only entries about their own events, with titles, never a moderator name', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await open(cookies.submitter, viewport);
      await entries(page).first().waitFor();
      expect(await page.getByTestId('about-text').textContent()).toContain('events you submitted');
      expect(await entries(page).count()).toBe(2);
      const text = (await entries(page).allTextContents()).join('\n');
      for (const part of [
        mineRemoved.id,
        'Sami’s march',
        'Event removed due to reports',
        mineRejected.id,
        'Sami’s teach-in',
        'Please add the venue address and resubmit.',
        'Action taken by moderator',
      ]) {
        expect(text).toContain(part);
      }
      expect(text).not.toContain('Mona');
      expect(text).not.toContain(theirs.id);
      expect(await page.content()).not.toContain('Mona Moderator');
      await expectNoA11yViolations(page, `log, submitter, ${viewport.width}`);
      await screenshot(page, `log-submitter-${viewport === PHONE ? 'phone' : 'desktop'}`);
    }
  });

  it('another user: only their own entry', async () => {
    const page = await open(cookies.other, DESKTOP);
    await entries(page).first().waitFor();
    expect(await entries(page).count()).toBe(1);
    expect(await entries(page).first().textContent()).toContain('Olga’s film night');
  });

  it('a user with no moderated submissions: the empty state', async () => {
    const fresh = await createUser(e2e.server.store);
    const page = await open(await sessionCookieFor(e2e.server.store, fresh), PHONE);
    await page.getByRole('heading', { name: 'No Moderation Actions Yet' }).waitFor();
    expect(await entries(page).count()).toBe(0);
    await expectNoA11yViolations(page, 'log, empty, phone');
  });

  it('visitor: invited to sign in, no entries, and the public figures', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await open(undefined, viewport);
      await page.getByText('Sign in to see the moderation actions on events you submitted.').waitFor();
      // Back to the log once signed in (docs/PRODUCT.md#sign-in).
      expect(await page.getByRole('main').getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
        '/auth?next=%2Flog',
      );
      expect(await entries(page).count()).toBe(0);
      expect(await page.getByTestId('stats-summary').textContent()).toBe(
        'Last 6 months: 2 rejected, 1 removed.',
      );
      // The bar chart draws this month's actions, full height (it is the busiest month), and no others.
      const columns = page.getByTestId('month-bars').locator(':scope > div');
      expect(await columns.count()).toBe(6);
      const thisMonth = await columns.last().boundingBox();
      expect(thisMonth?.height).toBeGreaterThan(100);
      expect(
        await columns
          .last()
          .locator('div')
          .first()
          .evaluate((el) => el.getBoundingClientRect().width),
      ).toBeGreaterThan(10);
      expect((await columns.first().boundingBox())?.height ?? 0).toBeLessThan(1);
      const table = page.getByRole('table');
      expect(await table.getByRole('columnheader').count()).toBe(8);
      // The total and this month come first, in view even where the table scrolls sideways (a phone).
      const headers = table.getByRole('columnheader');
      expect(await headers.nth(1).textContent()).toBe('Total');
      const box = await page
        .getByRole('region', { name: 'Rejections and removals by reason and month' })
        .boundingBox();
      const thisMonthColumn = await headers.nth(2).boundingBox();
      expect(box && thisMonthColumn && thisMonthColumn.x + thisMonthColumn.width <= box.x + box.width).toBe(
        true,
      );
      // Typed reasons given once are counted together, so none can be matched to one event.
      expect(await table.getByRole('rowheader').allTextContents()).toEqual([
        'Rejected: Other reasons',
        'Removed: Event removed due to reports',
      ]);
      const html = await page.content();
      // (The moderator's whole name: the page's inlined style sheet names the font Monaco.)
      for (const secret of [
        theirs.id,
        mineRejected.id,
        'Olga’s film night',
        'Mona Moderator',
        'Duplicate of an',
      ]) {
        expect(html).not.toContain(secret);
      }
      await expectNoA11yViolations(page, `log, visitor, ${viewport.width}`);
      await screenshot(page, `log-visitor-${viewport === PHONE ? 'phone' : 'desktop'}`);
    }
    // The standard reason in the reader's language (stored in the spec's words).
    const french = await e2e.newPage({ viewport: DESKTOP });
    await french.goto('/log?lang=fr');
    await french.getByTestId('stats-summary').waitFor();
    expect(await french.getByRole('table').getByRole('rowheader').last().textContent()).toContain(
      frCommon.standardReasons.reports,
    );
  });
});

describe('loading and failure', () => {
  it('shows three skeleton cards while the log loads', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP, cookie: cookies.moderator });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/log?**', async (route) => {
      await held;
      await route.continue();
    });
    await page.route('**/api/log', async (route) => {
      await held;
      await route.continue();
    });
    // Opened from another page of the app: a page the server renders arrives with its entries.
    await page.goto('/about');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Transparency Log' })
      .click();
    const skeletons = page.getByTestId('log-skeletons');
    await skeletons.waitFor();
    expect(await skeletons.locator(':scope > div').count()).toBe(3);
    release();
    await entries(page).first().waitFor();
  });

  it('says politely that the log could not be loaded, with an empty list', async () => {
    const page = await e2e.newPage({ viewport: PHONE, cookie: cookies.moderator });
    await page.route('**/api/log', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.route('**/api/log?**', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto('/log');
    await page.getByText('We could not load the log just now. Please try again in a moment.').waitFor();
    expect(await entries(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Try Again' }).isVisible()).toBe(true);
    await screenshot(page, 'log-error-phone');
    expect(e2e.foreignRequests).toEqual([]);
  });
});

describe('a long log', () => {
  it('pages through the entries by keyboard; each new page reads from its first entry', async () => {
    const s = e2e.server.store;
    const base = Date.now() - 10 * HOUR;
    for (let i = 0; i < 20; i++) {
      const event = await createEvent(s, { title: `Old listing ${i}`, status: 'rejected' });
      await createLogEntry(s, {
        eventId: event.id,
        moderatorId: moderator.id,
        action: 'rejected',
        reason: `Older reason ${i}`,
        createdAt: base - i * HOUR,
      });
    }
    const page = await open(cookies.moderator, PHONE);
    const pager = page.getByRole('navigation', { name: 'Log pages' });
    await pager.getByText('Page 1 of 2').waitFor();
    expect(await entries(page).count()).toBe(20);
    // Pages are links (`/log?page=2`), so they work without JavaScript too; an end is no link.
    const previous = pager.getByRole('link', { name: 'Previous' });
    const next = pager.getByRole('link', { name: 'Next' });
    expect(await previous.count()).toBe(0);
    expect(await next.getAttribute('href')).toBe('/log?page=2');

    const list = page.getByRole('list', { name: 'Moderation actions' });
    const listTopBelowHeader = () =>
      list.evaluate((el) => {
        const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
        const top = el.getBoundingClientRect().top;
        return top >= header && top < window.innerHeight / 2;
      });
    await next.focus();
    await page.keyboard.press('Enter');
    await pager.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => entries(page).count()).toBe(3);
    expect(await entries(page).last().textContent()).toContain('Older reason 19');
    // Focus and view move to the top of the new page, clear of the sticky header.
    await expect.poll(() => list.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await listTopBelowHeader()).toBe(true);
    await screenshot(page, 'log-page-two-phone');
    expect(new URL(page.url()).search).toBe('?page=2');
    expect(await next.count()).toBe(0);

    // And back to the first page.
    await previous.focus();
    await page.keyboard.press('Enter');
    await pager.getByText('Page 1 of 2').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await expect.poll(() => entries(page).count()).toBe(20);
    await expect.poll(() => list.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await listTopBelowHeader()).toBe(true);
    await expectNoA11yViolations(page, 'log, second page, phone');

    // An old link past the end, read without JavaScript: no "nothing was ever removed", a way to the end.
    const plain = await e2e.newPage({ viewport: PHONE, cookie: cookies.moderator, javaScriptEnabled: false });
    await plain.goto('/log?page=9');
    await plain.getByRole('heading', { name: 'Nothing on this page' }).waitFor();
    expect(await plain.getByText('No event has been rejected or removed so far.').count()).toBe(0);
    expect(await plain.getByRole('link', { name: 'Go to the last page' }).getAttribute('href')).toBe(
      '/log?page=2',
    );
    // With it, the page moves to the last one.
    const moved = await open(cookies.moderator, PHONE);
    await moved.goto('/log?page=9');
    await expect.poll(() => new URL(moved.url()).search).toBe('?page=2');
  });
});
