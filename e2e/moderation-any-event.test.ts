import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventEditState } from '../common/schemas/ownership';
import type { EventRow } from '../server/store/schema';
import { apiClient, signedIn, signedInModerator } from '../server/testing/api';
import { createEvent } from '../server/testing/factories';
import { DESKTOP, expectNoA11yViolations, PHONE, screenshot, setupE2E } from './support/browser';

// Moderators act on any published event (docs/PRODUCT.md#moderation): All Events searches, Verify and
// Remove Verification with a public log entry, Edit, Cancel, Postpone and going ahead after all, the
// audit trail in the detail panel, and the same actions on the event's own page.

const e2e = setupE2E();
const { call, answer } = apiClient(() => e2e.server);
let mistake: EventRow;
let film: EventRow;
let vigil: EventRow;
let march: EventRow;
let teachIn: EventRow;
let moderatorId: string;
let cookie: string;
let otherCookie: string;

beforeAll(async () => {
  const s = e2e.server.store;
  const moderator = await signedInModerator(s, { name: 'Rana Moderator' });
  moderatorId = moderator.user.id;
  cookie = moderator.cookie;
  otherCookie = (await signedInModerator(s, { name: 'Omar Moderator' })).cookie;
  mistake = await createEvent(s, { title: 'Verified by mistake', verified: true });
  await createEvent(s, { title: 'Dabke night in Ramallah', city: 'Ramallah', country: 'Palestine' });
  film = await createEvent(s, { title: 'Film screening' });
  vigil = await createEvent(s, { title: 'Vigil at the town hall' });
  march = await createEvent(s, { title: 'March for Gaza' });
  teachIn = await createEvent(s, { title: 'Teach-in on the blockade' });
});

/** The selected event's actions, in the detail panel shown (beside the list, or under the card on a phone). */
const actions = (page: Page) => page.getByTestId('moderation-actions').filter({ visible: true });

/** The dashboard's All Events, searched for `words`, with the one card found selected. */
async function openInAllEvents(page: Page, words: string, title: string) {
  await page.goto('/moderation');
  await page.getByRole('tab', { name: /All Events/ }).click();
  await page.getByLabel('Search all events').fill(words);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const card = page.getByTestId('moderation-card').filter({ hasText: title });
  await card.getByRole('button', { pressed: false }).first().click();
  await actions(page).waitFor();
  return card;
}

const rowOf = (id: string) =>
  e2e.server.store.db
    .selectFrom('events')
    .select(['schedule', 'schedule_note', 'version', 'title'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const auditOf = (id: string) =>
  e2e.server.store.db
    .selectFrom('moderation_audit')
    .select(['action', 'note', 'moderator_id'])
    .where('event_id', '=', id)
    .orderBy('created_at')
    .execute();

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
      await expect.poll(() => cards.count()).toBe(6);
    }

    const page = await e2e.newPage({ viewport: DESKTOP, cookie });
    await page.goto('/moderation');
    await page.getByRole('tab', { name: /All Events/ }).click();
    await page.getByLabel('Search all events').fill('mistake');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const card = page.getByTestId('moderation-card').filter({ hasText: 'Verified by mistake' });
    await card.getByRole('button').first().click();
    await actions(page).getByRole('button', { name: 'Remove Verification' }).click();
    await page.getByText('“Verified by mistake” is no longer marked as verified.').waitFor();
    await actions(page).getByRole('button', { name: 'Verify', exact: true }).waitFor();
    const history = page.getByTestId('audit-trail').filter({ visible: true });
    await history.getByText('Verification removed').waitFor();
    expect(await history.textContent()).toContain('Rana Moderator');
    await expectNoA11yViolations(page, 'all events with history');
    await screenshot(page, 'moderation-all-history-desktop');

    await page.goto('/log');
    await page.getByRole('heading', { name: 'Verification Removed' }).first().waitFor();
  });
});

describe('All Events: Edit, Cancel, Postpone, going ahead after all', () => {
  it('cancels an event with a note for attendees, which its public page shows, then puts it back', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP, cookie });
    const card = await openInAllEvents(page, 'vigil town hall', 'Vigil at the town hall');
    await actions(page).getByRole('button', { name: 'Cancel Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this event?' });
    await dialog.waitFor();
    // Straight to the note, which is optional: the dialog's own Cancel Event is ready at once.
    const note = dialog.getByLabel('Note for attendees (optional)');
    await expect.poll(() => note.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Cancel Event' }).isDisabled()).toBe(false);
    await note.fill('The council closed the square. We meet again next month.');
    await expectNoA11yViolations(page, 'cancel dialog');
    await screenshot(page, 'moderation-all-cancel-dialog-desktop');
    await dialog.getByRole('button', { name: 'Cancel Event' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByText('“Vigil at the town hall” is marked cancelled.').waitFor();

    // The card shows its new state, and offers to put it back; focus is on the card.
    await actions(page).getByRole('button', { name: 'Going Ahead After All' }).waitFor();
    expect(await card.getByText('Cancelled', { exact: true }).count()).toBe(1);
    expect(await card.locator('time').getAttribute('class')).toContain('line-through');
    expect(await actions(page).getByRole('button', { name: 'Cancel Event' }).count()).toBe(0);
    expect(await actions(page).getByRole('button', { name: 'Postpone' }).count()).toBe(0);
    await expect
      .poll(() => card.getByRole('button', { pressed: true }).evaluate((el) => el === document.activeElement))
      .toBe(true);
    expect(await rowOf(vigil.id)).toMatchObject({
      schedule: 'cancelled',
      schedule_note: 'The council closed the square. We meet again next month.',
    });
    expect(await auditOf(vigil.id)).toEqual([
      {
        action: 'schedule_cancelled',
        note: 'The council closed the square. We meet again next month.',
        moderator_id: moderatorId,
      },
    ]);
    const history = page.getByTestId('audit-trail').filter({ visible: true });
    await history.getByText('Marked cancelled').waitFor();
    await expectNoA11yViolations(page, 'all events, a cancelled event');
    await screenshot(page, 'moderation-all-cancelled-desktop');

    const visitor = await e2e.newPage({ viewport: PHONE });
    await visitor.goto(`/event/${vigil.id}`);
    await visitor.getByText('The council closed the square. We meet again next month.').waitFor();
    await visitor.getByText('Cancelled', { exact: true }).first().waitFor();

    // Going ahead after all: nothing to write, only to confirm.
    await actions(page).getByRole('button', { name: 'Going Ahead After All' }).click();
    const back = page.getByRole('dialog', { name: 'Is it going ahead after all?' });
    await back.waitFor();
    expect(await back.getByRole('textbox').count()).toBe(0);
    await expectNoA11yViolations(page, 'going ahead dialog');
    await back.getByRole('button', { name: 'It Is Going Ahead' }).click();
    await page.getByText('“Vigil at the town hall” is going ahead as planned again.').waitFor();
    await actions(page).getByRole('button', { name: 'Cancel Event' }).waitFor();
    expect(await card.getByText('Cancelled', { exact: true }).count()).toBe(0);
    expect(await card.locator('time').getAttribute('class')).toBeNull();
    expect(await rowOf(vigil.id)).toMatchObject({ schedule: 'scheduled', schedule_note: null });
    expect((await auditOf(vigil.id)).map((e) => e.action)).toEqual([
      'schedule_cancelled',
      'schedule_reinstated',
    ]);
    await visitor.reload();
    await visitor.getByRole('heading', { level: 1, name: 'Vigil at the town hall' }).waitFor();
    expect(await visitor.getByText('The council closed the square.').count()).toBe(0);
  });

  it('postpones an event on a phone, without a note, and the list keeps it', async () => {
    const page = await e2e.newPage({ viewport: PHONE, cookie });
    const card = await openInAllEvents(page, 'march gaza', 'March for Gaza');
    await screenshot(page, 'moderation-all-actions-phone');
    const countBefore = await page.getByTestId('count-approved').textContent();
    await actions(page).getByRole('button', { name: 'Postpone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Postpone this event?' });
    await dialog.waitFor();
    await expectNoA11yViolations(page, 'postpone dialog, phone');
    await screenshot(page, 'moderation-all-postpone-dialog-phone');
    // Changed their mind: nothing is sent.
    await dialog.getByRole('button', { name: 'Keep It as It Is' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await rowOf(march.id)).schedule).toBe('scheduled');

    await actions(page).getByRole('button', { name: 'Postpone' }).click();
    await dialog.getByRole('button', { name: 'Postpone Event' }).click();
    await page.getByText('“March for Gaza” is marked postponed.').waitFor();
    await actions(page).getByRole('button', { name: 'Going Ahead After All' }).waitFor();
    expect(await card.getByText('Postponed', { exact: true }).count()).toBe(1);
    expect(await rowOf(march.id)).toMatchObject({ schedule: 'postponed', schedule_note: null });
    expect(await page.getByTestId('count-approved').textContent()).toBe(countBefore);
    await expectNoA11yViolations(page, 'all events, a postponed event, phone');
    await screenshot(page, 'moderation-all-postponed-phone');
  });

  it('says so when the event changed since the list was loaded, and changes nothing', async () => {
    const page = await e2e.newPage({ viewport: PHONE, cookie });
    const card = await openInAllEvents(page, 'teach-in blockade', 'Teach-in on the blockade');
    await actions(page).getByRole('button', { name: 'Cancel Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this event?' });
    await dialog.getByLabel('Note for attendees (optional)').fill('Speaker unwell');
    // Another moderator verifies it meanwhile: its version moves on.
    const { version } = await rowOf(teachIn.id);
    const other = await call(`/api/moderation/events/${teachIn.id}/verify`, otherCookie, {
      verified: true,
      version,
    });
    expect(other.status, await other.clone().text()).toBe(200);
    await dialog.getByRole('button', { name: 'Cancel Event' }).click();

    const notice = dialog.getByRole('status');
    await dialog.getByText('Nothing was changed.').waitFor();
    expect(await notice.textContent()).toContain('This event changed since you opened it');
    expect(await notice.textContent()).toContain('The lists have been refreshed.');
    expect(await dialog.getByRole('button', { name: 'Cancel Event' }).count()).toBe(0);
    // The note stays, to copy.
    expect(await dialog.getByLabel('Note for attendees (optional)').inputValue()).toBe('Speaker unwell');
    await expectNoA11yViolations(page, 'cancel dialog after a conflict, phone');
    await screenshot(page, 'moderation-all-cancel-conflict-phone');
    await dialog.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await rowOf(teachIn.id)).schedule).toBe('scheduled');
    // The refreshed card shows the other moderator's change; trying again now works.
    await card.getByText('Verified', { exact: true }).waitFor();
    await actions(page).getByRole('button', { name: 'Cancel Event' }).click();
    await dialog.getByRole('button', { name: 'Cancel Event' }).click();
    await page.getByText('“Teach-in on the blockade” is marked cancelled.').waitFor();
    expect((await rowOf(teachIn.id)).schedule).toBe('cancelled');
  });

  it('opens the edit page from the card', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP, cookie });
    await openInAllEvents(page, 'march gaza', 'March for Gaza');
    await actions(page).getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit event' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/event/${march.id}/edit`);
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

  it("sends the moderator to decide on its submitter's waiting change before editing", async () => {
    const s = e2e.server.store;
    const organiser = await signedIn(s);
    const event = await createEvent(s, {
      title: 'Vigil with a change waiting',
      createdBy: organiser.user.id,
    });
    const state = await answer<EventEditState>(`/api/events/${event.id}/edit`, organiser.cookie);
    await answer(`/api/events/${event.id}/edit`, organiser.cookie, {
      ...state.values,
      title: 'Vigil, new time',
      version: state.version,
    });
    const page = await e2e.newPage({ viewport: PHONE, cookie });
    await page.goto(`/event/${event.id}/edit`);
    await page.getByRole('heading', { level: 1, name: 'Edit event' }).waitFor();
    await page
      .getByText(
        'Its submitter proposed changes that are waiting for review. Accept or reject them in Pending Events first, then edit.',
      )
      .waitFor();
    expect(await page.getByLabel(/Event title/).count()).toBe(0);
    await expectNoA11yViolations(page, 'edit page for a moderator, a change waiting');
    await screenshot(page, 'edit-moderator-change-waiting-phone');
    await page.getByRole('link', { name: 'Open Pending Events' }).click();
    await page.getByRole('tab', { name: /Pending Events/, selected: true }).waitFor();
    await page
      .getByTestId('moderation-card')
      .filter({ hasText: 'Vigil with a change waiting' })
      .first()
      .waitFor();
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
