import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { listReportsForEvent } from '../server/store/reports';
import type { EventRow, UserRow } from '../server/store/schema';
import { createEvent, createUser, sessionCookieFor } from '../server/testing/factories';
import { expectNoA11yViolations, PHONE, screenshot, setupE2E } from './support/browser';

const e2e = setupE2E();
let reporter: UserRow;

beforeAll(async () => {
  reporter = await createUser(e2e.server.store, { name: 'Lina Haddad' });
});
const isReportCall = (url: URL) => /^\/api\/events\/[^/]+\/reports$/.test(url.pathname);

async function openEvent(event: EventRow): Promise<Page> {
  const page = await e2e.newPage({
    viewport: PHONE,
    cookie: await sessionCookieFor(e2e.server.store, reporter),
  });
  await page.goto(`/event/${event.id}`);
  await page.getByRole('heading', { name: event.title, level: 1 }).waitFor();
  // The relative date hint is rendered only in the browser, so it marks hydration as done.
  await page.getByTestId('event-relative').first().waitFor();
  return page;
}

const reportButton = (page: Page) => page.getByRole('button', { name: 'Report', exact: true });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Report Event' });

describe('a report sent after the session ended', () => {
  it('is not stored; the page says to sign in again, drops the Report button and moves focus to the message', async () => {
    const event = await createEvent(e2e.server.store, { title: 'Report after signing out elsewhere' });
    const page = await openEvent(event);
    await reportButton(page).click();
    await dialog(page).waitFor();
    await dialog(page).getByRole('radio', { name: 'Spam or Duplicate' }).check();

    // Signed out in another tab (or the session was revoked) while this page stayed open.
    await e2e.server.store.db.deleteFrom('sessions').where('user_id', '=', reporter.id).execute();

    const answer = page.waitForResponse(
      (r) => isReportCall(new URL(r.url())) && r.request().method() === 'POST',
    );
    await dialog(page).getByRole('button', { name: 'Submit Report' }).click();
    expect((await answer).status()).toBe(401);

    const notice = page.getByTestId('report-signed-out');
    await notice.waitFor();
    expect(await notice.getByText('You are signed out, so your report was not sent.').isVisible()).toBe(true);
    expect(await notice.getByText('Sign in again to report this event.').isVisible()).toBe(true);
    const signIn = notice.getByRole('link', { name: 'Sign In' });
    // Back to this event once signed in (docs/PRODUCT.md#sign-in).
    expect(await signIn.getAttribute('href')).toBe(`/auth?next=${encodeURIComponent(`/event/${event.id}`)}`);

    // The dialog is gone with the button, and no retryable error was left behind.
    expect(await dialog(page).count()).toBe(0);
    expect(await reportButton(page).count()).toBe(0);
    expect(await page.getByText('Could not send your report. Please try again.').count()).toBe(0);
    // Focus is on the message, not lost to the page.
    expect(await notice.evaluate((el) => el === document.activeElement)).toBe(true);
    // The event itself stays on the page.
    expect(await page.getByRole('heading', { name: event.title, level: 1 }).isVisible()).toBe(true);

    expect(await listReportsForEvent(e2e.server.store.db, event.id)).toEqual([]);
    await screenshot(page, 'report-session-ended-phone');
    await expectNoA11yViolations(page);
  });
});
