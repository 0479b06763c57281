import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REMOVAL_REASON, PAST_EVENT_REMOVAL_REASON } from '../common/moderationEnums';
import type { EventRow, UserRow } from '../server/store/schema';
import { setUserRole } from '../server/store/users';
import { apiClient, signedIn, signedInModerator } from '../server/testing/api';
import {
  createEvent,
  createModerator,
  createPasswordAccount,
  createReport,
  createUser,
  sessionCookieFor,
} from '../server/testing/factories';
import { logOf as logIn, statusOf as storedStatus } from '../server/testing/rows';
import { SUCCESS_SHOWN_MS } from '../web/features/moderation/lib/feedback';
import {
  DESKTOP,
  type E2E,
  expectNoA11yViolations,
  gotoBrowserRendered,
  PHONE,
  screenshot,
  startE2E,
} from './support/browser';

const DAY = 24 * 3600 * 1000;
let e2e: E2E;
let moderator: UserRow;
let modCookie: string;
let userCookie: string;
let other: UserRow;
let otherCookie: string;

beforeAll(async () => {
  e2e = await startE2E();
  const s = e2e.server.store;
  ({ user: moderator, cookie: modCookie } = await signedInModerator(s, {
    name: 'Mona Moderator',
    email: 'mona@example.org',
  }));
  userCookie = (await signedIn(s)).cookie;
  ({ user: other, cookie: otherCookie } = await signedInModerator(s, {
    name: 'Omar Other',
    email: 'omar@example.org',
  }));
});
afterAll(() => e2e.close());

const db = () => e2e.server.store.db;
const { call } = apiClient(() => e2e.server);
const statusOf = (id: string) => storedStatus(e2e.server.store, id);
const logOf = (id: string) => logIn(e2e.server.store, id);

async function openDashboard(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const page = await e2e.newPage({ viewport, cookie: modCookie });
  await page.goto('/moderation');
  await page.getByRole('heading', { name: 'Moderation Dashboard' }).waitFor();
  return page;
}

const card = (page: Page, title: string) =>
  page.getByTestId('moderation-card').filter({ has: page.getByText(title, { exact: true }) });
/** The selected event's actions, in the detail panel shown (beside the list, or under the card on a phone). */
const actions = (page: Page) => page.getByTestId('moderation-actions').filter({ visible: true });
const count = (page: Page, tab: string) => page.getByTestId(`count-${tab}`).textContent();

/** Where focus is after an event left the list: the card now selected, the tab, or elsewhere. */
const focusAfterDecision = (tab: Locator) =>
  tab.evaluate((tabElement) => {
    const active = document.activeElement;
    if (active === tabElement) return 'tab';
    return active?.matches('button[data-event-id][aria-pressed="true"]') ? 'next card' : 'other';
  });

/** A second moderator acts on an event through the API, as from their own browser, and succeeds. */
async function otherModeratorActs(eventId: string, action: string, body: unknown = {}) {
  const response = await call(`/api/moderation/events/${eventId}/${action}`, otherCookie, body);
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Requests the page sends to one moderation action (`/remove`, `/reject`…). */
function countActionCalls(page: Page, action: string): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith(`/${action}`)) calls++;
  });
  return () => calls;
}

describe('access states, in order', () => {
  it('shows a loading notice while the session is checked, then Access Denied to visitors', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/session', async (route) => {
      await held;
      await route.continue();
    });
    // The session is asked only by a page the browser renders itself (the server renders the dashboard's
    // address with the answer): from such a page, to the dashboard the app's own way.
    await gotoBrowserRendered(page, '/no-such-page');
    await page.evaluate(() => {
      window.history.pushState({}, '', '/moderation');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByText('Checking your access to the moderation dashboard…').waitFor();
    release();
    await page.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();
    expect(await page.getByText('You need to sign in to access this page.').isVisible()).toBe(true);
    // Signing in comes back to the dashboard (docs/PRODUCT.md#sign-in).
    expect(await page.getByRole('link', { name: 'Sign In' }).last().getAttribute('href')).toBe(
      '/auth?next=%2Fmoderation',
    );
    await expectNoA11yViolations(page, 'moderation, visitor, phone');
    await screenshot(page, 'moderation-visitor-phone');
  });

  it('tells a signed-in user that moderator access is required', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await e2e.newPage({ viewport, cookie: userCookie });
      await page.goto('/moderation');
      await page.getByRole('heading', { level: 1, name: 'Moderator Access Required' }).waitFor();
      expect(
        await page.getByText("You don't have permission to access the moderation dashboard.").isVisible(),
      ).toBe(true);
      expect(await page.getByRole('tab').count()).toBe(0);
      await expectNoA11yViolations(page, `moderation, user, ${viewport.width}`);
    }
  });
});

describe('empty dashboard', () => {
  it('shows the three empty states and counts of 0', async () => {
    const page = await openDashboard();
    expect(await page.getByTestId('moderator-email').textContent()).toBe('mona@example.org');
    expect(await page.getByTestId('moderator-role').textContent()).toBe('Moderator');
    await page.getByRole('heading', { name: 'No Pending Events' }).waitFor();
    expect(await page.getByText('All submissions have been reviewed.').isVisible()).toBe(true);
    await expect.poll(() => count(page, 'pending')).toBe('0');
    await page.getByRole('tab', { name: /Reported Events/ }).click();
    await page.getByRole('heading', { name: 'No Reported Events' }).waitFor();
    expect(await page.getByText('No events have been reported yet.').isVisible()).toBe(true);
    await page.getByRole('tab', { name: /All Events/ }).click();
    await page.getByRole('heading', { name: 'No Events', exact: true }).waitFor();
    await screenshot(page, 'moderation-empty-desktop');
  });
});

describe('working through the queue', () => {
  let pendingA: EventRow;
  let pendingB: EventRow;
  let pendingC: EventRow;
  let reportedA: EventRow;
  let reportedB: EventRow;
  let past: EventRow;
  let upcoming: EventRow;

  beforeAll(async () => {
    const s = e2e.server.store;
    const now = Date.now();
    pendingA = await createEvent(s, {
      status: 'pending',
      title: 'Vigil for Gaza',
      type: 'protest',
      city: 'Dublin',
      country: 'Ireland',
      organizer: 'Dublin Solidarity Group',
      description: 'A candle-lit vigil outside the city hall.',
      sourceLink: 'https://example.org/vigil',
      createdAt: now - 3000,
      startsAt: now + 7 * DAY,
      timezone: 'UTC',
    });
    pendingB = await createEvent(s, {
      status: 'pending',
      title: 'Dabke workshop',
      type: 'cultural',
      createdAt: now - 2000,
      startsAt: now + 7 * DAY + 3600_000,
    });
    pendingC = await createEvent(s, {
      status: 'pending',
      title: 'Online teach-in',
      type: 'digital',
      createdAt: now - 1000,
      startsAt: now + 7 * DAY + 2 * 3600_000,
    });
    reportedA = await createEvent(s, { title: 'Film screening', type: 'cultural' });
    reportedB = await createEvent(s, { title: 'Book club', type: 'educational' });
    const r1 = await createUser(s);
    const r2 = await createUser(s);
    await createReport(s, {
      eventId: reportedA.id,
      reportedBy: r1.id,
      reason: 'wrong_info',
      createdAt: now - 500,
    });
    await createReport(s, {
      eventId: reportedA.id,
      reportedBy: r2.id,
      reason: 'harmful_content',
      createdAt: now - 100,
    });
    await createReport(s, { eventId: reportedB.id, reportedBy: r1.id, reason: 'spam', createdAt: now - 800 });
    past = await createEvent(s, { title: 'Last month’s march', startsAt: now - 30 * DAY });
    upcoming = await createEvent(s, { title: 'Next month’s march', startsAt: now + 30 * DAY });
  });

  it('shows four skeleton cards while a list loads', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP, cookie: modCookie });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/moderation/events?**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/moderation');
    const skeletons = page.getByTestId('moderation-skeletons');
    await skeletons.waitFor();
    expect(await skeletons.locator(':scope > div').count()).toBe(4);
    release();
    await card(page, 'Vigil for Gaza').waitFor();
  });

  it('lists pending events soonest first with tab counts and full cards', async () => {
    const page = await openDashboard();
    expect(await page.getByRole('tab', { name: /Pending Events/ }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await expect.poll(() => count(page, 'pending')).toBe('3');
    await expect.poll(() => count(page, 'reported')).toBe('2');
    await expect.poll(() => count(page, 'approved')).toBe('4');
    // The reported count is a red badge when above zero.
    expect(await page.getByTestId('count-reported').getAttribute('class')).toContain('bg-danger-600');

    const titles = await page.getByTestId('moderation-card').locator('[id^="title-"]').allTextContents();
    // Soonest first: a week from now, an hour later, two hours later.
    expect(titles).toEqual(['Vigil for Gaza', 'Dabke workshop', 'Online teach-in']);
    const vigil = card(page, 'Vigil for Gaza');
    const text = await vigil.textContent();
    for (const part of ['Protest/Rally', 'Pending', 'Dublin, Ireland', 'Submitted '])
      expect(text).toContain(part);
    expect(text).toMatch(/\w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M/);
    expect(await card(page, 'Dabke workshop').textContent()).toContain('Cultural');
    expect(await card(page, 'Online teach-in').textContent()).toContain('Digital');

    // Nothing selected yet.
    await page.getByRole('heading', { name: 'Select an Event' }).waitFor();
    await expectNoA11yViolations(page, 'moderation pending, desktop');
    await screenshot(page, 'moderation-pending-desktop');
  });

  it('selects and deselects a card by click and by keyboard, showing details and actions', async () => {
    const page = await openDashboard();
    const vigil = card(page, 'Vigil for Gaza');
    const toggle = vigil.getByRole('button', { pressed: false }).first();
    await toggle.click();
    expect(await vigil.getByRole('button').first().getAttribute('aria-pressed')).toBe('true');
    for (const name of ['Approve', 'Approve & Verify', 'Reject']) {
      expect(await actions(page).getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    }
    const panel = page.getByTestId('detail-panel').filter({ visible: true });
    await panel.waitFor();
    const detail = await panel.textContent();
    for (const part of [
      'A candle-lit vigil outside the city hall.',
      'Dublin, Ireland',
      'Dublin Solidarity Group',
      'Submitted ',
    ]) {
      expect(detail).toContain(part);
    }
    const source = panel.getByRole('link', { name: /View Source Link/ });
    expect(await source.getAttribute('href')).toBe('https://example.org/vigil');
    expect(await source.getAttribute('target')).toBe('_blank');
    expect(await source.getAttribute('rel')).toBe('noopener noreferrer');
    await screenshot(page, 'moderation-selected-desktop');

    // Keyboard: Enter deselects, Space selects again.
    await vigil.getByRole('button').first().focus();
    await page.keyboard.press('Enter');
    expect(await vigil.getByRole('button').first().getAttribute('aria-pressed')).toBe('false');
    expect(await actions(page).count()).toBe(0);
    await page.getByRole('heading', { name: 'Select an Event' }).waitFor();
    await page.keyboard.press('Space');
    expect(await vigil.getByRole('button').first().getAttribute('aria-pressed')).toBe('true');

    // The details beside the list are reached from the selected card without tabbing through every
    // later card: the card's own controls, then "Go to its details and actions".
    const skip = page.getByRole('button', { name: 'Go to its details and actions' });
    expect(await skip.count()).toBe(1);
    for (let i = 0; i < 10 && !(await skip.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    expect(await skip.isVisible()).toBe(true);
    await screenshot(page, 'moderation-skip-to-details-desktop');
    await page.keyboard.press('Enter');
    const aside = page.getByRole('complementary', { name: 'Event details' });
    await expect.poll(() => aside.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.activeElement?.closest('aside')?.getAttribute('aria-label')),
    ).toBe('Event details');
    await expectNoA11yViolations(page, 'moderation, details reached by keyboard');
  });

  it('approves an event; the list and counts refresh', async () => {
    const page = await openDashboard();
    const dabke = card(page, 'Dabke workshop');
    await dabke.getByRole('button').first().click();
    await actions(page).getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByText('“Dabke workshop” was approved.').waitFor();
    await expect.poll(() => card(page, 'Dabke workshop').count()).toBe(0);
    await expect.poll(() => count(page, 'pending')).toBe('2');
    await expect.poll(() => count(page, 'approved')).toBe('5');
    // The next event is selected, and has the focus.
    const teachIn = card(page, 'Online teach-in').getByRole('button').first();
    await expect.poll(() => teachIn.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => teachIn.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await statusOf(pendingB.id)).toBe('approved');
  });

  it('disables the buttons of an event while its action is in flight, then approves and verifies', async () => {
    const page = await openDashboard();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/approve', async (route) => {
      await held;
      await route.continue();
    });
    const teachIn = card(page, 'Online teach-in');
    await teachIn.getByRole('button').first().click();
    await actions(page).getByRole('button', { name: 'Approve & Verify' }).click();
    for (const name of ['Approve', 'Approve & Verify', 'Reject']) {
      await expect
        .poll(() => actions(page).getByRole('button', { name, exact: true }).isDisabled())
        .toBe(true);
    }
    release();
    await page.getByText('“Online teach-in” was approved and marked as verified.').waitFor();
    const row = await db()
      .selectFrom('events')
      .selectAll()
      .where('id', '=', pendingC.id)
      .executeTakeFirstOrThrow();
    expect([row.status, row.verified]).toEqual(['approved', 1]);
  });

  it('rejects with a required reason in a modal that traps focus and closes on Escape', async () => {
    const page = await openDashboard(PHONE);
    const vigil = card(page, 'Vigil for Gaza');
    await vigil.getByRole('button').first().click();
    await actions(page).getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject Event' });
    await dialog.waitFor();
    const submit = dialog.getByRole('button', { name: 'Reject Event' });
    expect(await submit.isDisabled()).toBe(true);
    const reason = dialog.getByLabel(/Reason for rejection/);
    await reason.fill('   ');
    expect(await submit.isDisabled()).toBe(true);
    // Focus stays inside the dialog.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await expectNoA11yViolations(page, 'reject dialog, phone');
    await screenshot(page, 'moderation-reject-dialog-phone');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await statusOf(pendingA.id)).toBe('pending');

    // Cancel closes it too.
    await actions(page).getByRole('button', { name: 'Reject', exact: true }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await actions(page).getByRole('button', { name: 'Reject', exact: true }).click();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/reject', async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByLabel(/Reason for rejection/).fill('  This is a duplicate of an existing listing.  ');
    expect(await dialog.getByRole('button', { name: 'Reject Event' }).isDisabled()).toBe(false);
    await dialog.getByRole('button', { name: 'Reject Event' }).click();
    await dialog.getByRole('button', { name: 'Rejecting...' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Rejecting...' }).isDisabled()).toBe(true);
    release();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByText('“Vigil for Gaza” was rejected.', { exact: false }).waitFor();
    await page.getByRole('heading', { name: 'No Pending Events' }).waitFor();
    expect(await statusOf(pendingA.id)).toBe('rejected');
    expect(await logOf(pendingA.id)).toMatchObject([
      {
        action: 'rejected',
        reason: 'This is a duplicate of an existing listing.',
        moderator_id: moderator.id,
      },
    ]);
  });

  it('shows reported events with reports, the first reason by its label (as in the panel), and every report in the panel', async () => {
    const page = await openDashboard(PHONE);
    await page.getByRole('tab', { name: /Reported Events/ }).click();
    const film = card(page, 'Film screening');
    await film.waitFor();
    const titles = await page.getByTestId('moderation-card').locator('[id^="title-"]').allTextContents();
    expect(titles).toEqual(['Film screening', 'Book club']);
    const text = await film.textContent();
    for (const part of ['Cultural', 'Reported', '2 reports', 'Reason: Harmful Content'])
      expect(text).toContain(part);
    expect(await card(page, 'Book club').textContent()).toContain('Reason: Spam or Duplicate');
    await film.getByRole('button').first().click();
    for (const name of ['Remove Event', 'Dismiss Report']) {
      expect(await actions(page).getByRole('button', { name }).isVisible()).toBe(true);
    }
    // On a phone the details open right under the selected card.
    const panel = page.getByTestId('detail-panel').filter({ visible: true });
    expect(await panel.count()).toBe(1);
    const cardBox = await film.boundingBox();
    const panelBox = await panel.boundingBox();
    expect(panelBox && cardBox && panelBox.y > cardBox.y + cardBox.height - 1).toBe(true);
    expect(panelBox && cardBox && panelBox.y < cardBox.y + cardBox.height + 40).toBe(true);
    const detail = await panel.textContent();
    expect(detail).toContain('Reports (2)');
    expect(detail).toContain('Harmful Content');
    expect(detail).toContain('Incorrect Information');
    expect(detail?.match(/Reported \w{3} \d/g)).toHaveLength(2);
    await expectNoA11yViolations(page, 'moderation reported, phone');
    await screenshot(page, 'moderation-reported-phone');
  });

  it('opens the tab its address names (an email about a report links to ?tab=reported), and keeps the tab chosen there', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP, cookie: modCookie });
    await page.goto('/moderation?tab=reported');
    await card(page, 'Film screening').waitFor();
    expect(await page.getByRole('tab', { name: /Reported Events/ }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.getByRole('tab', { name: /Pending Events/ }).click();
    await page.waitForURL((url) => !url.searchParams.has('tab'));
    await page.getByRole('tab', { name: /All Events/ }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'approved');
    await page.reload();
    expect(await page.getByRole('tab', { name: /All Events/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('dismisses the reports of one event', async () => {
    const page = await openDashboard();
    await page.getByRole('tab', { name: /Reported Events/ }).click();
    const book = card(page, 'Book club');
    await book.getByRole('button').first().click();
    await actions(page).getByRole('button', { name: 'Dismiss Report' }).click();
    await page.getByText('The reports on “Book club” were dismissed.').waitFor();
    await expect.poll(() => count(page, 'reported')).toBe('1');
    expect(await statusOf(reportedB.id)).toBe('approved');
    expect(await logOf(reportedB.id)).toEqual([]);
  });

  it('removes a reported event only after a confirmation with an editable, required reason', async () => {
    const page = await openDashboard();
    await page.getByRole('tab', { name: /Reported Events/ }).click();
    const film = card(page, 'Film screening');
    await film.getByRole('button').first().click();
    const removeButton = actions(page).getByRole('button', { name: 'Remove Event' });
    await removeButton.click();
    const dialog = page.getByRole('dialog', { name: 'Remove this event?' });
    await dialog.waitFor();
    const description = await dialog.textContent();
    expect(description).toContain('“Film screening” will leave every public list');
    expect(description).toContain('transparency log');
    const reason = dialog.getByLabel(/Reason for removal/);
    // Pre-filled with the standard reason, and the field has focus.
    expect(await reason.inputValue()).toBe(DEFAULT_REMOVAL_REASON);
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await reason.getAttribute('maxlength')).toBe('1000');

    // Cancel leaves the event in place and gives focus back to the button.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => removeButton.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await statusOf(reportedA.id)).toBe('approved');
    expect(await logOf(reportedA.id)).toEqual([]);
    expect(await film.isVisible()).toBe(true);

    // An empty reason cannot be submitted: not by the button, not by Enter-to-submit.
    await removeButton.click();
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Remove Event' });
    await reason.fill('   ');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByText('Enter a reason, or choose Cancel.').waitFor();
    expect(await reason.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'moderation-remove-empty-desktop');
    await reason.evaluate((el) => (el as HTMLTextAreaElement).form?.requestSubmit());
    expect(await dialog.isVisible()).toBe(true);
    expect(await statusOf(reportedA.id)).toBe('approved');

    // Edit the reason and confirm: 'Removing...' while the request is in flight.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/remove', async (route) => {
      await held;
      await route.continue();
    });
    const edited = 'Removed after reports: the venue cancelled and the organiser confirmed it.';
    await reason.fill(edited);
    expect(await confirm.isDisabled()).toBe(false);
    await expectNoA11yViolations(page, 'remove dialog, desktop');
    await screenshot(page, 'moderation-remove-dialog-desktop');
    await reason.fill(`  ${edited}\n `);
    await confirm.click();
    const busy = dialog.getByRole('button', { name: 'Removing...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    release();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByText('“Film screening” was removed from the calendar.').waitFor();
    await page.getByRole('heading', { name: 'No Reported Events' }).waitFor();
    await expect.poll(() => count(page, 'reported')).toBe('0');
    expect(await page.getByTestId('count-reported').getAttribute('class')).not.toContain('bg-danger-600');
    // The card went with the event: focus lands on the tab, not lost at the top of the page.
    const reportedTab = page.getByRole('tab', { name: /Reported Events/ });
    await expect.poll(() => reportedTab.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await statusOf(reportedA.id)).toBe('removed');
    expect(await logOf(reportedA.id)).toMatchObject([
      { action: 'removed', reason: edited, moderator_id: moderator.id },
    ]);

    // The transparency log shows the reason as the moderator wrote it.
    await page.goto('/log');
    const entry = page.getByTestId('log-entry').filter({ hasText: 'Film screening' });
    await entry.waitFor();
    expect(await entry.textContent()).toContain('Event Removed After Publication');
    expect(await entry.textContent()).toContain(edited);
  });

  it('works by keyboard alone: Enter opens, Escape cancels, Tab and Enter confirm', async () => {
    const s = e2e.server.store;
    const poetry = await createEvent(s, { title: 'Poetry evening', type: 'cultural' });
    await createReport(s, { eventId: poetry.id, reportedBy: (await createUser(s)).id, reason: 'spam' });
    const page = await openDashboard(PHONE);
    const reportedTab = page.getByRole('tab', { name: /Reported Events/ });
    await reportedTab.focus();
    await page.keyboard.press('Enter');
    const poem = card(page, 'Poetry evening');
    await poem.waitFor();
    await poem.getByRole('button').first().focus();
    await page.keyboard.press('Enter');
    const removeButton = actions(page).getByRole('button', { name: 'Remove Event' });
    await removeButton.waitFor();
    // What a screen reader names it (without the key hint, which is aria-hidden).
    const focused = () =>
      page.evaluate(() => {
        const copy = document.activeElement?.cloneNode(true) as HTMLElement | undefined;
        for (const hidden of copy?.querySelectorAll('[aria-hidden="true"]') ?? []) hidden.remove();
        return copy?.textContent?.trim() ?? '';
      });
    // Tab from the card goes through the details, the source link, then the actions: Remove Event first.
    const passed: string[] = [];
    for (let i = 0; i < 10 && (await focused()) !== 'Remove Event'; i++) {
      await page.keyboard.press('Tab');
      passed.push(await focused());
    }
    expect(await focused()).toBe('Remove Event');
    expect(passed.some((text) => text.startsWith('View Source Link'))).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Remove this event?' });
    await dialog.waitFor();
    await expectNoA11yViolations(page, 'remove dialog, phone');
    await screenshot(page, 'moderation-remove-dialog-phone');
    // Focus is trapped inside.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => removeButton.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await statusOf(poetry.id)).toBe('approved');

    // Again, and confirm: the reason field, then Cancel, then Remove Event.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    const reason = dialog.getByLabel(/Reason for removal/);
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Cancel');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Remove Event');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByText('“Poetry evening” was removed from the calendar.').waitFor();
    expect(await statusOf(poetry.id)).toBe('removed');
    expect(await logOf(poetry.id)).toMatchObject([{ action: 'removed', reason: DEFAULT_REMOVAL_REASON }]);
  });

  it('says so when another moderator removed the event first, offers only Close, and the card goes', async () => {
    const s = e2e.server.store;
    const gone = await createEvent(s, { title: 'Already handled' });
    await createReport(s, { eventId: gone.id, reportedBy: (await createUser(s)).id });
    const page = await openDashboard(PHONE);
    const removeCalls = countActionCalls(page, 'remove');
    const reportedTab = page.getByRole('tab', { name: /Reported Events/ });
    await reportedTab.click();
    const item = card(page, 'Already handled');
    await item.getByRole('button').first().click();
    const reportedBefore = Number(await count(page, 'reported'));
    expect(reportedBefore).toBeGreaterThan(0);
    await actions(page).getByRole('button', { name: 'Remove Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this event?' });
    await dialog.waitFor();
    // Another moderator removes it meanwhile, with their own reason.
    await otherModeratorActs(gone.id, 'remove', { reason: 'Duplicate of the listing from last week.' });
    await dialog.getByRole('button', { name: 'Remove Event' }).click();

    const outcome = dialog.getByText('Nothing was changed.');
    await outcome.waitFor();
    const notice = dialog.getByRole('status');
    expect(await notice.textContent()).toBe(
      'Nothing was changed. This event has already been removed, possibly by another moderator. The lists have been refreshed.',
    );
    // No retry: Cancel and Remove Event are replaced by one Close button, which has focus and reads the why.
    expect(await dialog.getByRole('button', { name: 'Remove Event' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    const close = dialog.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' });
    await expect.poll(() => close.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await close.getAttribute('aria-describedby')).toBe(
      await notice.locator('[id]').getAttribute('id'),
    );
    // The reason stays readable (to copy), but Enter-to-submit sends nothing.
    const reason = dialog.getByLabel(/Reason for removal/);
    expect(await reason.getAttribute('readonly')).not.toBeNull();
    await reason.evaluate((el) => (el as HTMLTextAreaElement).form?.requestSubmit());
    expect(removeCalls()).toBe(1);
    await expectNoA11yViolations(page, 'remove dialog after a conflict, phone');
    await screenshot(page, 'moderation-remove-conflict-phone');

    await close.click();
    await expect.poll(() => dialog.count()).toBe(0);
    // The lists and counts were refreshed: the stale card is gone, and the next event is selected and
    // has focus, as after the moderator's own decision (the tab, when none is left).
    expect(await item.count()).toBe(0);
    await expect.poll(() => count(page, 'reported')).toBe(String(reportedBefore - 1));
    await expect.poll(() => focusAfterDecision(reportedTab)).toBe(reportedBefore > 1 ? 'next card' : 'tab');
    // One removal, the other moderator's.
    expect(await statusOf(gone.id)).toBe('removed');
    expect(await logOf(gone.id)).toMatchObject([
      { action: 'removed', reason: 'Duplicate of the listing from last week.', moderator_id: other.id },
    ]);
    expect(e2e.foreignRequests).toEqual([]);
  });

  it('says so in the reject dialog when another moderator approved the event first', async () => {
    const late = await createEvent(e2e.server.store, { status: 'pending', title: 'Approved elsewhere' });
    const page = await openDashboard();
    await page.emulateMedia({ colorScheme: 'dark' });
    const item = card(page, 'Approved elsewhere');
    await item.getByRole('button').first().click();
    const pendingBefore = Number(await count(page, 'pending'));
    await actions(page).getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject Event' });
    await dialog.waitFor();
    await dialog.getByLabel(/Reason for rejection/).fill('Not a solidarity event.');
    await otherModeratorActs(late.id, 'approve', { verified: false });
    await dialog.getByRole('button', { name: 'Reject Event' }).click();
    await dialog.getByText('This event has already been approved, possibly by another moderator.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Reject Event' }).count()).toBe(0);
    // What the moderator wrote is still there to copy.
    expect(await dialog.getByLabel(/Reason for rejection/).inputValue()).toBe('Not a solidarity event.');
    await expectNoA11yViolations(page, 'reject dialog after a conflict, dark');
    await screenshot(page, 'moderation-reject-conflict-dark-desktop');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await item.count()).toBe(0);
    await expect.poll(() => count(page, 'pending')).toBe(String(pendingBefore - 1));
    expect(await statusOf(late.id)).toBe('approved');
    expect(await logOf(late.id)).toEqual([]);
  });

  it('keeps the dialog open with its buttons when the server fails, so the moderator can retry', async () => {
    const s = e2e.server.store;
    const flaky = await createEvent(s, { title: 'Server hiccup' });
    await createReport(s, { eventId: flaky.id, reportedBy: (await createUser(s)).id });
    const page = await openDashboard();
    // Dark from the start: switched later, colours would still be in transition when axe reads them.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('tab', { name: /Reported Events/ }).click();
    const item = card(page, 'Server hiccup');
    await item.getByRole('button').first().click();
    await actions(page).getByRole('button', { name: 'Remove Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this event?' });
    await dialog.waitFor();
    await page.route('**/remove', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong on our side.' } }),
      }),
    );
    await dialog.getByRole('button', { name: 'Remove Event' }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').textContent()).toBe(
      'That did not work: Something went wrong on our side.',
    );
    expect(await dialog.getByRole('button', { name: 'Remove Event' }).isEnabled()).toBe(true);
    await expectNoA11yViolations(page, 'remove dialog with an error, dark');
    await screenshot(page, 'moderation-remove-error-dark-desktop');
    // The retry goes through.
    await page.unroute('**/remove');
    await dialog.getByRole('button', { name: 'Remove Event' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByText('“Server hiccup” was removed from the calendar.').waitFor();
    expect(await statusOf(flaky.id)).toBe('removed');
  });

  it('offers Remove Past Event only for approved events whose date has passed', async () => {
    const page = await openDashboard();
    await page.getByRole('tab', { name: /All Events/ }).click();
    const next = card(page, 'Next month’s march');
    await next.getByRole('button').first().click();
    expect(await actions(page).getByRole('button', { name: 'Remove Past Event' }).count()).toBe(0);
    const old = card(page, 'Last month’s march');
    expect(await old.textContent()).toContain('Past Event');
    expect(await old.textContent()).toContain('Approved');
    await old.getByRole('button').first().click();
    await expectNoA11yViolations(page, 'moderation all events, desktop');
    await screenshot(page, 'moderation-all-desktop');
    await actions(page).getByRole('button', { name: 'Remove Past Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this past event?' });
    await dialog.waitFor();
    expect(await dialog.getByLabel(/Reason for removal/).inputValue()).toBe(PAST_EVENT_REMOVAL_REASON);
    await dialog.getByRole('button', { name: 'Remove Event' }).click();
    await page.getByText('“Last month’s march” was removed as a past event.').waitFor();
    await expect.poll(() => card(page, 'Last month’s march').count()).toBe(0);
    expect(await statusOf(past.id)).toBe('removed');
    expect(await statusOf(upcoming.id)).toBe('approved');
    expect(await logOf(past.id)).toMatchObject([{ action: 'removed', reason: PAST_EVENT_REMOVAL_REASON }]);
  });

  it('says what happened when another moderator approved or dismissed first, and refreshes the lists', async () => {
    const s = e2e.server.store;
    const late = await createEvent(s, { status: 'pending', title: 'Contested event' });
    const nextInLine = await createEvent(s, { status: 'pending', title: 'Next in line' });
    const page = await openDashboard();
    const contested = card(page, 'Contested event');
    await contested.getByRole('button').first().click();
    const pendingBefore = Number(await count(page, 'pending'));
    await otherModeratorActs(late.id, 'approve', { verified: true });
    await actions(page).getByRole('button', { name: 'Approve', exact: true }).click();
    const feedback = page.getByTestId('action-feedback').getByRole('status');
    await feedback.filter({ hasText: 'already been approved' }).waitFor();
    expect(await feedback.textContent()).toBe(
      'Nothing was done to “Contested event”. This event has already been approved, possibly by another moderator. The lists have been refreshed.',
    );
    await expect.poll(() => contested.count()).toBe(0);
    await expect.poll(() => count(page, 'pending')).toBe(String(pendingBefore - 1));
    // The focused Approve button left with its card: the next event is selected and has focus (or the
    // tab, when none is left), not lost at the top of the page.
    const pendingTab = page.getByRole('tab', { name: /Pending Events/ });
    await expect.poll(() => focusAfterDecision(pendingTab)).toBe('next card');
    // Pending counts in later tests do not include it.
    await otherModeratorActs(nextInLine.id, 'approve', { verified: false });
    expect(await logOf(late.id)).toEqual([]);
    await screenshot(page, 'moderation-conflict-desktop');

    // Dismiss Report after another moderator dismissed the reports.
    const reported = await createEvent(s, { title: 'Reports already dismissed' });
    await createReport(s, { eventId: reported.id, reportedBy: (await createUser(s)).id });
    await page.getByRole('tab', { name: /Reported Events/ }).click();
    const item = card(page, 'Reports already dismissed');
    await item.getByRole('button').first().click();
    await otherModeratorActs(reported.id, 'dismiss-reports');
    await actions(page).getByRole('button', { name: 'Dismiss Report' }).click();
    await feedback.filter({ hasText: 'may already have been dismissed by another moderator' }).waitFor();
    await expect.poll(() => item.count()).toBe(0);
    expect(await statusOf(reported.id)).toBe('approved');
    await expectNoA11yViolations(page, 'moderation, conflict message');
    expect(e2e.foreignRequests).toEqual([]);
    // Nothing was done: that stays on screen until the moderator dismisses it.
    await page.waitForTimeout(SUCCESS_SHOWN_MS + 1000);
    expect(await feedback.textContent()).toContain('may already have been dismissed by another moderator');
    await page.getByRole('button', { name: 'Dismiss message' }).click();
    expect(await feedback.count()).toBe(0);

    // A report that came in while the moderator read the others: nothing is closed, and the card shows it.
    const reportedAgain = await createEvent(s, { title: 'Reported again meanwhile' });
    await createReport(s, { eventId: reportedAgain.id, reportedBy: (await createUser(s)).id });
    await page.getByRole('tab', { name: /Pending Events/ }).click();
    await page.getByRole('tab', { name: /Reported Events/ }).click();
    const again = card(page, 'Reported again meanwhile');
    await again.getByText('1 report', { exact: true }).waitFor();
    await again.getByRole('button').first().click();
    await createReport(s, { eventId: reportedAgain.id, reportedBy: (await createUser(s)).id });
    await actions(page).getByRole('button', { name: 'Dismiss Report' }).click();
    await feedback.filter({ hasText: 'A new report came in while you were reading' }).waitFor();
    await again.getByText('2 reports', { exact: true }).waitFor();
    await actions(page).getByRole('button', { name: 'Dismiss Report' }).click();
    await feedback
      .filter({ hasText: '“Reported again meanwhile”' })
      .filter({ hasNotText: 'new report' })
      .waitFor();
    await expect.poll(() => again.count()).toBe(0);
    expect(await statusOf(reportedAgain.id)).toBe('approved');
  });

  it('lets a success go by itself after a while (on a phone it covers the next event), not while it is read', async () => {
    await createEvent(e2e.server.store, { status: 'pending', title: 'Held message' });
    const page = await openDashboard();
    const feedback = page.getByTestId('action-feedback').getByRole('status');
    await card(page, 'Held message').getByRole('button').first().click();
    await actions(page).getByRole('button', { name: 'Approve', exact: true }).click();
    await feedback.filter({ hasText: '“Held message” was approved.' }).waitFor();
    // The pointer on it holds it there.
    await feedback.hover();
    await page.waitForTimeout(SUCCESS_SHOWN_MS + 1000);
    expect(await feedback.textContent()).toBe('“Held message” was approved.');
    await page.mouse.move(5, 5);
    const left = Date.now();
    await feedback.waitFor({ state: 'detached', timeout: SUCCESS_SHOWN_MS + 5000 });
    expect(Date.now() - left).toBeGreaterThan(SUCCESS_SHOWN_MS - 1000);
  });

  it('on a laptop, keeps its message under the list, clear of the next event’s buttons', async () => {
    const s = e2e.server.store;
    await createEvent(s, { status: 'pending', title: 'First in the queue' });
    const next = await createEvent(s, { status: 'pending', title: 'Next in the queue' });
    const page = await openDashboard();
    const feedback = page.getByTestId('action-feedback').getByRole('status');
    // A card is named from its title first (a screen reader's first words), its badges after.
    expect(
      await card(page, 'Next in the queue')
        .getByRole('button', { name: /^Next in the queue Pending Protest\/Rally/ })
        .count(),
    ).toBe(1);
    await card(page, 'First in the queue').getByRole('button').first().click();
    await actions(page).getByRole('button', { name: 'Approve', exact: true }).click();
    await feedback.filter({ hasText: '“First in the queue” was approved.' }).waitFor();
    await actions(page).getByRole('button', { name: 'Reject', exact: true }).waitFor();
    const message = await feedback.boundingBox();
    const panel = await page.getByRole('complementary', { name: 'Event details' }).boundingBox();
    expect(message && panel).toBeTruthy();
    if (message && panel) expect(message.x + message.width).toBeLessThanOrEqual(panel.x);
    await screenshot(page, 'moderation-feedback-laptop');
    // The queue as the next test finds it: nothing of this one left waiting.
    await otherModeratorActs(next.id, 'reject', { reason: 'Not an event' });
  });
});

describe('long lists', () => {
  it('paginates a tab, and reads well in dark mode', async () => {
    const s = e2e.server.store;
    for (let i = 0; i < 21; i++) {
      await createEvent(s, { title: `Queued event ${String(i).padStart(2, '0')}`, status: 'pending' });
    }
    const page = await openDashboard();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => count(page, 'pending')).toBe('21');
    const nav = page.getByRole('navigation', { name: 'Pages' });
    await nav.getByText('Page 1 of 2').waitFor();
    expect(await page.getByTestId('moderation-card').count()).toBe(20);
    expect(await nav.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await nav.getByRole('button', { name: 'Next' }).click();
    await nav.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => page.getByTestId('moderation-card').count()).toBe(1);
    // The new page reads from its first card: the list takes focus.
    await expect
      .poll(() =>
        page.getByRole('list', { name: 'Pending events' }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    const last = page.getByTestId('moderation-card').first();
    await last.getByRole('button').first().click();
    await expectNoA11yViolations(page, 'moderation, dark, page 2');
    await screenshot(page, 'moderation-dark-desktop');
    // Approving the only event of the last page steps back to a page that has events.
    await actions(page).getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => page.getByTestId('moderation-card').count()).toBe(20);
    await expect.poll(() => count(page, 'pending')).toBe('20');
    // The page list goes once the list and its total have both refreshed.
    await expect.poll(() => page.getByRole('navigation', { name: 'Pages' }).count()).toBe(0);
  });
});

describe('when the session ends or the moderator role is taken away while the dashboard is open', () => {
  /** A moderator of their own, signed in at phone width with one pending event on the dashboard. */
  async function openOwnDashboard(name: string, email: string, title: string) {
    const s = e2e.server.store;
    const mod = await createModerator(s, { name, email });
    // Happening soonest: at the top of Pending, whatever else waits.
    const event = await createEvent(s, { status: 'pending', title, startsAt: Date.now() + 3600_000 });
    const page = await e2e.newPage({ viewport: PHONE, cookie: await sessionCookieFor(s, mod) });
    await page.goto('/moderation');
    await page.getByRole('heading', { name: 'Moderation Dashboard' }).waitFor();
    await card(page, title).waitFor();
    return { mod, event, page };
  }

  async function approveIn(page: Page, title: string) {
    const c = card(page, title);
    await c.getByRole('button').first().click();
    await actions(page).getByRole('button', { name: 'Approve', exact: true }).click();
  }

  async function expectNothingChanged(page: Page, event: EventRow) {
    expect(await statusOf(event.id)).toBe('pending');
    expect(await logOf(event.id)).toEqual([]);
    expect(await page.getByRole('tab').count()).toBe(0);
    // No retryable error in its place: neither the action's nor a list's.
    expect(await page.getByText(/Could not act on|could not load this list/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Try Again' }).count()).toBe(0);
  }

  it('signed out elsewhere: Approve leads to Access Denied, and nothing changed', async () => {
    const { mod, event, page } = await openOwnDashboard(
      'Sami Signed-out',
      'sami@example.org',
      'Session ended',
    );
    const approveCalls = countActionCalls(page, 'approve');
    await db().deleteFrom('sessions').where('user_id', '=', mod.id).execute();
    await approveIn(page, event.title);

    await page.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();
    expect(await page.getByText('You need to sign in to access this page.').isVisible()).toBe(true);
    // Signing in comes back to the dashboard (docs/PRODUCT.md#sign-in).
    expect(await page.getByRole('link', { name: 'Sign In' }).last().getAttribute('href')).toBe(
      '/auth?next=%2Fmoderation',
    );
    expect(approveCalls()).toBe(1);
    await expectNothingChanged(page, event);
    await expectNoA11yViolations(page, 'moderation, session ended, phone');
    await screenshot(page, 'moderation-session-ended-phone');
  });

  it('demoted meanwhile: Approve leads to Moderator Access Required, and nothing changed', async () => {
    const { event, page } = await openOwnDashboard('Dana Demoted', 'dana@example.org', 'Role taken away');
    await setUserRole(db(), 'dana@example.org', 'user');
    await approveIn(page, event.title);

    await page.getByRole('heading', { level: 1, name: 'Moderator Access Required' }).waitFor();
    expect(
      await page.getByText("You don't have permission to access the moderation dashboard.").isVisible(),
    ).toBe(true);
    await expectNothingChanged(page, event);
    await expectNoA11yViolations(page, 'moderation, demoted, phone');
    await screenshot(page, 'moderation-demoted-phone');
  });

  it('keeps the typed Reject reason in the tab when the session ended, for after signing in again', async () => {
    const s = e2e.server.store;
    const mod = await createPasswordAccount(s, {
      name: 'Rana Returning',
      email: 'rana@example.org',
      password: 'correct horse battery',
      role: 'moderator',
    });
    const event = await createEvent(s, {
      status: 'pending',
      title: 'Reason kept',
      startsAt: Date.now() + 3600_000,
    });
    const page = await e2e.newPage({ viewport: PHONE, cookie: await sessionCookieFor(s, mod) });
    await page.goto('/moderation');
    const c = card(page, event.title);
    await c.waitFor();
    await c.getByRole('button').first().click();
    await actions(page).getByRole('button', { name: 'Reject', exact: true }).click();
    const reason = page.getByTestId('reason-dialog').getByRole('textbox');
    await reason.fill('Duplicate of the vigil already listed');
    await db().deleteFrom('sessions').where('user_id', '=', mod.id).execute();
    await page.getByTestId('reason-dialog').getByRole('button', { name: 'Reject Event' }).click();

    const denied = page.getByRole('heading', { level: 1, name: 'Access Denied' });
    await denied.waitFor();
    const kept = page.getByTestId('kept-reason');
    expect(await kept.textContent()).toContain('Your reason for rejecting “Reason kept” was not sent.');
    // The text itself is not shown on a signed-out page.
    expect(await kept.textContent()).not.toContain('Duplicate of the vigil');
    // The button that had focus is gone: focus is on the message that replaced the dashboard.
    await expect
      .poll(() => denied.evaluate((el) => el.closest('[tabindex="-1"]')?.contains(document.activeElement)))
      .toBe(true);
    expect(await statusOf(event.id)).toBe('pending');
    expect(await logOf(event.id)).toEqual([]);
    await expectNoA11yViolations(page, 'moderation, session ended with a reason kept, phone');
    await screenshot(page, 'moderation-session-ended-reason-kept-phone');

    // Signing in again in the same tab, and coming back: the dialog opens with the reason.
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await page.getByLabel('Email Address', { exact: true }).fill(mod.email);
    await page.getByLabel('Password', { exact: true }).fill(mod.password);
    await page.locator('form').getByRole('button', { name: 'Sign In', exact: true }).click();
    // Back on the dashboard, where the moderator was.
    await page.waitForURL((url) => url.pathname === '/moderation');
    await c.waitFor();
    await c.getByRole('button').first().click();
    await actions(page).getByRole('button', { name: 'Reject', exact: true }).click();
    await expect.poll(() => reason.inputValue()).toBe('Duplicate of the vigil already listed');
    expect(
      await page
        .getByText('This is the reason you wrote before your session ended. Check it, then confirm.')
        .isVisible(),
    ).toBe(true);
    await page.getByTestId('reason-dialog').getByRole('button', { name: 'Reject Event' }).click();
    await expect.poll(() => statusOf(event.id)).toBe('rejected');
    expect((await logOf(event.id)).map((l) => l.reason)).toEqual(['Duplicate of the vigil already listed']);

    // Handed back once: the next dialog starts afresh.
    const other = await createEvent(s, {
      status: 'pending',
      title: 'Starts afresh',
      startsAt: Date.now() + 3600_000,
    });
    await page.getByRole('tab', { name: /Reported Events/ }).click();
    await page.getByRole('tab', { name: /Pending Events/ }).click();
    const o = card(page, other.title);
    await o.waitFor();
    await o.getByRole('button').first().click();
    await actions(page).getByRole('button', { name: 'Reject', exact: true }).click();
    expect(await reason.inputValue()).toBe('');
  });

  it('demoted meanwhile: a list load leads to Moderator Access Required, not a retryable error', async () => {
    const { event, page } = await openOwnDashboard('Dina Demoted', 'dina@example.org', 'List refused');
    await setUserRole(db(), 'dina@example.org', 'user');
    await page.getByRole('tab', { name: /Reported Events/ }).click();

    await page.getByRole('heading', { level: 1, name: 'Moderator Access Required' }).waitFor();
    await expectNothingChanged(page, event);
  });
});
