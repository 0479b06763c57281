import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { listReportsForEvent } from '../server/store/reports';
import type { EventRow, UserRow } from '../server/store/schema';
import { createEvent, createUser, sessionCookieFor } from '../server/testing/factories';
import { DESKTOP, expectNoA11yViolations, PHONE, screenshot, setupE2E } from './support/browser';

const e2e = setupE2E();
let reporter: UserRow;

beforeAll(async () => {
  reporter = await createUser(e2e.server.store, { name: 'Omar Khalil' });
});
const THANKS = 'Thank you for your report. Our moderation team will review this event.';
const isReportCall = (url: URL) => /^\/api\/events\/[^/]+\/reports$/.test(url.pathname);

async function openEvent(
  event: EventRow,
  viewport: { width: number; height: number } = DESKTOP,
  signedIn = true,
): Promise<Page> {
  const page = await e2e.newPage({
    viewport,
    ...(signedIn ? { cookie: await sessionCookieFor(e2e.server.store, reporter) } : {}),
  });
  await page.goto(`/event/${event.id}`);
  await page.getByRole('heading', { name: event.title, level: 1 }).waitFor();
  // The page arrives rendered by the server; a press on Report before hydration would do nothing. The
  // relative date hint is rendered only in the browser, so it marks hydration as done.
  await page.getByTestId('event-relative').first().waitFor();
  return page;
}

const reportButton = (page: Page) => page.getByRole('button', { name: 'Report', exact: true });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Report Event' });

async function openDialog(page: Page) {
  await reportButton(page).click();
  await dialog(page).waitFor();
}

const focusIsOnReportButton = (page: Page) =>
  reportButton(page).evaluate((el) => el === document.activeElement);

describe('the report dialog', () => {
  it('is not offered to visitors who are not signed in', async () => {
    const event = await createEvent(e2e.server.store, { title: 'Seen by a visitor' });
    const page = await openEvent(event, DESKTOP, false);
    expect(await reportButton(page).count()).toBe(0);
  });

  it('asks why, offers the three reasons, and passes axe at phone width', async () => {
    const event = await createEvent(e2e.server.store, { title: 'Open the dialog on a phone' });
    const page = await openEvent(event, PHONE);
    await openDialog(page);
    const d = dialog(page);
    expect(await d.getByRole('group', { name: 'Why are you reporting this event?' }).isVisible()).toBe(true);
    const radios = d.getByRole('radio');
    expect(await radios.count()).toBe(3);
    for (const label of ['Incorrect Information', 'Spam or Duplicate', 'Harmful Content']) {
      expect(await d.getByRole('radio', { name: label }).isVisible(), label).toBe(true);
    }
    expect(await d.getByRole('radio', { name: 'Incorrect Information' }).getAttribute('value')).toBe(
      'wrong_info',
    );
    expect(await d.getByRole('radio', { name: 'Spam or Duplicate' }).getAttribute('value')).toBe('spam');
    expect(await d.getByRole('radio', { name: 'Harmful Content' }).getAttribute('value')).toBe(
      'harmful_content',
    );
    expect(await d.getByRole('button', { name: 'Cancel', exact: true }).isVisible()).toBe(true);
    expect(await d.getByRole('button', { name: 'Submit Report' }).isVisible()).toBe(true);
    expect(await d.getByText('Only the moderation team can see who sent a report.').isVisible()).toBe(true);
    await screenshot(page, 'report-dialog-phone');
    await expectNoA11yViolations(page);
  });

  it('traps focus inside, closes with Escape and gives focus back to the Report button', async () => {
    const event = await createEvent(e2e.server.store, { title: 'Keyboard only' });
    const page = await openEvent(event, DESKTOP);
    await reportButton(page).focus();
    await page.keyboard.press('Enter');
    await dialog(page).waitFor();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await dialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await screenshot(page, 'report-dialog-desktop');
    await expectNoA11yViolations(page);

    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    // Radix gives focus back a task after the dialog leaves the page.
    await expect.poll(() => focusIsOnReportButton(page)).toBe(true);
    expect(await page.getByText(THANKS).count()).toBe(0);
    expect(await listReportsForEvent(e2e.server.store.db, event.id)).toEqual([]);
  });

  it('Cancel closes without reporting, and a reopened dialog starts fresh', async () => {
    const event = await createEvent(e2e.server.store, { title: 'Changed my mind' });
    const page = await openEvent(event, DESKTOP);
    await openDialog(page);
    await dialog(page).getByRole('radio', { name: 'Spam or Duplicate' }).check();
    await dialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog(page).waitFor({ state: 'detached' });
    // Radix gives focus back a task after the dialog leaves the page.
    await expect.poll(() => focusIsOnReportButton(page)).toBe(true);
    expect(await listReportsForEvent(e2e.server.store.db, event.id)).toEqual([]);

    await openDialog(page);
    expect(await dialog(page).getByRole('radio', { name: 'Spam or Duplicate' }).isChecked()).toBe(false);
  });

  it('asks for a reason when none is chosen', async () => {
    const event = await createEvent(e2e.server.store, { title: 'No reason yet' });
    const page = await openEvent(event, DESKTOP);
    await openDialog(page);
    await dialog(page).getByRole('button', { name: 'Submit Report' }).click();
    await dialog(page).getByText('Please choose a reason.').waitFor();
    expect(
      await dialog(page)
        .getByRole('radio', { name: 'Incorrect Information' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await dialog(page).getByRole('radio', { name: 'Harmful Content' }).check();
    expect(await dialog(page).getByText('Please choose a reason.').count()).toBe(0);
    expect(await listReportsForEvent(e2e.server.store.db, event.id)).toEqual([]);
  });

  it('submits: "Submitting..." while busy, then closes and shows the thank-you banner', async () => {
    const event = await createEvent(e2e.server.store, { title: 'Wrong date on this one' });
    const page = await openEvent(event, PHONE);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(isReportCall, async (route) => {
      await held;
      await route.continue();
    });
    await openDialog(page);
    await dialog(page).getByRole('radio', { name: 'Incorrect Information' }).check();
    await dialog(page).getByRole('button', { name: 'Submit Report' }).click();
    const busy = dialog(page).getByRole('button', { name: 'Submitting...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();

    await dialog(page).waitFor({ state: 'detached' });
    await page.getByText(THANKS).waitFor();
    // Radix gives focus back a task after the dialog leaves the page.
    await expect.poll(() => focusIsOnReportButton(page)).toBe(true);
    const reports = await listReportsForEvent(e2e.server.store.db, event.id);
    expect(reports.map((r) => [r.reported_by, r.reason, r.status])).toEqual([
      [reporter.id, 'wrong_info', 'open'],
    ]);
    await screenshot(page, 'report-thanks-phone');
    await expectNoA11yViolations(page);

    // Reporting again is accepted without a second report.
    await openDialog(page);
    await dialog(page).getByRole('radio', { name: 'Spam or Duplicate' }).check();
    await dialog(page).getByRole('button', { name: 'Submit Report' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    expect(await listReportsForEvent(e2e.server.store.db, event.id)).toHaveLength(1);
  });

  it('shows a short error inside the dialog when the report fails, and keeps it open', async () => {
    const event = await createEvent(e2e.server.store, { title: 'Server trouble' });
    const page = await openEvent(event, DESKTOP);
    await page.route(isReportCall, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong on our side.' } }),
      }),
    );
    await openDialog(page);
    await dialog(page).getByRole('radio', { name: 'Spam or Duplicate' }).check();
    await dialog(page).getByRole('button', { name: 'Submit Report' }).click();
    const alert = dialog(page).getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Could not send your report. Please try again.');
    expect(await dialog(page).getByRole('radio', { name: 'Spam or Duplicate' }).isChecked()).toBe(true);
    expect(await dialog(page).getByRole('button', { name: 'Submit Report' }).isEnabled()).toBe(true);
    expect(await page.getByText(THANKS).count()).toBe(0);
    await screenshot(page, 'report-failed-desktop');
    await expectNoA11yViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'report-failed-desktop-dark');
    await expectNoA11yViolations(page, 'report dialog (desktop, dark)');

    // The rate limit explains itself.
    await page.unroute(isReportCall);
    await page.route(isReportCall, (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'rate_limited',
            message: 'You have sent 20 reports this hour, the most we accept. Please try again later.',
          },
        }),
      }),
    );
    await dialog(page).getByRole('button', { name: 'Submit Report' }).click();
    await dialog(page).getByText('You have sent 20 reports this hour').waitFor();

    // A retry that works closes the dialog and thanks.
    await page.unroute(isReportCall);
    await dialog(page).getByRole('button', { name: 'Submit Report' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await page.getByText(THANKS).waitFor();
    expect(await listReportsForEvent(e2e.server.store.db, event.id)).toHaveLength(1);
  });

  it('says so and offers only Close when the event was removed while the dialog was open', async () => {
    const event = await createEvent(e2e.server.store, { title: 'Taken down meanwhile' });
    const page = await openEvent(event, PHONE);
    await openDialog(page);
    await dialog(page).getByRole('radio', { name: 'Harmful Content' }).check();
    await e2e.server.store.db
      .updateTable('events')
      .set({ status: 'removed' })
      .where('id', '=', event.id)
      .execute();
    await dialog(page).getByRole('button', { name: 'Submit Report' }).click();
    const notice = dialog(page).getByRole('status');
    await notice.getByText('This event can no longer be reported.').waitFor();
    expect(await notice.textContent()).toContain("doesn't exist or has been removed");
    // Sending it again cannot work: one Close button replaces Cancel and Submit Report, and has focus.
    expect(await dialog(page).getByRole('button', { name: 'Submit Report' }).count()).toBe(0);
    expect(await dialog(page).getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    expect(await dialog(page).getByRole('radio', { name: 'Spam or Duplicate' }).isDisabled()).toBe(true);
    const close = dialog(page).getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' });
    await expect.poll(() => close.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectNoA11yViolations(page, 'report dialog, event gone');
    await screenshot(page, 'report-gone-phone');
    await close.click();
    await dialog(page).waitFor({ state: 'detached' });
    expect(await page.getByText(THANKS).count()).toBe(0);
    expect(await listReportsForEvent(e2e.server.store.db, event.id)).toEqual([]);

    // The page no longer shows the event as live: it shows what a visitor gets for a removed event.
    const notFound = page.getByRole('heading', { level: 1, name: 'Event Not Found' });
    await notFound.waitFor();
    expect(
      await page.getByText("The event you're looking for doesn't exist or has been removed.").isVisible(),
    ).toBe(true);
    expect(await page.getByRole('heading', { name: event.title }).count()).toBe(0);
    expect(await reportButton(page).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Back to Events' }).getAttribute('href')).toBe('/');
    // Focus went with the Report button; it lands on the message rather than on <body>.
    await expect
      .poll(() => notFound.evaluate((el) => el.closest('[tabindex="-1"]')?.contains(document.activeElement)))
      .toBe(true);
    expect(await page.title()).toBe('Event Not Found · Palestine Solidarity Calendar');
    await expectNoA11yViolations(page, 'event page after the report found it gone');
    await screenshot(page, 'report-gone-then-not-found-phone');
  });
});
