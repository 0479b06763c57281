import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatEventDateTime } from '../common/dates';
import type { EventRow } from '../server/store/schema';
import { createEvent, createUser, sessionCookieFor } from '../server/testing/factories';
import { DESKTOP, expectNoA11yViolations, PHONE, screenshot, setupE2E } from './support/browser';

// Events as they really happen (docs/PRODUCT.md#events): ends and ranges, happening now, online,
// the exact place and who sees it, accessibility, cancelled and postponed; phone and desktop, light
// and dark.

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const e2e = setupE2E();
let encampment: EventRow;
let secret: EventRow;
let running: EventRow;
let cancelled: EventRow;
let webinar: EventRow;
let hybrid: EventRow;
let userCookie: string;
let organiserCookie: string;
let moderatorCookie: string;

beforeAll(async () => {
  const s = e2e.server.store;
  userCookie = await sessionCookieFor(s, await createUser(s));
  encampment = await createEvent(s, {
    title: 'Three-day encampment',
    // Saturday 8 March 2031, 10:00 to Monday 10 March 2031, 18:00 (UTC, as the browser).
    startsAt: Date.parse('2031-03-08T10:00:00Z'),
    endsAt: Date.parse('2031-03-10T18:00:00Z'),
    timezone: 'UTC',
    city: 'London',
    country: 'United Kingdom',
    venue: 'Lincoln’s Inn Fields, north lawn',
    address: 'Lincoln’s Inn Fields, London WC2A 3TL',
    attendance: 'both',
    joinUrl: 'https://meet.example.org/encampment',
    accessibility: 'Step-free paths; seating and a quiet tent by the entrance.',
  });
  secret = await createEvent(s, {
    title: 'Unannounced action',
    startsAt: Date.now() + 3 * DAY,
    timezone: 'UTC',
    venue: 'Meeting point B',
    address: '9 Hidden Road',
    placeVisibility: 'signed_in',
  });
  running = await createEvent(s, {
    title: 'Rally happening now',
    startsAt: Date.now() - HOUR,
    timezone: 'UTC',
  });
  cancelled = await createEvent(s, { title: 'Rally called off', startsAt: Date.now() + 2 * DAY });
  await s.db
    .updateTable('events')
    .set({ schedule: 'cancelled', schedule_note: 'Permit withdrawn', sequence: 1 })
    .where('id', '=', cancelled.id)
    .execute();
  webinar = await createEvent(s, {
    title: 'Webinar: voices from Gaza',
    type: 'digital',
    city: '',
    country: '',
    attendance: 'online',
    joinUrl: 'https://meet.example.org/voices',
    placeVisibility: 'hours_before',
    placeHoursBefore: 2,
    startsAt: Date.now() + 4 * DAY,
  });
  const organiser = await createUser(s);
  organiserCookie = await sessionCookieFor(s, organiser);
  moderatorCookie = await sessionCookieFor(s, await createUser(s, { role: 'moderator' }));
  hybrid = await createEvent(s, {
    createdBy: organiser.id,
    title: 'Teach-in at the library and online',
    startsAt: Date.now() + 5 * DAY,
    timezone: 'UTC',
    venue: 'Reading room',
    address: '1 Library Square',
    attendance: 'both',
    joinUrl: 'https://meet.example.org/teach-in',
    placeVisibility: 'hours_before',
    placeHoursBefore: 5,
  });
});

async function openEvent(page: Page, id: string): Promise<void> {
  await page.goto(`/event/${id}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByTestId('event-relative').waitFor();
}

async function looks(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
    await screenshot(page, `${name}-${scheme}`);
  }
}

describe('the event page', () => {
  it('shows a multi-day range, the venue and address with a map link, the link to join and accessibility', async () => {
    for (const [viewport, label] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await e2e.newPage({ viewport });
      await openEvent(page, encampment.id);
      const main = page.locator('main');
      expect(await main.getByTestId('event-date').textContent()).toBe(
        'Saturday, March 8, 2031 at 10:00 AM – Monday, March 10, 2031 at 6:00 PM',
      );
      expect(await main.getByTestId('event-venue').textContent()).toBe('Lincoln’s Inn Fields, north lawn');
      expect(await main.getByTestId('event-address').textContent()).toBe(
        'Lincoln’s Inn Fields, London WC2A 3TL',
      );
      const map = main.getByTestId('map-link');
      expect(await map.getAttribute('href')).toBe(
        `https://www.openstreetmap.org/search?query=${encodeURIComponent('Lincoln’s Inn Fields, London WC2A 3TL, London, United Kingdom')}`,
      );
      expect(await map.getAttribute('target')).toBe('_blank');
      expect(await main.getByTestId('event-join').getAttribute('href')).toBe(
        'https://meet.example.org/encampment',
      );
      expect(await main.getByText('Online', { exact: true }).isVisible()).toBe(true);
      expect(await main.getByRole('heading', { level: 2, name: 'Accessibility' }).isVisible()).toBe(true);
      expect(await main.getByTestId('event-accessibility').textContent()).toContain('quiet tent');
      await expectNoA11yViolations(page);
      await looks(page, `event-shape-detail-${label}`);
    }
  });

  it('withholds the exact place from visitors, with the reason, and shows it to signed-in people', async () => {
    const visitor = await e2e.newPage({ viewport: PHONE });
    await openEvent(visitor, secret.id);
    const main = visitor.locator('main');
    expect(await main.getByTestId('place-withheld').textContent()).toBe('Sign in to see the exact location');
    expect(await main.getByTestId('event-location').textContent()).not.toContain('Hidden Road');
    expect(await main.getByTestId('map-link').count()).toBe(0);
    await looks(visitor, 'event-shape-withheld-phone');

    const user = await e2e.newPage({ viewport: PHONE, cookie: userCookie });
    await openEvent(user, secret.id);
    expect(await user.getByTestId('event-address').textContent()).toBe('9 Hidden Road');
    expect(await user.getByTestId('place-withheld').count()).toBe(0);

    const online = await e2e.newPage({ viewport: DESKTOP });
    await openEvent(online, webinar.id);
    expect(await online.getByTestId('event-location').textContent()).toContain('Online');
    expect(await online.getByTestId('place-withheld').textContent()).toBe(
      'Link to join shared 2 hours before the start',
    );
    expect(await online.getByTestId('event-join').count()).toBe(0);
    await expectNoA11yViolations(online);

    // In person and online: both the address and the link wait, and the visitor is told so.
    const both = await e2e.newPage({ viewport: DESKTOP });
    await openEvent(both, hybrid.id);
    expect(await both.getByTestId('place-withheld').textContent()).toBe(
      'Exact location and link to join shared 5 hours before the start',
    );
    expect(await both.getByTestId('event-join').count()).toBe(0);
    expect(await both.getByTestId('event-address').count()).toBe(0);
    expect(await both.getByTestId('place-early').count()).toBe(0);
  });

  it('tells those who see the exact place early that others do not yet, and until when', async () => {
    // Its organiser and the moderators see it before the public, and read until when (5 days ahead,
    // less the 5 hours of its rule, on the event's clock: UTC).
    const when = formatEventDateTime(new Date(hybrid.starts_at - 5 * HOUR), 'UTC', 'en-US');
    const organiser = await e2e.newPage({ viewport: PHONE, cookie: organiserCookie });
    await openEvent(organiser, hybrid.id);
    expect(await organiser.getByTestId('event-address').textContent()).toBe('1 Library Square');
    expect(await organiser.getByTestId('place-early').textContent()).toBe(
      `Only you and the moderators see the exact location and the link to join until ${when}.`,
    );
    await expectNoA11yViolations(organiser);
    await looks(organiser, 'event-shape-early-place-phone');

    const moderator = await e2e.newPage({ viewport: DESKTOP, cookie: moderatorCookie });
    await openEvent(moderator, hybrid.id);
    expect(await moderator.getByTestId('place-early').textContent()).toBe(
      `Only moderators and the person who submitted it see the exact location and the link to join until ${when}.`,
    );

    // Signed in only: every signed-in reader sees it, and is told visitors do not.
    const user = await e2e.newPage({ viewport: PHONE, cookie: userCookie });
    await openEvent(user, secret.id);
    expect(await user.getByTestId('place-early').textContent()).toBe(
      'Only signed-in people see the exact location.',
    );
    // Public anyway: nothing to say.
    const open = await e2e.newPage({ viewport: DESKTOP, cookie: userCookie });
    await openEvent(open, encampment.id);
    expect(await open.getByTestId('place-early').count()).toBe(0);
  });

  it('says a cancelled event is cancelled, with its note, and strikes its date through', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await openEvent(page, cancelled.id);
    expect(await page.getByTestId('schedule-banner').textContent()).toBe('This event has been cancelled.');
    expect(await page.getByText('Permit withdrawn').isVisible()).toBe(true);
    const date = page.getByTestId('event-date');
    expect(await date.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('line-through');
    // "in 4 days" is not when it happens: struck through with the date.
    const relative = page.getByTestId('event-relative');
    expect(await relative.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('line-through');
    await expectNoA11yViolations(page);
    await looks(page, 'event-shape-cancelled-desktop');
  });
});

describe('the home page', () => {
  it('lists the running event first with "Happening now", the cancelled one with its tag, the online one as Online', async () => {
    for (const [viewport, label] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await e2e.newPage({ viewport });
      await page.goto('/');
      await page.getByTestId('event-relative').first().waitFor();
      const cards = page.locator('main article');
      expect(await cards.first().getByRole('heading', { level: 4 }).textContent()).toBe(running.title);
      expect(await cards.first().getByTestId('event-relative').textContent()).toBe('Happening now');
      expect(await cards.first().getByText('Happening now', { exact: true }).count()).toBe(2);
      const off = cards.filter({ hasText: cancelled.title });
      expect(await off.getByTestId('event-schedule').textContent()).toBe('Cancelled');
      expect(
        await off.getByTestId('event-date').evaluate((el) => getComputedStyle(el).textDecorationLine),
      ).toBe('line-through');
      const online = cards.filter({ hasText: webinar.title });
      expect(await online.getByTestId('event-location').textContent()).toBe('Online');
      await expectNoA11yViolations(page);
      await looks(page, `event-shape-home-${label}`);
    }
  });

  it('finds online events with the location "online"', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.goto('/?location=online');
    await page.getByTestId('event-relative').first().waitFor();
    const titles = await page.locator('main article h4').allTextContents();
    expect(titles).toEqual(expect.arrayContaining([webinar.title, encampment.title]));
    expect(titles).not.toContain(running.title);
  });
});

describe('the submit form', () => {
  it('asks for an end after the start, a link for online events, and no city for online-only ones', async () => {
    const page = await e2e.newPage({ viewport: PHONE, cookie: userCookie });
    await page.goto('/submit');
    await page.getByLabel('Event Title').fill('Teach-in online');
    await page.getByLabel('Event Description').fill('A talk.');
    await page.getByLabel('Event Date').fill('2031-06-01');
    // The end date follows the start date until it is changed.
    expect(await page.getByLabel('End Date').inputValue()).toBe('2031-06-01');
    await page.getByLabel('Event Time').fill('18:00');
    await page.getByLabel('End Time').fill('17:00');
    await page.getByLabel('How to attend').selectOption('online');
    await page.getByLabel('Official Source Link').fill('https://example.org/teach-in');
    await page.getByRole('button', { name: 'Submit Event for Review' }).click();
    expect(await page.getByText('The event must end after it starts').isVisible()).toBe(true);
    expect(await page.getByText('A link to join is required for online events').isVisible()).toBe(true);
    expect(await page.getByText('City is required').count()).toBe(0);
    await looks(page, 'event-shape-form-errors-phone');
    await page.getByLabel('End Time').fill('19:30');
    await page.getByLabel(/^Link to join/).fill('https://meet.example.org/teach-in');
    await page.getByLabel('Who sees the link to join').selectOption('hours_before');
    await page.getByLabel('Hours before the start').fill('3');
    await page.getByLabel('Accessibility notes (Optional)').fill('Live captions.');
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Submit Event for Review' }).click();
    await page.getByText('Event Submitted!').waitFor();
    const row = await e2e.server.store.db
      .selectFrom('events')
      .selectAll()
      .where('title', '=', 'Teach-in online')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      attendance: 'online',
      city: '',
      join_url: 'https://meet.example.org/teach-in',
      place_visibility: 'hours_before',
      place_hours_before: 3,
      accessibility: 'Live captions.',
      ends_at: Date.parse('2031-06-01T19:30:00Z'),
    });
  });
});
