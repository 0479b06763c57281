import { beforeAll, describe, expect, it } from 'vitest';
import type { EventRow } from '../server/store/schema';
import { createEvent, createModerator, sessionCookieFor } from '../server/testing/factories';
import { DESKTOP, expectNoA11yViolations, PHONE, screenshot, setupE2E } from './support/browser';

// Moderators act on any published event (docs/PRODUCT.md#moderation): All Events searches, Verify and
// Remove Verification with a public log entry, the audit trail in the detail panel, and the same
// actions on the event's own page.

const e2e = setupE2E();
let mistake: EventRow;
let film: EventRow;
let cookie: string;

beforeAll(async () => {
  const s = e2e.server.store;
  cookie = await sessionCookieFor(s, await createModerator(s, { name: 'Rana Moderator' }));
  mistake = await createEvent(s, { title: 'Verified by mistake', verified: true });
  await createEvent(s, { title: 'Dabke night in Ramallah', city: 'Ramallah', country: 'Palestine' });
  film = await createEvent(s, { title: 'Film screening' });
});

describe('All Events', () => {
  it('finds an event by its words and takes its mark away; the history and the log say so', async () => {
    for (const [viewport, label] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await e2e.newPage({ viewport, cookie });
      await page.goto('/moderation');
      await page.getByRole('tab', { name: /All Events/ }).click();
      await page.getByLabel('Search all events').fill('dabke ramallah');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const cards = page.getByTestId('moderation-card');
      await expect.poll(() => cards.count()).toBe(1);
      expect(await cards.first().textContent()).toContain('Dabke night in Ramallah');
      await expectNoA11yViolations(page, `all events search ${label}`);
      await screenshot(page, `moderation-all-search-${label}`);
      await page.getByRole('button', { name: 'Clear' }).click();
      await expect.poll(() => cards.count()).toBe(3);
    }

    const page = await e2e.newPage({ viewport: DESKTOP, cookie });
    await page.goto('/moderation');
    await page.getByRole('tab', { name: /All Events/ }).click();
    await page.getByLabel('Search all events').fill('mistake');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const card = page.getByTestId('moderation-card').filter({ hasText: 'Verified by mistake' });
    await card.getByRole('button').first().click();
    await card.getByRole('button', { name: 'Remove Verification' }).click();
    await page.getByText('“Verified by mistake” is no longer marked as verified.').waitFor();
    await card.getByRole('button', { name: 'Verify', exact: true }).waitFor();
    const history = page.getByTestId('audit-trail').filter({ visible: true });
    await history.getByText('Verification removed').waitFor();
    expect(await history.textContent()).toContain('Rana Moderator');
    await expectNoA11yViolations(page, 'all events with history');
    await screenshot(page, 'moderation-all-history-desktop');

    await page.goto('/log');
    await page.getByRole('heading', { name: 'Verification Removed' }).first().waitFor();
  });
});

describe('the event page, for a moderator', () => {
  it('verifies the event from its page', async () => {
    const page = await e2e.newPage({ viewport: PHONE, cookie });
    await page.goto(`/event/${mistake.id}`);
    const panel = page.getByTestId('owner-panel');
    await panel.getByRole('heading', { name: 'Manage this event' }).waitFor();
    await panel.getByRole('button', { name: 'Verify', exact: true }).click();
    await panel.getByText('The event is marked as verified; the transparency log says so.').waitFor();
    await panel.getByRole('button', { name: 'Remove verification' }).waitFor();
    await expectNoA11yViolations(page, 'event page for a moderator');
    await screenshot(page, 'event-moderator-panel-phone');
  });

  it('removes the event from its page, with a reason', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP, cookie });
    await page.goto(`/event/${film.id}`);
    await page.getByTestId('owner-panel').getByRole('button', { name: 'Remove event' }).click();
    const dialog = page.getByTestId('owner-dialog');
    const confirm = dialog.getByRole('button', { name: 'Remove event' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Reason for removal').fill('The screening is a commercial advert');
    await expectNoA11yViolations(page, 'remove dialog');
    await confirm.click();
    await page.getByText('This event was removed by the moderators and is no longer public.').waitFor();
    const visitor = await e2e.newPage({ viewport: DESKTOP });
    await visitor.goto(`/event/${film.id}`);
    await visitor.getByRole('heading', { level: 1, name: 'Event Not Found' }).waitFor();
  });
});
