import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../server/store/schema';
import { createUser, sessionCookieFor } from '../server/testing/factories';
import {
  DESKTOP,
  expectNoA11yViolations,
  gotoBrowserRendered,
  holdPageCode,
  PHONE,
  screenshot,
  setupE2E,
} from './support/browser';

const e2e = setupE2E();
let user: UserRow;

beforeAll(async () => {
  user = await createUser(e2e.server.store, { name: 'Layla Haddad' });
});
const cookie = () => sessionCookieFor(e2e.server.store, user);

const isSubmitCall = (url: URL) => url.pathname === '/api/events';

const REQUIRED_MESSAGES = [
  'Event title is required',
  'Event description is required',
  'Event date is required',
  'Event time is required',
  'City is required',
  'Country is required',
  'Source link is required for verification',
];

async function openForm(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const page = await e2e.newPage({ viewport, cookie: await cookie() });
  await page.goto('/submit');
  await page.getByRole('button', { name: 'Submit Event for Review' }).waitFor();
  return page;
}

async function fillValid(page: Page, title = 'Vigil for Gaza at the town hall') {
  await page.getByLabel('Event Title').fill(title);
  await page.getByLabel('Event Description').fill('Candles, names read aloud.\nBring a candle.');
  await page.getByLabel('Event Date').fill('2031-05-17');
  await page.getByLabel('Event Time').fill('18:30');
  await page.getByLabel('Time Zone').fill('Europe/London');
  await page.getByLabel('City').fill('Manchester');
  await page.getByLabel('Country').fill('United Kingdom');
  await page.getByLabel('Event Type').selectOption('cultural');
  await page.getByLabel('Official Source Link').fill('https://example.org/vigil');
  await page.getByLabel('Organizer (Optional)').fill('Manchester Friends of Palestine');
}

/** The id of the focused element's `name`, to check where focus went. */
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? null);

/** The text of the messages an input is described by (its error first, then its hint). */
async function describedBy(page: Page, label: string): Promise<string> {
  return page.getByLabel(label).evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' | '),
  );
}

describe('before the form', () => {
  it('shows "Checking authentication..." while sign-in is checked, then "Sign In Required" to a visitor', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/session', async (route: Route) => {
      await held;
      await route.continue();
    });
    // A page the browser renders itself (the server renders /submit with the answer), then the app's
    // own way to the form.
    await gotoBrowserRendered(page, '/no-such-page');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Submit Event' }).click();
    const spinner = page.getByRole('status').filter({ hasText: 'Checking authentication...' });
    await spinner.waitFor();
    // Nothing of the form or the sign-in prompt while it is unknown.
    expect(await page.getByRole('button', { name: 'Submit Event for Review' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Sign In Required' }).count()).toBe(0);
    await screenshot(page, 'submit-checking-phone');
    release();

    await page.getByRole('heading', { name: 'Sign In Required', level: 1 }).waitFor();
    expect(
      await page.getByText('You need to sign in to submit events to our community calendar.').isVisible(),
    ).toBe(true);
    expect(await page.getByRole('button', { name: 'Submit Event for Review' }).count()).toBe(0);
    await screenshot(page, 'submit-sign-in-required-phone');
    await expectNoA11yViolations(page);

    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.search === '?next=%2Fsubmit');
  });

  it('shows "Sign In Required" at desktop width without accessibility violations', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.goto('/submit');
    await page.getByRole('heading', { name: 'Sign In Required' }).waitFor();
    await screenshot(page, 'submit-sign-in-required-desktop');
    await expectNoA11yViolations(page);
  });
});

describe('the form', () => {
  it('has every labelled field, native date and time inputs, and the defaults', async () => {
    const page = await openForm(PHONE);
    expect(await page.getByRole('heading', { name: 'Submit an Event', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByLabel('Event Title').getAttribute('type')).toBe('text');
    expect(await page.getByLabel('Event Description').evaluate((el) => el.tagName)).toBe('TEXTAREA');
    expect(await page.getByLabel('Event Date').getAttribute('type')).toBe('date');
    expect(await page.getByLabel('Event Time').getAttribute('type')).toBe('time');
    expect(await page.getByLabel('City').isVisible()).toBe(true);
    expect(await page.getByLabel('Country').isVisible()).toBe(true);
    expect(await page.getByLabel('Event Type').inputValue()).toBe('protest');
    expect(await page.getByLabel('Event Type').locator('option').allTextContents()).toEqual([
      'Protest/Rally',
      'Cultural',
      'Educational',
      'Digital',
    ]);
    expect(await page.getByLabel('Official Source Link').getAttribute('type')).toBe('url');
    expect(await describedBy(page, 'Official Source Link')).toBe(
      "Link to the official event page, Facebook event, or organizer's website.",
    );
    expect(await page.getByLabel('Organizer (Optional)').inputValue()).toBe('');
    // The browser of these tests runs in UTC; the zone field, a search box (e2e/timezone.test.ts), starts there.
    expect(await page.getByRole('combobox', { name: 'Time Zone' }).inputValue()).toBe('UTC');
    for (const label of ['Event Title', 'Event Description', 'Event Date', 'City', 'Official Source Link']) {
      expect(await page.getByLabel(label).getAttribute('aria-required')).toBe('true');
    }
    expect(await page.getByText('Every event is reviewed by our moderation team').isVisible()).toBe(true);
    await screenshot(page, 'submit-form-phone');
    await expectNoA11yViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('button', { name: 'Submit Event for Review' }).click();
    await page.getByText('Event title is required').waitFor();
    await screenshot(page, 'submit-errors-phone-dark');
    await expectNoA11yViolations(page, 'submit (phone, dark)');
  });

  it("starts the time zone at the browser's own zone and previews the event's local time", async () => {
    const context = await e2e.browser.newContext({
      viewport: DESKTOP,
      baseURL: e2e.server.url,
      locale: 'en-US',
      timezoneId: 'Asia/Jerusalem',
    });
    const [name, value] = (await cookie()).split('=', 2) as [string, string];
    await context.addCookies([{ name, value, url: e2e.server.url }]);
    const page = await context.newPage();
    try {
      await page.goto('/submit');
      await page.getByLabel('Time Zone').waitFor();
      // The server's render cannot know the browser's zone: the field takes it once the page runs.
      await expect
        .poll(() => page.getByLabel('Time Zone').inputValue())
        .toMatch(/^Jerusalem time \(GMT\+[23]\)$/);
      // Typing, then Escape twice, gives back that zone (it was not chosen from the list, but it is the
      // field's own): not the server's UTC, which would list the event hours off.
      const zone = page.getByLabel('Time Zone');
      await zone.fill('Brook');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      expect(await zone.inputValue()).toMatch(/^Jerusalem time \(GMT\+[23]\)$/);
      // 01:30 does not exist in London that night: the preview shows where it lands.
      await page.getByLabel('Event Date').fill('2025-03-30');
      await page.getByLabel('Event Time').fill('01:30');
      await page.getByLabel('Time Zone').fill('Europe/London');
      expect(await describedBy(page, 'Time Zone')).toContain(
        'Listed as: Sunday, March 30, 2025 at 2:30 AM (GMT+1)',
      );
      // With an end date, the range as the event's page will list it; an end before the start, the start.
      await page.getByLabel('End Date').fill('2025-04-01');
      expect(await describedBy(page, 'Time Zone')).toContain(
        'Listed as: Sunday, March 30, 2025 at 2:30 AM – Tuesday, April 1, 2025 (GMT+1)',
      );
      await page.getByLabel('End Date').fill('2025-03-30');
      await page.getByLabel('End Time').fill('04:00');
      expect(await describedBy(page, 'Time Zone')).toContain(
        'Listed as: Sunday, March 30, 2025, 2:30 – 4:00 AM (GMT+1)',
      );
      await page.getByLabel('End Date').fill('2025-03-29');
      await page.getByLabel('End Time').fill('');
      expect(await describedBy(page, 'Time Zone')).toContain(
        'Listed as: Sunday, March 30, 2025 at 2:30 AM (GMT+1)',
      );
    } finally {
      await context.close();
    }
  });

  it('says under "Who sees the address" what the chosen rule shows, in the words of how people attend, and has room for its longest rule', async () => {
    const page = await openForm(DESKTOP);
    await page.waitForSelector('html[data-ready]');
    // In person (the default): the address; online: the link to join; both: the two.
    const rule = page.getByLabel('Who sees the address', { exact: true });
    expect(await describedBy(page, 'Who sees the address')).toBe('Everyone sees the venue and the address.');
    await rule.selectOption('signed_in');
    expect(await describedBy(page, 'Who sees the address')).toBe(
      'People who are not signed in see the city and country only.',
    );
    await rule.selectOption('hours_before');
    expect(await describedBy(page, 'Who sees the address')).toBe(
      'Until then, everyone sees the city and country only, and when the address will be shared.',
    );
    await page.getByLabel('How to attend').selectOption('online');
    expect(await describedBy(page, 'Who sees the link to join')).toBe(
      'Until then, everyone sees that the event is online, and when the link will be shared.',
    );
    await page.getByLabel('Who sees the link to join').selectOption('signed_in');
    expect(await describedBy(page, 'Who sees the link to join')).toBe(
      'People who are not signed in see that the event is online, not the link.',
    );
    await page.getByLabel('How to attend').selectOption('both');
    expect(await describedBy(page, 'Who sees the address and link')).toBe(
      'People who are not signed in see the city and country only, not the address or the link.',
    );
    await page.getByLabel('Who sees the address and link').selectOption('hours_before');
    // The longest rule's words fit the closed list (a half column cut them to "…from a number of ho").
    const fits = await page.getByLabel('Who sees the address and link').evaluate((el) => {
      const select = el as HTMLSelectElement;
      const probe = document.createElement('span');
      probe.style.font = getComputedStyle(select).font;
      probe.textContent = select.selectedOptions[0]?.textContent ?? '';
      document.body.append(probe);
      const wide = probe.getBoundingClientRect().width;
      probe.remove();
      return wide < select.clientWidth - 40;
    });
    expect(fits).toBe(true);
  });

  it('shows every required message on an empty submit, tied to its field, with focus on the first', async () => {
    const page = await openForm(DESKTOP);
    await page.getByRole('button', { name: 'Submit Event for Review' }).click();
    for (const message of REQUIRED_MESSAGES) {
      expect(await page.getByText(message, { exact: true }).isVisible(), message).toBe(true);
    }
    expect(await focusedName(page)).toBe('title');
    expect(await page.getByLabel('Event Title').getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(page, 'Event Title')).toBe('Event title is required');
    expect(await describedBy(page, 'Official Source Link')).toBe(
      "Source link is required for verification | Link to the official event page, Facebook event, or organizer's website.",
    );
    expect(await page.getByLabel('Organizer (Optional)').getAttribute('aria-invalid')).toBe('false');
    await screenshot(page, 'submit-errors-desktop');
    await expectNoA11yViolations(page);

    // Editing a field clears its own error and no other.
    await page.getByLabel('Event Title').pressSequentially('A');
    expect(await page.getByText('Event title is required').count()).toBe(0);
    expect(await page.getByLabel('Event Title').getAttribute('aria-invalid')).toBe('false');
    expect(await page.getByText('City is required').isVisible()).toBe(true);
    await page.getByLabel('City').fill('Leeds');
    expect(await page.getByText('City is required').count()).toBe(0);
    await page.getByLabel('Event Date').fill('2031-01-02');
    expect(await page.getByText('Event date is required').count()).toBe(0);
    expect(await page.getByText('Event time is required').isVisible()).toBe(true);
    // Nothing was sent.
    expect(await e2e.server.store.db.selectFrom('events').select('id').execute()).toHaveLength(0);
  });

  it('errors at phone width too, without accessibility violations', async () => {
    const page = await openForm(PHONE);
    await page.getByRole('button', { name: 'Submit Event for Review' }).click();
    await page.getByText('Event title is required').waitFor();
    await screenshot(page, 'submit-errors-phone');
    await expectNoA11yViolations(page);
  });

  it('trims text before checking it', async () => {
    const page = await openForm();
    await fillValid(page);
    await page.getByLabel('Event Title').fill('    ');
    await page.getByLabel('Country').fill('\t  ');
    await page.getByRole('button', { name: 'Submit Event for Review' }).click();
    expect(await page.getByText('Event title is required').isVisible()).toBe(true);
    expect(await page.getByText('Country is required').isVisible()).toBe(true);
    expect(await page.getByText('City is required').count()).toBe(0);
    expect(await focusedName(page)).toBe('title');
  });

  it.each([
    ['javascript:alert(1)', 'The link must start with http:// or https://'],
    ['data:text/html,<script>alert(1)</script>', 'The link must start with http:// or https://'],
    ['/event/relative', 'Please enter a valid URL'],
    ['https://example.org/with space', 'Please enter a valid URL'],
  ])('refuses the source link %j with "%s"', async (link, message) => {
    const page = await openForm();
    await fillValid(page);
    await page.getByLabel('Official Source Link').fill(link);
    await page.getByRole('button', { name: 'Submit Event for Review' }).click();
    await page.getByText(message).waitFor();
    expect(await focusedName(page)).toBe('sourceLink');
    expect(await page.getByLabel('Official Source Link').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Official Source Link').fill('https://example.org/fixed');
    expect(await page.getByText(message).count()).toBe(0);
  });

  it("takes no more text than the server's limits, and refuses an unknown time zone with a clear message", async () => {
    const page = await openForm();
    await fillValid(page);
    // Every text field stops at the server's limit (common/limits.ts), as it is typed.
    const limits: [string, number, boolean?][] = [
      ['Event Title', 200],
      ['Event Description', 5000],
      ['City', 100],
      ['Country', 100],
      ['Venue or meeting point', 200],
      ['Address', 300, true],
      ['Official Source Link', 2000],
      ['Organizer (Optional)', 200],
      ['Accessibility notes (Optional)', 2000],
    ];
    for (const [label, max, exact] of limits) {
      const field = page.getByLabel(label, { exact: exact ?? false });
      expect(await field.getAttribute('maxlength'), label).toBe(String(max));
    }
    await page.getByLabel('Event Title').fill('x'.repeat(201));
    expect(await page.getByLabel('Event Title').inputValue()).toHaveLength(200);
    await page.getByLabel('Time Zone').fill('Mars/Olympus');
    await page.getByRole('button', { name: 'Submit Event for Review' }).click();
    expect(await page.getByText('Please choose a valid time zone').isVisible()).toBe(true);
    expect(await focusedName(page)).toBe('timezone');
  });

  it('refuses an end date before the start without an end time, as with one, even after the start moved', async () => {
    const page = await openForm();
    await fillValid(page);
    await page.getByLabel('Event Date').fill('2031-05-01');
    await page.getByLabel('End Date').fill('2031-05-03');
    // The start moves past the end date, which stays as it was typed.
    await page.getByLabel('Event Date').fill('2031-05-17');
    expect(await page.getByLabel('End Date').inputValue()).toBe('2031-05-03');
    await page.getByRole('button', { name: 'Submit Event for Review' }).click();
    await page.getByText('The event must end after it starts').waitFor();
    expect(await describedBy(page, 'End Date')).toBe('The event must end after it starts');
    expect(await focusedName(page)).toBe('endDate');
    expect(await e2e.server.store.db.selectFrom('events').select('id').execute()).toHaveLength(0);
  });
});

describe('sending', () => {
  it('submits, shows "Submitting Event..." while sending, then "Event Submitted!"; the event waits in the queue', async () => {
    const page = await openForm(PHONE);
    await fillValid(page, 'Vigil for Gaza: phone');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(isSubmitCall, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Submit Event for Review' }).click();
    const sending = page.getByRole('button', { name: 'Submitting Event...' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();

    const heading = page.getByRole('heading', { name: 'Event Submitted!' });
    await heading.waitFor();
    expect(await heading.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(
      await page
        .getByText('now in the moderation queue and will be published once it has been approved')
        .isVisible(),
    ).toBe(true);
    await screenshot(page, 'submit-success-phone');
    await expectNoA11yViolations(page);

    const row = await e2e.server.store.db
      .selectFrom('events')
      .selectAll()
      .where('title', '=', 'Vigil for Gaza: phone')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'pending',
      verified: 0,
      created_by: user.id,
      type: 'cultural',
      city: 'Manchester',
      organizer: 'Manchester Friends of Palestine',
      timezone: 'Europe/London',
      starts_at: Date.parse('2031-05-17T17:30:00Z'),
    });
    expect(row.description).toBe('Candles, names read aloud.\nBring a candle.');

    // The submitter can open the pending event's own page.
    await page.getByRole('link', { name: 'See your submission' }).click();
    await page.waitForURL(`**/event/${row.id}`);
    await page.getByRole('heading', { name: 'Vigil for Gaza: phone' }).waitFor();
    expect(await page.getByText('This event is awaiting review and is not public yet.').isVisible()).toBe(
      true,
    );
  });

  it('"Submit Another Event" gives an empty form with the type back at protest; "View All Events" goes home', async () => {
    const page = await openForm(DESKTOP);
    await fillValid(page, 'First of two');
    await page.getByRole('button', { name: 'Submit Event for Review' }).click();
    await page.getByRole('heading', { name: 'Event Submitted!' }).waitFor();
    await screenshot(page, 'submit-success-desktop');
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Submit Another Event' }).click();
    await page.getByLabel('Event Title').waitFor();
    for (const label of [
      'Event Title',
      'Event Description',
      'Event Date',
      'Event Time',
      'City',
      'Country',
      'Official Source Link',
      'Organizer (Optional)',
    ]) {
      expect(await page.getByLabel(label).inputValue(), label).toBe('');
    }
    expect(await page.getByLabel('Event Type').inputValue()).toBe('protest');
    expect(await page.getByLabel('Time Zone').inputValue()).toBe('UTC');
    expect(await focusedName(page)).toBe('title');
    expect(await page.getByText('Event title is required').count()).toBe(0);

    await fillValid(page, 'Second of two');
    await page.getByRole('button', { name: 'Submit Event for Review' }).click();
    await page.getByRole('heading', { name: 'Event Submitted!' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'View All Events' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('shows "Failed to submit event. Please try again." in a red box above the button when the server fails', async () => {
    const page = await openForm(DESKTOP);
    await fillValid(page, 'Never stored');
    await page.route(isSubmitCall, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong on our side.' } }),
      }),
    );
    await page.getByRole('button', { name: 'Submit Event for Review' }).click();
    const box = page.getByRole('alert').filter({ hasText: 'Failed to submit event. Please try again.' });
    await box.waitFor();
    // Internals of a server failure are not shown; the form keeps what was typed.
    expect(await box.textContent()).toBe('Failed to submit event. Please try again.');
    const button = page.getByRole('button', { name: 'Submit Event for Review' });
    expect(await button.isEnabled()).toBe(true);
    const [boxBox, buttonBox] = [await box.boundingBox(), await button.boundingBox()];
    expect(boxBox!.y + boxBox!.height).toBeLessThanOrEqual(buttonBox!.y);
    expect(await box.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    expect(await page.getByLabel('Event Title').inputValue()).toBe('Never stored');
    await screenshot(page, 'submit-failed-desktop');
    await expectNoA11yViolations(page);

    // The rate limit's own message is shown, headed as what it is rather than "Please try again".
    await page.unroute(isSubmitCall);
    await page.route(isSubmitCall, (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'rate_limited',
            message:
              'You have submitted 10 events this hour, the most we accept. You can submit again in 34 minutes.',
          },
        }),
      }),
    );
    await button.click();
    await page.getByText('You have submitted 10 events this hour').waitFor();
    expect(
      await page
        .getByRole('alert')
        .filter({ hasText: 'Not sent: you have reached the limit.' })
        .textContent(),
    ).toBe(
      'Not sent: you have reached the limit.You have submitted 10 events this hour, the most we accept. You can submit again in 34 minutes.',
    );

    // Field messages from the server land on their fields.
    await page.unroute(isSubmitCall);
    await page.route(isSubmitCall, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'validation_failed',
            message: 'Please enter a valid URL',
            fields: { sourceLink: 'Please enter a valid URL' },
          },
        }),
      }),
    );
    await button.click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'sourceLink');
    expect(await describedBy(page, 'Official Source Link')).toContain('Please enter a valid URL');
    expect(
      await e2e.server.store.db
        .selectFrom('events')
        .select('id')
        .where('title', '=', 'Never stored')
        .execute(),
    ).toEqual([]);
  });

  it('at the submission limit says it and when to submit again, in the words the server sent', async () => {
    // A person of their own: the limit counts per account, and the other tests submit too.
    const busy = await createUser(e2e.server.store, { name: 'Busy Organiser' });
    const busyCookie = await sessionCookieFor(e2e.server.store, busy);
    const origin = new URL(e2e.server.url).origin;
    let status = 201;
    for (let i = 0; i < 21 && status === 201; i++) {
      const res = await fetch(`${e2e.server.url}/api/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: busyCookie, origin },
        body: JSON.stringify({
          title: `Vigil ${i}`,
          description: 'Candles.',
          date: '2031-05-17',
          time: '18:30',
          timezone: 'Europe/London',
          city: 'Leeds',
          country: 'United Kingdom',
          sourceLink: 'https://example.org/vigil',
        }),
      });
      status = res.status;
    }
    expect(status).toBe(429);
    const page = await e2e.newPage({ viewport: DESKTOP, cookie: busyCookie });
    await page.goto('/submit');
    await page.getByRole('button', { name: 'Submit Event for Review' }).waitFor();
    await fillValid(page, 'One too many');
    await page.getByRole('button', { name: 'Submit Event for Review' }).click();
    const box = page.getByRole('alert').filter({ hasText: 'Not sent: you have reached the limit.' });
    await box.waitFor();
    expect(await box.textContent()).toMatch(
      /^Not sent: you have reached the limit\.You have submitted 10 events this hour, the most we accept\. You can submit again in \d+ minutes?\.$/,
    );
  });

  it("keeps what was typed into the server's form before the page's code ran (a slow phone), and sends it", async () => {
    const page = await e2e.newPage({ viewport: PHONE, cookie: await cookie() });
    // The page's code arrives late, as on a slow connection: the form is there, the app is not yet.
    const release = await holdPageCode(page);
    await page.goto('/submit', { waitUntil: 'commit' });
    await page.getByLabel('Event Title').waitFor();
    await page.getByLabel('Event Title').fill('Typed on a slow phone');
    await page.getByLabel('Event Description').fill('Before the app had loaded.');
    await page.getByLabel('Event Date').fill('2031-06-06');
    await page.getByLabel('Event Time').fill('17:00');
    // The zone and Repeats come with the page's code (without JavaScript, their plain forms instead).
    await page.getByLabel('City').fill('Leeds');
    await page.getByLabel('Country').fill('United Kingdom');
    await page.getByLabel('Event Type').selectOption('educational');
    await page.getByLabel('Official Source Link').fill('https://example.org/slow');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ready'))).toBe(false);
    release();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'));
    expect(await page.getByLabel('Event Title').inputValue()).toBe('Typed on a slow phone');
    expect(await page.getByLabel('Event Description').inputValue()).toBe('Before the app had loaded.');
    expect(await page.getByLabel('Event Date').inputValue()).toBe('2031-06-06');
    expect(await page.getByLabel('City').inputValue()).toBe('Leeds');
    expect(await page.getByLabel('Event Type').inputValue()).toBe('educational');
    await page.getByRole('button', { name: 'Submit Event for Review' }).click();
    await page.getByRole('heading', { name: 'Event Submitted!' }).waitFor();
    const rows = await e2e.server.store.db
      .selectFrom('events')
      .select(['description', 'city', 'country', 'type', 'source_link'])
      .where('title', '=', 'Typed on a slow phone')
      .execute();
    expect(rows).toEqual([
      {
        description: 'Before the app had loaded.',
        city: 'Leeds',
        country: 'United Kingdom',
        type: 'educational',
        source_link: 'https://example.org/slow',
      },
    ]);
  });

  it('submitting after the session ended goes to /auth and keeps what was typed for the return', async () => {
    const page = await openForm(DESKTOP);
    await fillValid(page, 'Typed before the session ended');
    await page.context().clearCookies();
    await page.getByRole('button', { name: 'Submit Event for Review' }).click();
    // To sign in, then back to the form (docs/PRODUCT.md#sign-in).
    await page.waitForURL((url) => url.pathname === '/auth' && url.search === '?next=%2Fsubmit');
    // The sign-in page says why the person is there.
    await page.getByText('Your session ended before your event was sent.', { exact: false }).waitFor();

    const [name, value] = (await cookie()).split('=', 2) as [string, string];
    await page.context().addCookies([{ name, value, url: e2e.server.url }]);
    await page.goto('/submit');
    await page.getByText('we kept what you typed').waitFor();
    expect(await page.getByLabel('Event Title').inputValue()).toBe('Typed before the session ended');
    expect(await page.getByLabel('Event Type').inputValue()).toBe('cultural');
    await page.getByRole('button', { name: 'Submit Event for Review' }).click();
    await page.getByRole('heading', { name: 'Event Submitted!' }).waitFor();
  });
});
