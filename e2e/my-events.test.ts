import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../server/store/schema';
import { apiClient } from '../server/testing/api';
import {
  createEvent,
  createPasswordAccount,
  createUser,
  sessionCookieFor,
} from '../server/testing/factories';
import { DESKTOP, expectNoA11yViolations, PHONE, screenshot, setupE2E } from './support/browser';
import { fillSubmitForm, looks, organiserAndModerator } from './support/organiser';

// Organisers own their events (docs/PRODUCT.md#my-events), walked as people do it: submit, approved,
// propose a change, the moderator compares and accepts it, cancel; rejected and resubmitted; withdrawn;
// and back where one was going after signing in.

const e2e = setupE2E();
const { call } = apiClient(() => e2e.server);
let organiser: UserRow;
let organiserCookie: string;
let moderatorCookie: string;

beforeAll(async () => {
  const s = e2e.server.store;
  const people = await organiserAndModerator(s, 'Nour Organiser');
  ({ user: organiser, cookie: organiserCookie } = people.organiser);
  moderatorCookie = people.moderator.cookie;
});

const myEvent = (page: Page, title: string) =>
  page.getByTestId('my-event').filter({ has: page.getByRole('link', { name: title, exact: true }) });
const moderationCard = (page: Page, title: string) =>
  page.getByTestId('moderation-card').filter({ has: page.getByText(title, { exact: true }) });
/** The selected event's actions, in the dashboard's detail panel. */
const moderationActions = (page: Page) => page.getByTestId('moderation-actions').filter({ visible: true });

async function openMyEvents(page: Page): Promise<void> {
  await page.goto('/my-events');
  await page.getByRole('heading', { level: 1, name: 'My events' }).waitFor();
}

describe('an organiser’s event', () => {
  it('goes from submitted to published, takes a change the moderator accepts, and is cancelled', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP, cookie: organiserCookie });
    await page.goto('/submit');
    await fillSubmitForm(page, {
      title: 'Vigil at the library',
      description: 'Candles and names read aloud.',
      date: '2031-05-17',
      time: '18:30',
    });
    await page.getByRole('button', { name: 'Submit Event for Review' }).click();
    await page.getByRole('heading', { name: 'Event Submitted!' }).waitFor();

    // The account menu leads to My events, where it waits for review.
    await page.getByRole('button', { name: 'Account menu for Nour Organiser' }).click();
    await page.getByRole('menuitem', { name: 'My events' }).click();
    await page.getByRole('heading', { level: 1, name: 'My events' }).waitFor();
    const row = myEvent(page, 'Vigil at the library');
    await row.getByText('Pending review').waitFor();
    expect(await row.getByRole('button', { name: 'Withdraw' }).isVisible()).toBe(true);

    const moderator = await e2e.newPage({ viewport: DESKTOP, cookie: moderatorCookie });
    await moderator.goto('/moderation');
    const card = moderationCard(moderator, 'Vigil at the library');
    await card.getByRole('button').first().click();
    await moderationActions(moderator).getByRole('button', { name: 'Approve', exact: true }).click();
    await moderator.getByText('“Vigil at the library” was approved.').waitFor();

    await openMyEvents(page);
    await row.getByText('Published').waitFor();
    await expectNoA11yViolations(page, '/my-events');
    await looks(page, 'my-events-desktop');

    // A change to a published event waits for review; the published one stays.
    await row.getByRole('link', { name: 'Propose changes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Propose changes' }).waitFor();
    expect(await page.getByLabel('Event Title').inputValue()).toBe('Vigil at the library');
    expect(await page.getByLabel('Event Time').inputValue()).toBe('18:30');
    await expectNoA11yViolations(page, 'edit page');
    await looks(page, 'edit-event-desktop');
    await page.getByLabel('Event Title').fill('Vigil at the central library');
    await page.getByLabel('Event Time').fill('19:00');
    await page.getByLabel('Event Description').fill('Candles and names read aloud by the families.');
    await page.getByRole('button', { name: 'Send changes for review' }).click();
    await page.getByRole('heading', { level: 1, name: 'Vigil at the library' }).waitFor();
    const panel = page.getByTestId('owner-panel');
    await panel.getByText('Your changes are waiting for review', { exact: false }).first().waitFor();
    // Said once, as the news of what was just done, not again under it.
    expect(await panel.getByText('Your changes are waiting for review', { exact: false }).count()).toBe(1);
    expect(await panel.getByText('Your changes are sent for review.').count()).toBe(0);
    await looks(page, 'event-owner-panel-desktop');

    // The moderator finds it in Pending as Changed, compares field by field, and accepts it.
    await moderator.goto('/moderation');
    const changed = moderationCard(moderator, 'Vigil at the library');
    await changed.getByText('Changed', { exact: true }).waitFor();
    await changed.getByRole('button').first().click();
    const comparison = moderator.getByTestId('change-comparison').filter({ visible: true });
    expect(await comparison.getByTestId('change-field-title').textContent()).toContain(
      'Vigil at the central library',
    );
    // Times as the page's language writes them; the description's new words marked, not the whole struck.
    const time = comparison.getByTestId('change-field-time');
    expect(await time.textContent()).toContain('6:30 PM');
    expect(await time.textContent()).toContain('7:00 PM');
    const description = comparison.getByTestId('change-field-description');
    expect(await description.locator('ins').allTextContents()).toEqual(['[added:  by the families]']);
    expect(await description.locator('del').count()).toBe(0);
    expect(await description.locator('.line-through').count()).toBe(0);
    expect(await comparison.getByTestId('change-field-city').count()).toBe(0);
    await expectNoA11yViolations(moderator, 'moderation with a change');
    await screenshot(moderator, 'moderation-change-desktop');
    await moderationActions(moderator).getByRole('button', { name: 'Accept Changes' }).click();
    await moderator.getByText('The changes to “Vigil at the library” are published.').waitFor();

    // The public page has the change; its submitter cancels it, with a note.
    const visitor = await e2e.newPage({ viewport: PHONE });
    const eventPath = new URL(page.url()).pathname;
    await visitor.goto(eventPath);
    await visitor.getByRole('heading', { level: 1, name: 'Vigil at the central library' }).waitFor();
    expect(await visitor.getByTestId('owner-panel').count()).toBe(0);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Vigil at the central library' }).waitFor();
    // Closed without acting, a dialog gives focus back to its button (it has no Radix trigger).
    await page.getByRole('button', { name: 'Postpone' }).click();
    await page.getByTestId('owner-dialog').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Postpone');
    await page.getByRole('button', { name: 'Cancel event' }).click();
    const dialog = page.getByTestId('owner-dialog');
    await dialog.getByLabel('Note for attendees (optional)').fill('Library closed that evening');
    await expectNoA11yViolations(page, 'cancel dialog');
    await dialog.getByRole('button', { name: 'Cancel event' }).click();
    await page.getByTestId('schedule-banner').waitFor();
    expect(await page.getByTestId('schedule-banner').textContent()).toBe('This event has been cancelled.');
    await page.getByText('Library closed that evening').waitFor();
    await page.getByText('The event is marked cancelled.').waitFor();
    // Its button went with the action: focus is on what the owner can do now, not back at the top.
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-testid="owner-panel"]')))
      .toBe(true);
    await visitor.reload();
    await visitor.getByTestId('schedule-banner').waitFor();
  });

  it('is rejected with a reason, fixed and resubmitted; a pending one is withdrawn', async () => {
    const s = e2e.server.store;
    const rejected = await createEvent(s, {
      title: 'Teach-in without a room',
      status: 'pending',
      createdBy: organiser.id,
    });
    const res = await call(`/api/moderation/events/${rejected.id}/reject`, moderatorCookie, {
      reason: 'Please say where it takes place',
    });
    expect(res.status).toBe(200);
    await createEvent(s, { title: 'Film night, maybe', status: 'pending', createdBy: organiser.id });

    const page = await e2e.newPage({ viewport: PHONE, cookie: organiserCookie });
    await openMyEvents(page);
    const row = myEvent(page, 'Teach-in without a room');
    await row.getByText('Rejected', { exact: true }).waitFor();
    await row.getByText('Reason: Please say where it takes place').waitFor();
    await expectNoA11yViolations(page, '/my-events phone');
    await looks(page, 'my-events-phone');

    await row.getByRole('link', { name: 'Edit and resubmit' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit and resubmit' }).waitFor();
    await page.getByLabel('Venue or meeting point').fill('Room 4, Students’ Union');
    await looks(page, 'edit-event-phone');
    await page.getByRole('button', { name: 'Resubmit for review' }).click();
    await page.getByText('Your event is sent for review again', { exact: false }).waitFor();
    await openMyEvents(page);
    await row.getByText('Pending review').waitFor();
    expect(await row.getByText('Reason:', { exact: false }).count()).toBe(0);

    const film = myEvent(page, 'Film night, maybe');
    await film.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByTestId('owner-dialog').getByRole('button', { name: 'Withdraw event' }).click();
    await page.getByText('Your event is withdrawn.').waitFor();
    await film.getByText('Withdrawn', { exact: true }).waitFor();
    expect(await film.getByRole('button', { name: 'Withdraw' }).count()).toBe(0);
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null),
      )
      .toBe(true);
    expect(await film.getByRole('link', { name: 'Submit a copy' }).isVisible()).toBe(true);

    // A copy starts a new submission from it, its days left to choose.
    await film.getByRole('link', { name: 'Submit a copy' }).click();
    await page.getByText('A copy of “Film night, maybe”', { exact: false }).waitFor();
    expect(await page.getByLabel('Event Title').inputValue()).toBe('Film night, maybe');
    expect(await page.getByLabel('Event Date').inputValue()).toBe('');
  });

  it('keeps what was typed when the event changed meanwhile, says so, and saves it on the next send', async () => {
    const event = await createEvent(e2e.server.store, {
      title: 'Picnic in the park',
      status: 'pending',
      createdBy: organiser.id,
    });
    const first = await e2e.newPage({ viewport: DESKTOP, cookie: organiserCookie });
    const second = await e2e.newPage({ viewport: PHONE, cookie: organiserCookie });
    for (const page of [first, second]) {
      await page.goto(`/event/${event.id}/edit`);
      await page.getByRole('heading', { level: 1, name: 'Edit your event' }).waitFor();
    }
    // One tab saves; the other, opened on the version before, has typing of its own.
    await first.getByLabel('Organizer').fill('Friends of the Park');
    await first.getByRole('button', { name: 'Save changes' }).click();
    await first.getByRole('heading', { level: 1, name: 'Picnic in the park' }).waitFor();
    await second.getByLabel('Event Title').fill('Picnic in the park, with music');
    await second.getByRole('button', { name: 'Save changes' }).click();
    await second.getByText('This event changed since you opened this form', { exact: false }).waitFor();
    // Focus returns to the page (a refresh of the event) and nothing typed is gone.
    await second.evaluate(() => window.dispatchEvent(new Event('focus')));
    await second.waitForTimeout(300);
    expect(await second.getByLabel('Event Title').inputValue()).toBe('Picnic in the park, with music');
    await looks(second, 'edit-event-stale-phone');
    await second.getByRole('button', { name: 'Save changes' }).click();
    await second.getByRole('heading', { level: 1, name: 'Picnic in the park, with music' }).waitFor();
  });

  it('names the event’s zone beside its time when the organiser’s clock differs', async () => {
    await createEvent(e2e.server.store, {
      title: 'Evening in Gaza City',
      city: 'Gaza City',
      country: 'Palestine',
      timezone: 'Asia/Gaza',
      createdBy: organiser.id,
    });
    const page = await e2e.newPage({ viewport: PHONE, cookie: organiserCookie, timezoneId: 'Europe/London' });
    await openMyEvents(page);
    const row = myEvent(page, 'Evening in Gaza City');
    await expect
      .poll(() => row.getByTestId('my-event-zone').textContent())
      .toMatch(/^Gaza time \(GMT\+\d\)$/);
    // Online and over: tagged as on its card.
    await createEvent(e2e.server.store, {
      title: 'Last week’s online teach-in',
      attendance: 'online',
      joinUrl: 'https://meet.example.org/teach-in',
      city: '',
      country: '',
      startsAt: Date.now() - 7 * 24 * 3600_000,
      status: 'pending',
      createdBy: organiser.id,
    });
    await page.reload();
    const past = myEvent(page, 'Last week’s online teach-in');
    await past.getByText('Past Event', { exact: true }).waitFor();
    await past.getByText('Online', { exact: true }).waitFor();
    expect(await row.getByText('Past Event', { exact: true }).count()).toBe(0);
    // In its own zone, nothing to name.
    const local = await e2e.newPage({ viewport: PHONE, cookie: organiserCookie, timezoneId: 'Asia/Gaza' });
    await openMyEvents(local);
    await myEvent(local, 'Evening in Gaza City').waitFor();
    expect(await myEvent(local, 'Evening in Gaza City').getByTestId('my-event-zone').count()).toBe(0);
  });

  it('offers no Share on a page only its submitter can open, and no calendar for one that will not happen', async () => {
    const s = e2e.server.store;
    const pending = await createEvent(s, {
      title: 'Awaiting its review',
      status: 'pending',
      createdBy: organiser.id,
    });
    const rejected = await createEvent(s, {
      title: 'Turned down',
      status: 'rejected',
      createdBy: organiser.id,
    });
    const published = await createEvent(s, { title: 'Out in the open', createdBy: organiser.id });
    const page = await e2e.newPage({ viewport: DESKTOP, cookie: organiserCookie });
    const actions = async (id: string, title: string) => {
      await page.goto(`/event/${id}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.locator('html[data-ready]').waitFor({ state: 'attached' });
      const main = page.getByRole('main');
      return {
        share: await main.getByRole('button', { name: 'Share' }).count(),
        calendar: await main.getByRole('button', { name: /Add to calendar/ }).count(),
      };
    };
    expect(await actions(published.id, 'Out in the open')).toEqual({ share: 1, calendar: 1 });
    expect(await actions(pending.id, 'Awaiting its review')).toEqual({ share: 0, calendar: 1 });
    expect(await actions(rejected.id, 'Turned down')).toEqual({ share: 0, calendar: 0 });
  });

  it('is nobody else’s to edit: another person is told it does not exist', async () => {
    const event = await createEvent(e2e.server.store, { title: 'Not yours', createdBy: organiser.id });
    const other = await e2e.newPage({
      viewport: DESKTOP,
      cookie: await sessionCookieFor(e2e.server.store, await createUser(e2e.server.store)),
    });
    await other.goto(`/event/${event.id}`);
    await other.getByRole('heading', { level: 1, name: 'Not yours' }).waitFor();
    expect(await other.getByTestId('owner-panel').count()).toBe(0);
    await other.goto(`/event/${event.id}/edit`);
    await other.getByRole('heading', { level: 1, name: 'Event Not Found' }).waitFor();
  });

  it('opens an action without the page blinking to a loading state for words it already has', async () => {
    await createEvent(e2e.server.store, { title: 'Vigil at the town hall', createdBy: organiser.id });
    const page = await e2e.newPage({ viewport: DESKTOP, cookie: organiserCookie });
    // React hides what a suspended boundary showed with `display: none !important` while its fallback
    // shows: note every time it does, from the first paint on.
    await page.addInitScript(() => {
      const hidden: string[] = [];
      (window as unknown as { hiddenBySuspense: string[] }).hiddenBySuspense = hidden;
      new MutationObserver((records) => {
        for (const record of records) {
          const element = record.target as HTMLElement;
          if (element.style?.getPropertyPriority('display') === 'important') hidden.push(element.tagName);
        }
      }).observe(document, { attributes: true, attributeFilter: ['style'], subtree: true });
    });
    const hiddenBySuspense = () =>
      page.evaluate(() => (window as unknown as { hiddenBySuspense: string[] }).hiddenBySuspense);
    await openMyEvents(page);
    const row = myEvent(page, 'Vigil at the town hall');
    await row.getByRole('button', { name: 'Cancel event' }).click();
    // The dialog is the first thing on the page to say a message (its refusals, from the `messages`
    // catalog, whose English words the code carries): English has it at hand, so nothing waits for
    // it, and the page never gave way to a spinner on the way.
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading').first().waitFor();
    expect(await hiddenBySuspense()).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('signing in', () => {
  it('comes back to the page the person was going to', async () => {
    const account = await createPasswordAccount(e2e.server.store, { name: 'Returning Person' });
    const page = await e2e.newPage({ viewport: PHONE });
    await page.goto('/my-events');
    await page.getByRole('heading', { level: 1, name: 'Sign In Required' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    // The address changes when the sign-in page's code is here and the page shows.
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).search).toBe('?next=%2Fmy-events');
    await page.getByLabel('Email Address', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.locator('form').getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'My events' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/my-events');
    await page.getByText('No events yet').waitFor();

    // Another site's address in `next` is never followed.
    const other = await e2e.newPage({
      viewport: PHONE,
      cookie: await sessionCookieFor(e2e.server.store, account),
    });
    await other.goto('/auth?next=%2F%2Fevil.example%2F');
    await other.waitForURL((url) => url.pathname === '/');
    expect(new URL(other.url()).host).toBe(new URL(e2e.server.url).host);
  });
});

describe('a postponed event', () => {
  it('says on its edit page that a new date makes it go ahead', async () => {
    const event = await createEvent(e2e.server.store, {
      title: 'Postponed film night',
      createdBy: organiser.id,
      startsAt: Date.UTC(2031, 4, 17, 18, 0),
    });
    expect(
      (await call(`/api/events/${event.id}/schedule`, organiserCookie, { schedule: 'postponed' })).status,
    ).toBe(200);
    const page = await e2e.newPage({ viewport: PHONE, cookie: organiserCookie });
    await page.goto(`/event/${event.id}/edit`);
    await page.getByRole('heading', { level: 1, name: 'Propose changes' }).waitFor();
    await page
      .getByText(
        'This event is postponed. Give it its new date here: once a moderator accepts it, the event goes ahead on that date and is no longer marked postponed.',
      )
      .waitFor();
    await looks(page, 'edit-postponed-phone');
    const moderator = await e2e.newPage({ viewport: DESKTOP, cookie: moderatorCookie });
    await moderator.goto(`/event/${event.id}/edit`);
    await moderator
      .getByText('This event is postponed. Saved with a new date or time, it goes ahead on it', {
        exact: false,
      })
      .waitFor();
  });
});
