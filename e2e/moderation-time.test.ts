import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRow, UserRow } from '../server/store/schema';
import { apiClient, signedInModerator } from '../server/testing/api';
import { createEvent, createUser, sessionCookieFor } from '../server/testing/factories';
import { logOf, statusesOf } from '../server/testing/rows';
import {
  DESKTOP,
  type E2E,
  expectNoA11yViolations,
  LOOKS,
  PHONE,
  screenshot,
  startE2E,
} from './support/browser';

// Moderators' time (docs/PRODUCT.md#moderation): bulk decisions by keyboard, claims, possible
// duplicates, private notes, trusted organisers, and the submitter's gentle warning. A database of its
// own, so the queue holds exactly what these tests put in it.
const HOUR = 3600 * 1000;
let e2e: E2E;
let anaCookie: string;
let omarCookie: string;

beforeAll(async () => {
  e2e = await startE2E();
  anaCookie = (await signedInModerator(e2e.server.store, { name: 'Ana Moderator' })).cookie;
  omarCookie = (await signedInModerator(e2e.server.store, { name: 'Omar' })).cookie;
});
afterAll(() => e2e.close());

const db = () => e2e.server.store.db;
const cards = (page: Page) => page.getByTestId('moderation-card');
/** The card whose own title is `title` (not one naming it as a possible duplicate). */
const card = (page: Page, title: string) =>
  cards(page).filter({ has: page.locator('[id^="title-"]').getByText(title, { exact: true }) });
const { call: api } = apiClient(() => e2e.server);

async function clearQueue() {
  await db().updateTable('events').set({ status: 'rejected' }).where('status', '=', 'pending').execute();
}

async function queue(n: number, prefix: string, submitter?: UserRow): Promise<EventRow[]> {
  const now = Date.now();
  const events: EventRow[] = [];
  for (let i = 0; i < n; i++) {
    events.push(
      await createEvent(e2e.server.store, {
        status: 'pending',
        title: `${prefix} ${String(i + 1).padStart(2, '0')}`,
        startsAt: now + (i + 2) * 5 * HOUR,
        timezone: 'UTC',
        ...(submitter ? { createdBy: submitter.id } : {}),
      }),
    );
  }
  return events;
}

describe('bulk decisions and claims, by keyboard only', () => {
  it('selects a spam wave with S and "Select all", rejects it with one reason, and says what happened', async () => {
    await clearQueue();
    const wave = await queue(20, 'Spam wave');
    const page = await e2e.newPage({ viewport: DESKTOP, cookie: anaCookie });
    await page.goto('/moderation');
    await cards(page).first().waitFor();

    // J selects the first event (and claims it): Omar sees "Ana Moderator is looking at this".
    await page.keyboard.press('j');
    await expect
      .poll(
        async () =>
          (await (await api('/api/moderation/events?tab=pending', omarCookie)).json()).items[0].claim,
      )
      .toMatchObject({ moderator: { name: 'Ana Moderator' }, mine: false });

    // S puts the selected event in the selection, J and S the next; the bar counts them.
    await page.keyboard.press('s');
    await page.keyboard.press('j');
    await page.keyboard.press('s');
    const bar = page.getByTestId('bulk-bar');
    await expect.poll(() => bar.getByText('Selected: 2').count()).toBe(1);
    await page.keyboard.press('s');
    await expect.poll(() => bar.getByText('Selected: 1').count()).toBe(1);

    // Select all on this page, from the keyboard: Tab from the tab to the box, Space.
    await page.getByRole('tab', { name: /Pending Events/ }).focus();
    const all = page.getByRole('checkbox', { name: 'Select all on this page' });
    for (let i = 0; i < 5 && !(await all.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    expect(await all.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => bar.getByText('Selected: 20').count()).toBe(1);
    await expectNoA11yViolations(page, 'bulk selection');
    await screenshot(page, 'moderation-bulk-desktop');

    // Meanwhile Omar approves one of them.
    expect((await api(`/api/moderation/events/${wave[7]!.id}/approve`, omarCookie, {})).status).toBe(200);

    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const reject = bar.getByRole('button', { name: 'Reject 20' });
    expect(await reject.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Reject Event' });
    await dialog.waitFor();
    // It speaks of the selection, not of one event's title.
    expect(
      await dialog
        .getByText('Tell the submitters why the selected events (20) cannot be published.', { exact: false })
        .count(),
    ).toBe(1);
    await page.keyboard.type('Advertising, not an event.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    await page
      .getByText(
        'Rejected: 19 · No longer waiting (decided by another moderator or withdrawn by its submitter): 1',
      )
      .waitFor();
    await page.getByRole('heading', { name: 'No Pending Events' }).waitFor();
    // The bar went with the last of them: focus is on the tab, not back at the page's start.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Pending Events/);

    const ids = wave.map((e) => e.id);
    const rows = await statusesOf(e2e.server.store, ids);
    expect(rows.filter((r) => r.status === 'rejected')).toHaveLength(19);
    const logged = await logOf(e2e.server.store, ids);
    expect(logged).toHaveLength(19);
    expect(e2e.foreignRequests).toEqual([]);
  });

  it("a decision's key never acts on an event out of sight: on another card than the one shown, it shows that card first", async () => {
    await clearQueue();
    const [shown, tabbedTo] = await queue(2, 'Out of sight');
    const page = await e2e.newPage({ viewport: DESKTOP, cookie: anaCookie });
    await page.goto('/moderation');
    await card(page, shown!.title).locator('button[data-event-id]').click();
    await expect.poll(() => card(page, shown!.title).getByRole('button', { pressed: true }).count()).toBe(1);
    // Tab to the next card (its "Select" box for bulk decisions, then its own button): focus is there,
    // the details still the first event's.
    const nextButton = card(page, tabbedTo!.title).locator('button[data-event-id]');
    await nextButton.focus();
    await page.keyboard.press('a');
    // A shows that card's details and decides nothing…
    await expect
      .poll(() => card(page, tabbedTo!.title).getByRole('button', { pressed: true }).count())
      .toBe(1);
    const rows = () =>
      db()
        .selectFrom('events')
        .select(['title', 'status'])
        .where('id', 'in', [shown!.id, tabbedTo!.id])
        .orderBy('title')
        .execute();
    expect((await rows()).map((r) => r.status)).toEqual(['pending', 'pending']);
    // …and the next A approves the event now shown.
    await page.keyboard.press('a');
    await expect.poll(async () => (await rows()).map((r) => r.status)).toEqual(['pending', 'approved']);
  });

  it("shows the selected event's title and decisions beside the list, wherever its card is", async () => {
    await clearQueue();
    const events = await queue(10, 'Far down the queue');
    const page = await e2e.newPage({ viewport: DESKTOP, cookie: anaCookie });
    await page.goto('/moderation');
    const last = events[events.length - 1]!;
    await card(page, last.title).locator('button[data-event-id]').click();
    const panel = page.getByTestId('detail-panel').filter({ visible: true });
    const approve = panel.getByRole('button', { name: 'Approve', exact: true });
    await approve.waitFor();
    // Under the sticky header and inside the window, though the page is scrolled down to the last card.
    const header = await page.locator('body > div header, header').first().boundingBox();
    for (const part of [panel.getByRole('heading', { name: last.title }), approve]) {
      const box = await part.boundingBox();
      expect(box?.y, (await part.textContent()) ?? '').toBeGreaterThanOrEqual(
        (header?.y ?? 0) + (header?.height ?? 0),
      );
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(DESKTOP.height);
    }
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await screenshot(page, 'moderation-last-card-desktop');
  });

  it('says so when the event shown is decided elsewhere, selects the next one, and keeps the counts true', async () => {
    await clearQueue();
    const [shown, next] = await queue(2, 'Decided elsewhere');
    const page = await e2e.newPage({ viewport: DESKTOP, cookie: anaCookie });
    await page.clock.install();
    await page.goto('/moderation');
    await card(page, shown!.title).locator('button[data-event-id]').click();
    await expect.poll(() => page.getByTestId('count-pending').textContent()).toBe('2');
    // Omar approves it from his own dashboard.
    expect(
      (await api(`/api/moderation/events/${shown!.id}/approve`, omarCookie, { verified: false })).status,
    ).toBe(200);
    await page.clock.fastForward(21_000);
    await page
      .getByText(`“${shown!.title}” is no longer in this list: someone else acted on it meanwhile.`)
      .waitFor();
    await expect.poll(() => card(page, next!.title).getByRole('button', { pressed: true }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('count-pending').textContent()).toBe('1');
    await expect.poll(() => page.getByTestId('health-waiting').textContent()).toContain('1');
  });

  it("shows another moderator's claim on an open dashboard without a reload", async () => {
    await clearQueue();
    const [event] = await queue(1, 'Claimed while Ana looks');
    const page = await e2e.newPage({ viewport: DESKTOP, cookie: anaCookie });
    // The page's clock, to move past the dashboard's 20-second refresh without waiting for it.
    await page.clock.install();
    await page.goto('/moderation');
    await card(page, event!.title).waitFor();
    expect(await card(page, event!.title).getByText('Omar is looking at this').count()).toBe(0);
    expect((await api(`/api/moderation/events/${event!.id}/claim`, omarCookie, {})).status).toBe(200);
    await page.clock.fastForward(21_000);
    await card(page, event!.title).getByText('Omar is looking at this').waitFor();
    await api(`/api/moderation/events/${event!.id}/release`, omarCookie, {});
  });

  it('warns before acting on an event another moderator is looking at, and still lets one act', async () => {
    await clearQueue();
    // Titles unlike each other: similar ones would name each other as possible duplicates.
    const [claimed] = await queue(1, 'Claimed by Omar');
    await createEvent(e2e.server.store, {
      status: 'pending',
      title: 'Film night',
      startsAt: Date.now() + 30 * HOUR,
    });
    expect((await api(`/api/moderation/events/${claimed!.id}/claim`, omarCookie, {})).status).toBe(200);
    // In Arabic the sentence keeps the page's direction, with the name alone isolated in it: the whole
    // sentence isolated had a Latin name turn it around.
    const arabic = await e2e.newPage({ viewport: DESKTOP, cookie: anaCookie, locale: 'ar' });
    await arabic.goto('/moderation?lang=ar');
    const badge = card(arabic, claimed!.title).getByText('يراجع هذه الفعالية', { exact: false });
    expect(
      await badge.evaluate((el) => [
        el.textContent,
        el.closest('[dir]')?.getAttribute('dir'),
        el.querySelector('[dir="auto"]')?.textContent,
      ]),
    ).toEqual(['Omar يراجع هذه الفعالية', 'rtl', 'Omar']);
    await arabic.close();
    const page = await e2e.newPage({ viewport: DESKTOP, cookie: anaCookie });
    await page.goto('/moderation');
    await card(page, claimed!.title).getByText('Omar is looking at this').waitFor();
    await page.keyboard.press('j');
    await page
      .getByTestId('detail-panel')
      .filter({ visible: true })
      .getByText('Omar is looking at this event right now. You can still act on it.')
      .waitFor();
    await page.keyboard.press('a');
    await expect.poll(() => card(page, claimed!.title).count()).toBe(0);
  });
});

describe('duplicates, notes and trusted organisers', () => {
  let organiser: UserRow;
  let probe: EventRow;

  beforeAll(async () => {
    await clearQueue();
    const s = e2e.server.store;
    organiser = await createUser(s, { name: 'Layla Organiser', emailVerified: true });
    const at = Date.now() + 3 * 24 * HOUR;
    await createEvent(s, { title: 'Vigil for Gaza at the town hall', city: 'Leeds', startsAt: at });
    probe = await createEvent(s, {
      title: 'Gaza vigil at the Town Hall',
      city: 'Leeds',
      startsAt: at + HOUR,
      status: 'pending',
      createdBy: organiser.id,
    });
  });

  it('flags a possible duplicate with a link, keeps notes and trusts the submitter', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP, cookie: anaCookie });
    await page.goto('/moderation');
    const flagged = card(page, probe.title).getByTestId('possible-duplicates');
    await flagged.getByText('Possible duplicate of').waitFor();
    expect(await flagged.getByRole('link', { name: 'Vigil for Gaza at the town hall' }).count()).toBe(1);

    await card(page, probe.title).getByRole('button').first().click();
    const panel = page.getByTestId('detail-panel').filter({ visible: true });
    // The event's notes, not the person's (both have a "New note" box, loaded separately).
    const eventNotes = panel
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Private notes' }) });
    await eventNotes.getByText('No notes yet.').waitFor();
    await eventNotes
      .getByRole('textbox', { name: 'New note' })
      .fill('Called the venue: it is a separate vigil.');
    await eventNotes.getByRole('button', { name: 'Add Note' }).click();
    // In the list (the box may still hold the words for a moment), then the box is emptied.
    await eventNotes.getByRole('listitem').getByText('Called the venue: it is a separate vigil.').waitFor();
    await expect.poll(() => eventNotes.getByRole('textbox', { name: 'New note' }).inputValue()).toBe('');
    expect(
      await db().selectFrom('moderator_notes').select('event_id').where('event_id', '=', probe.id).execute(),
    ).toHaveLength(1);
    await panel.getByRole('button', { name: 'Trust This Person' }).click();
    await panel.getByText('Trusted organiser', { exact: true }).waitFor();
    await expectNoA11yViolations(page, 'notes and person');

    // The organiser's next submission is published at once, listed under "Published without review".
    const submitted = await api('/api/events', await sessionCookieFor(e2e.server.store, organiser), {
      title: 'Teach-in on the right of return',
      description: 'Talks and questions.',
      date: '2031-06-01',
      time: '18:00',
      timezone: 'Europe/London',
      city: 'Leeds',
      country: 'United Kingdom',
      type: 'educational',
      sourceLink: 'https://example.org/teach-in',
    });
    expect(submitted.status).toBe(201);
    await page.reload();
    await page.getByRole('tab', { name: /All Events/ }).click();
    await page.getByLabel(/Published without review only/).check();
    const unreviewed = card(page, 'Teach-in on the right of return');
    await unreviewed.getByText('Published without review').waitFor();
    await unreviewed.getByRole('button').first().click();
    await page
      .getByTestId('detail-panel')
      .filter({ visible: true })
      .getByRole('button', { name: 'Checked' })
      .click();
    await page.getByText('“Teach-in on the right of return” is checked.').waitFor();
    expect(e2e.foreignRequests).toEqual([]);
  });

  it('looks right at 390 px and on a desktop, light and dark, and in Arabic', async () => {
    await db().updateTable('events').set({ status: 'pending' }).where('id', '=', probe.id).execute();
    // Ana's claim from the test before goes; Omar's is what her cards and panel then show.
    await api(`/api/moderation/events/${probe.id}/release`, anaCookie, {});
    const claimed = await (await api(`/api/moderation/events/${probe.id}/claim`, omarCookie, {})).json();
    expect(claimed.claim).toMatchObject({ moderator: { name: 'Omar' }, mine: true });
    for (const { label, viewport, colorScheme, lang } of LOOKS) {
      const page = await e2e.newPage({ viewport, cookie: anaCookie, colorScheme });
      await page.goto(`/moderation?lang=${lang}`);
      await card(page, probe.title).waitFor();
      await card(page, probe.title).getByRole('button').first().click();
      await page.getByTestId('detail-panel').filter({ visible: true }).waitFor();
      await card(page, probe.title)
        .getByText(lang === 'en' ? 'Omar is looking at this' : 'Omar')
        .waitFor();
      await expectNoA11yViolations(page, `moderators' time ${label} ${colorScheme} ${lang}`);
      await screenshot(page, `moderation-time-${label}-${colorScheme}-${lang}`);
      await page
        .getByTestId('detail-panel')
        .filter({ visible: true })
        .getByRole('heading', { level: 3 })
        .last()
        .scrollIntoViewIfNeeded();
      await screenshot(page, `moderation-time-panel-${label}-${colorScheme}-${lang}`);
    }
  });
});

describe('the submitter', () => {
  it('is warned, gently, of a published event that looks the same, and can still send', async () => {
    const s = e2e.server.store;
    await createEvent(s, {
      title: 'Vigil for Gaza at the town hall',
      city: 'Manchester',
      startsAt: Date.UTC(2031, 4, 17, 17, 30),
    });
    const hidden = await createEvent(s, {
      title: 'Vigil for Gaza, town hall steps',
      city: 'Manchester',
      startsAt: Date.UTC(2031, 4, 17, 18, 0),
      status: 'pending',
    });
    const person = await createUser(s, { name: 'Sara Submitter', emailVerified: true });
    for (const [label, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const page = await e2e.newPage({ viewport, cookie: await sessionCookieFor(s, person) });
      await page.goto('/submit');
      await page.getByRole('button', { name: 'Submit Event for Review' }).waitFor();
      await page.getByLabel('Event Title').fill('Gaza vigil at the Town Hall');
      await page.getByLabel('Event Date').fill('2031-05-17');
      await page.getByLabel('Event Time').fill('18:30');
      await page.getByLabel('City').fill('Manchester');
      const warning = page.getByTestId('duplicate-warning');
      await warning.getByText('This may already be on the calendar').waitFor();
      expect(await warning.getByRole('link').count()).toBe(1);
      // Someone else's pending event is never shown to a submitter.
      expect(await warning.textContent()).not.toContain(hidden.title);
      await warning.scrollIntoViewIfNeeded();
      await expectNoA11yViolations(page, `duplicate warning ${label}`);
      await screenshot(page, `submit-duplicate-warning-${label}`);
      expect(await page.getByRole('button', { name: 'Submit Event for Review' }).isEnabled()).toBe(true);
      // The possible duplicate opens in a new tab: the form and what was typed stay here.
      const opened = page.context().waitForEvent('page');
      await warning.getByRole('link').click();
      const tab = await opened;
      await tab.waitForURL((url) => url.pathname.startsWith('/event/'));
      await tab.close();
      expect(new URL(page.url()).pathname).toBe('/submit');
      expect(await page.getByLabel('Event Title').inputValue()).toBe('Gaza vigil at the Town Hall');
      // A zone still being typed is not sent (it would only be refused): the warning stays.
      const refused: number[] = [];
      page.on('response', (res) => {
        if (res.url().includes('/api/events/similar') && res.status() >= 400) refused.push(res.status());
      });
      const asked = page.waitForResponse((res) => res.url().includes('/api/events/similar'));
      await page.getByLabel('Time Zone').fill('Narn');
      await page.getByLabel('Event Time').fill('18:45');
      expect((await asked).url()).not.toContain('timezone=');
      expect(refused).toEqual([]);
    }
  });
});
