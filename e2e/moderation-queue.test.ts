import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REMOVAL_REASON } from '../common/moderationEnums';
import type { EventRow } from '../server/store/schema';
import { apiClient, signedInModerator } from '../server/testing/api';
import { createEvent, createReport, createUser } from '../server/testing/factories';
import arCommon from '../web/locales/ar/common.json';
import {
  DESKTOP,
  type E2E,
  expectNoA11yViolations,
  LOOKS,
  PHONE,
  screenshot,
  startE2E,
} from './support/browser';

// Working through the queue (docs/PRODUCT.md#moderation-dashboard): soonest first, the next event
// selected after each action and the place kept, the keys, queue health. A database of its own, so the
// queue holds exactly what these tests put in it.
const HOUR = 3600 * 1000;
let e2e: E2E;
let modCookie: string;

beforeAll(async () => {
  e2e = await startE2E();
  modCookie = (await signedInModerator(e2e.server.store)).cookie;
});
afterAll(() => e2e.close());

const db = () => e2e.server.store.db;
const { call } = apiClient(() => e2e.server);
const rowOf = (id: string) =>
  db().selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const cards = (page: Page) => page.getByTestId('moderation-card');
// By its title line: the queue's titles differ by a number only, so each card also names its
// neighbours as possible duplicates.
const cardButton = (page: Page, title: string) =>
  cards(page)
    .filter({ has: page.locator('[id^="title-"]').getByText(title, { exact: true }) })
    .getByRole('button')
    .first();
const titles = (page: Page) => cards(page).locator('[id^="title-"]').allTextContents();
const isFocused = (page: Page, title: string) =>
  cardButton(page, title).evaluate((el) => el === document.activeElement);

/** The card of `title` is the selected one, and has the focus. */
async function expectSelected(page: Page, title: string) {
  await expect.poll(() => cardButton(page, title).getAttribute('aria-pressed')).toBe('true');
  await expect.poll(() => isFocused(page, title)).toBe(true);
  expect(await cards(page).locator('button[aria-pressed="true"]').count()).toBe(1);
}

/** Pending events submitted in one order and happening in another; the first one has already begun. */
async function queue(n: number, prefix: string): Promise<EventRow[]> {
  const now = Date.now();
  const events: EventRow[] = [];
  for (let i = 0; i < n; i++) {
    // Submitted i minutes ago; happening in a shuffled order, 5 hours apart (one already under way).
    const slot = (i * 7) % n;
    events.push(
      await createEvent(e2e.server.store, {
        status: 'pending',
        title: `${prefix} ${String(i + 1).padStart(2, '0')}`,
        startsAt: now - HOUR + slot * 5 * HOUR,
        createdAt: now - (i + 1) * 60_000,
        timezone: 'UTC',
      }),
    );
  }
  return events.sort((a, b) => a.starts_at - b.starts_at);
}

async function clearQueue() {
  await db().updateTable('events').set({ status: 'rejected' }).where('status', '=', 'pending').execute();
}

describe('the queue, by keyboard only', () => {
  it('works through 20 pending events soonest first: J/K move, A, V and R act, the next event is selected each time', async () => {
    await clearQueue();
    const ordered = await queue(20, 'Keyboard queue');
    const page = await e2e.newPage({ viewport: DESKTOP, cookie: modCookie });
    await page.goto('/moderation');
    await cards(page).first().waitFor();
    expect(await titles(page)).toEqual(ordered.map((e) => e.title));

    // Queue health: 20 wait, the oldest for 20 minutes, and those starting within 48 hours (one begun).
    const soon = ordered.filter((e) => e.starts_at < Date.now() + 48 * HOUR).length;
    await expect.poll(() => page.getByTestId('health-waiting').textContent()).toBe('Waiting 20');
    expect(await page.getByTestId('health-oldest').textContent()).toMatch(/^Oldest waiting for 2\d minutes$/);
    expect(await page.getByTestId('health-soon').textContent()).toBe(`Happening within 48 hours ${soon}`);

    // No key acts while typing in a field, or with Ctrl held.
    await page.getByLabel('Order').focus();
    await page.keyboard.press('j');
    await page.keyboard.press('Control+a');
    expect(await cards(page).locator('button[aria-pressed="true"]').count()).toBe(0);

    // J selects the first, J the next, K goes back; ArrowDown in the list moves too.
    // Back to the tab (the panel is no focus stop), where the keys work.
    await page.keyboard.press('Shift+Tab');
    expect(
      await page.getByRole('tab', { name: /Pending Events/ }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('j');
    await expectSelected(page, ordered[0]!.title);
    await page.keyboard.press('j');
    await expectSelected(page, ordered[1]!.title);
    await page.keyboard.press('k');
    await expectSelected(page, ordered[0]!.title);
    await page.keyboard.press('ArrowDown');
    await expectSelected(page, ordered[1]!.title);
    await page.keyboard.press('ArrowUp');
    await expectSelected(page, ordered[0]!.title);
    await expectNoA11yViolations(page, 'queue by keyboard');

    // A preset reason another moderator keeps, chosen in the Reject dialog and then edited.
    const preset = 'A duplicate of another listing for the same march.';
    const added = await call('/api/moderation/reasons', modCookie, { kind: 'reject', text: preset });
    expect(added.status).toBe(201);
    await page.reload();
    await cards(page).first().waitFor();
    await page.keyboard.press('j');
    await expectSelected(page, ordered[0]!.title);
    const reason = `${preset} Please add to that one.`;
    for (let i = 0; i < ordered.length; i++) {
      const event = ordered[i]!;
      await expectSelected(page, event.title);
      if (i === 3) {
        // R asks for a reason: the letters typed go to the field, not to the keys.
        await page.keyboard.press('r');
        const dialog = page.getByRole('dialog', { name: 'Reject Event' });
        await dialog.waitFor();
        // From the reason back to the preset list, choose the first, then edit the reason it filled in.
        await page.keyboard.press('Shift+Tab');
        await page.keyboard.press('ArrowDown');
        const field = dialog.getByRole('textbox', { name: /Reason for rejection/ });
        await expect.poll(() => field.inputValue()).toBe(preset);
        await page.keyboard.press('Tab');
        await page.keyboard.press('End');
        await page.keyboard.type(' Please add to that one.');
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
        await expect.poll(() => dialog.count()).toBe(0);
      } else {
        await page.keyboard.press(i % 5 === 1 ? 'v' : 'a');
      }
      await expect.poll(() => cardButton(page, event.title).count()).toBe(0);
      const next = ordered[i + 1];
      if (next) await expectSelected(page, next.title);
      // Nothing else happened to the events still waiting.
      if (next) expect((await rowOf(next.id)).status).toBe('pending');
    }
    await page.getByRole('heading', { name: 'No Pending Events' }).waitFor();
    await expect.poll(() => page.getByTestId('health-waiting').textContent()).toBe('Waiting 0');

    const rows = await Promise.all(ordered.map((e) => rowOf(e.id)));
    expect(rows.map((r) => r.status)).toEqual(ordered.map((_, i) => (i === 3 ? 'rejected' : 'approved')));
    expect(rows.map((r) => r.verified)).toEqual(ordered.map((_, i) => (i !== 3 && i % 5 === 1 ? 1 : 0)));
    const log = await db()
      .selectFrom('transparency_log')
      .selectAll()
      .where('event_id', '=', ordered[3]!.id)
      .execute();
    expect(log).toMatchObject([{ action: 'rejected', reason }]);
    expect(e2e.foreignRequests).toEqual([]);
  });

  it('removes with X and dismisses with D on the Reported tab', async () => {
    const s = e2e.server.store;
    const reporter = await createUser(s);
    const first = await createEvent(s, { title: 'Reported first' });
    const second = await createEvent(s, { title: 'Reported second' });
    await createReport(s, { eventId: first.id, reportedBy: reporter.id, createdAt: Date.now() });
    await createReport(s, { eventId: second.id, reportedBy: reporter.id, createdAt: Date.now() - 1000 });
    const page = await e2e.newPage({ viewport: DESKTOP, cookie: modCookie });
    await page.goto('/moderation');
    await page.getByRole('tab', { name: /Reported Events/ }).click();
    await cards(page).first().waitFor();
    await page.keyboard.press('j');
    await expectSelected(page, 'Reported first');
    // A (approve) is not an action of a reported event: nothing happens.
    await page.keyboard.press('a');
    await page.keyboard.press('x');
    const dialog = page.getByRole('dialog', { name: 'Remove this event?' });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox').inputValue()).toBe(DEFAULT_REMOVAL_REASON);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    await expectSelected(page, 'Reported second');
    await page.keyboard.press('d');
    await page.getByText('The reports on “Reported second” were dismissed.').waitFor();
    expect((await rowOf(first.id)).status).toBe('removed');
    expect((await rowOf(second.id)).status).toBe('approved');
  });

  it("offers the standard removal reason in the moderator's language, and stores it in the spec's words", async () => {
    await clearQueue();
    const event = await createEvent(e2e.server.store, { title: 'Reported, removed in Arabic' });
    await createReport(e2e.server.store, {
      eventId: event.id,
      reportedBy: (await createUser(e2e.server.store)).id,
    });
    const page = await e2e.newPage({ viewport: DESKTOP, cookie: modCookie });
    await page.goto('/moderation?lang=ar');
    await page.locator('[role="tab"]').nth(1).click();
    await cards(page).first().waitFor();
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    const dialog = page.getByTestId('reason-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox').inputValue()).toBe(arCommon.standardReasons.reports);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    const log = await db()
      .selectFrom('transparency_log')
      .select('reason')
      .where('event_id', '=', event.id)
      .execute();
    // The public figures group removals by it, whatever language the moderator read it in.
    expect(log).toEqual([{ reason: DEFAULT_REMOVAL_REASON }]);
  });

  it('lists the keys in a dialog that ? opens, Escape closes and that gives focus back', async () => {
    await clearQueue();
    await queue(3, 'Help queue');
    const page = await e2e.newPage({ viewport: DESKTOP, cookie: modCookie });
    await page.goto('/moderation');
    await cards(page).first().waitFor();
    // The tab panel is no focus stop of its own: from the tab, Tab reaches the order control.
    await page.getByRole('tab', { name: /Pending Events/ }).focus();
    await page.keyboard.press('Tab');
    expect(await page.getByLabel('Order').evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('j');
    await expectSelected(page, 'Help queue 01');
    await page.keyboard.press('Shift+?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    for (const text of [
      'Select the next event',
      'Approve & Verify',
      'Reject (asks for a reason)',
      'Show these keys',
    ]) {
      expect(await dialog.getByText(text).count()).toBe(1);
    }
    // While it is open the keys do nothing.
    await page.keyboard.press('a');
    await expectNoA11yViolations(page, 'keyboard shortcuts dialog');
    await screenshot(page, 'moderation-shortcuts-desktop');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => isFocused(page, 'Help queue 01')).toBe(true);
    expect(
      (
        await rowOf(
          (
            await db()
              .selectFrom('events')
              .select('id')
              .where('title', '=', 'Help queue 01')
              .executeTakeFirstOrThrow()
          ).id,
        )
      ).status,
    ).toBe('pending');

    // Its button, the visible twin of the key.
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keyboard shortcuts');
  });

  it('orders by newest submission on request, kept in the address', async () => {
    await clearQueue();
    const ordered = await queue(4, 'Sorted queue');
    const page = await e2e.newPage({ viewport: DESKTOP, cookie: modCookie });
    await page.goto('/moderation');
    await cards(page).first().waitFor();
    expect(await titles(page)).toEqual(ordered.map((e) => e.title));
    await page.getByLabel('Order').selectOption('submitted');
    await expect.poll(() => new URL(page.url()).search).toBe('?sort=submitted');
    const newest = ['Sorted queue 01', 'Sorted queue 02', 'Sorted queue 03', 'Sorted queue 04'];
    await expect.poll(() => titles(page)).toEqual(newest);
    await page.reload();
    await cards(page).first().waitFor();
    expect(await titles(page)).toEqual(newest);
    expect(await page.getByLabel('Order').inputValue()).toBe('submitted');
  });
});

describe('preset reasons', () => {
  it('are added, edited and deleted in the dashboard, and offered in the Remove dialog', async () => {
    await db().deleteFrom('preset_reasons').execute();
    const page = await e2e.newPage({ viewport: PHONE, cookie: modCookie });
    await page.goto('/moderation');
    await page.getByRole('heading', { name: 'Moderation Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Preset reasons' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preset reasons' });
    await dialog.waitFor();
    expect(await dialog.getByText('None yet.').count()).toBe(2);
    await dialog.getByLabel('For', { exact: true }).selectOption('remove');
    await dialog.getByLabel('New reason').fill('Cancelled by its organisers.');
    await dialog.getByRole('button', { name: 'Add' }).click();
    // In the list (the field may still hold it a moment, until the save is confirmed).
    const listed = (text: string) => dialog.getByRole('listitem').filter({ hasText: text });
    await listed('Cancelled by its organisers.').waitFor();
    await dialog.getByLabel('New reason').fill('Spam');
    await dialog.getByLabel('For', { exact: true }).selectOption('reject');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await listed('Spam').waitFor();
    await dialog.getByRole('button', { name: 'Edit “Cancelled by its organisers.”' }).click();
    await dialog.getByLabel('Edit the reason').fill('Cancelled by its organisers: nothing takes place.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await listed('Cancelled by its organisers: nothing takes place.').waitFor();
    await dialog.getByRole('button', { name: 'Delete “Spam”' }).click();
    await expect.poll(() => dialog.getByText('Spam', { exact: true }).count()).toBe(0);
    await expectNoA11yViolations(page, 'preset reasons dialog, phone');
    await screenshot(page, 'moderation-presets-phone');
    expect(await db().selectFrom('preset_reasons').select(['kind', 'text']).execute()).toEqual([
      { kind: 'remove', text: 'Cancelled by its organisers: nothing takes place.' },
    ]);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    // Focus goes back to the button that opened it, not to the page's start.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Preset reasons');

    // The Remove dialog of a reported event offers it; choosing it fills the reason, still editable.
    const event = await createEvent(e2e.server.store, { title: 'Reported with a preset' });
    await createReport(e2e.server.store, {
      eventId: event.id,
      reportedBy: (await createUser(e2e.server.store)).id,
    });
    await page.reload();
    await page.getByRole('tab', { name: /Reported Events/ }).click();
    await cardButton(page, 'Reported with a preset').click();
    await page
      .getByTestId('moderation-actions')
      .filter({ visible: true })
      .getByRole('button', { name: 'Remove Event' })
      .click();
    const remove = page.getByRole('dialog', { name: 'Remove this event?' });
    await remove
      .getByLabel('Preset reason')
      .selectOption({ label: 'Cancelled by its organisers: nothing takes place.' });
    const field = remove.getByRole('textbox', { name: /Reason for removal/ });
    expect(await field.inputValue()).toBe('Cancelled by its organisers: nothing takes place.');
    await field.fill('Cancelled by its organisers: the hall closed.');
    await expectNoA11yViolations(page, 'remove dialog with presets, phone');
    await screenshot(page, 'moderation-remove-preset-phone');
    await remove.getByRole('button', { name: 'Remove Event' }).click();
    await expect.poll(() => remove.count()).toBe(0);
    const log = await db()
      .selectFrom('transparency_log')
      .selectAll()
      .where('event_id', '=', event.id)
      .execute();
    expect(log).toMatchObject([
      { action: 'removed', reason: 'Cancelled by its organisers: the hall closed.' },
    ]);
  });
});

describe('on a phone', () => {
  it('keeps the place after an action: the next card is shown where the acted one was, not the top of the page', async () => {
    await clearQueue();
    const ordered = await queue(8, 'Phone queue');
    const page = await e2e.newPage({ viewport: PHONE, cookie: modCookie });
    await page.goto('/moderation');
    await cards(page).first().waitFor();
    // No "Select an Event" box under the list: on a phone the selected event opens under its card.
    expect(await page.getByRole('heading', { name: 'Select an Event' }).isVisible()).toBe(false);
    const acted = ordered[4]!;
    const next = ordered[5]!;
    await cardButton(page, acted.title).click();
    const where = async (title: string) =>
      cardButton(page, title).evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const placeBefore = await where(acted.title);
    // The actions come after the description and the source link, under the card.
    const approve = page
      .getByTestId('moderation-actions')
      .filter({ visible: true })
      .getByRole('button', { name: 'Approve', exact: true });
    await approve.scrollIntoViewIfNeeded();
    await screenshot(page, 'moderation-queue-selected-phone');
    await approve.click();
    await expect.poll(() => cardButton(page, acted.title).count()).toBe(0);
    await expectSelected(page, next.title);
    // In the acted card's place, in view, below the sticky header, and the page is not back at its top.
    expect(Math.abs((await where(next.title)) - placeBefore)).toBeLessThan(4);
    const box = await cardButton(page, next.title).boundingBox();
    expect(box && box.y >= 0 && box.y < PHONE.height / 2).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await expectNoA11yViolations(page, 'queue after an action, phone');
    await screenshot(page, 'moderation-queue-next-phone');
  });
});

describe('looks', () => {
  it('shows queue health and the selected card in light, dark and Arabic, phone and desktop', async () => {
    await clearQueue();
    await queue(5, 'Looks queue');
    for (const { label, viewport, colorScheme, lang } of LOOKS) {
      const page = await e2e.newPage({ viewport, cookie: modCookie, colorScheme });
      await page.goto(`/moderation?lang=${lang}`);
      await cards(page).first().waitFor();
      await page.getByTestId('health-waiting').waitFor();
      await page.keyboard.press('j');
      await page.keyboard.press('j');
      await expect.poll(() => cards(page).locator('button[aria-pressed="true"]').count()).toBe(1);
      await expectNoA11yViolations(page, `queue ${label} ${colorScheme} ${lang}`);
      await screenshot(page, `moderation-queue-${label}-${colorScheme}-${lang}`);
    }
  });
});
