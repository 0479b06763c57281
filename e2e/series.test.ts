import { beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '../common/schemas/events';
import type { EventEditState } from '../common/schemas/ownership';
import type { SeriesDto } from '../common/schemas/series';
import { apiClient } from '../server/testing/api';
import { validEventInput } from '../server/testing/factories';
import { DESKTOP, expectNoA11yViolations, PHONE, screenshot, setupE2E } from './support/browser';
import { fillSubmitForm, looks, organiserAndModerator } from './support/organiser';

// Recurring events (docs/PRODUCT.md#recurring-events), as people use them: an organiser submits a
// weekly vigil with the form's preview, a moderator approves it once, every date is listed on its own,
// and the organiser cancels one date from My events.

const e2e = setupE2E();
const { answer: call } = apiClient(() => e2e.server);
let organiserCookie: string;
let moderatorCookie: string;

beforeAll(async () => {
  const s = e2e.server.store;
  const people = await organiserAndModerator(s, 'Salma Organiser');
  organiserCookie = people.organiser.cookie;
  moderatorCookie = people.moderator.cookie;
});

const TITLE = 'Friday vigil for Gaza at the town hall';

describe('a weekly vigil', () => {
  it('is submitted once with a preview, approved once, listed date by date, and one date is cancelled', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP, cookie: organiserCookie });
    await page.goto('/submit');
    await fillSubmitForm(page, {
      title: TITLE,
      description: 'Candles and names read aloud, every Friday.',
      date: '2031-03-14',
      time: '18:00',
    });

    // Every week, on the first date's weekday, 6 times: the preview lists the dates as the site will,
    // at 18:00 London time on both sides of the clock change of 30 March.
    await page.getByRole('combobox', { name: 'Repeats' }).selectOption('weekly');
    expect(await page.getByRole('checkbox', { name: 'Friday' }).isChecked()).toBe(true);
    const preview = page.getByTestId('repeats-preview').getByRole('listitem');
    await expect.poll(() => preview.count()).toBe(6);
    expect(await preview.allTextContents()).toEqual([
      'Friday, March 14, 2031 at 6:00 PM',
      'Friday, March 21, 2031 at 6:00 PM',
      'Friday, March 28, 2031 at 6:00 PM',
      'Friday, April 4, 2031 at 6:00 PM',
      'Friday, April 11, 2031 at 6:00 PM',
      'Friday, April 18, 2031 at 6:00 PM',
    ]);
    // The dates are listed there: no one-date "Listed as" under the zone, which could name a day the
    // rule leaves out (a Wednesday typed, every Friday chosen).
    expect(await page.getByText('Listed as:', { exact: false }).count()).toBe(0);
    // A rule past its limits is refused before sending, in the server's words.
    await page.getByRole('spinbutton', { name: 'Number of dates' }).fill('61');
    await expect
      .poll(() => page.getByTestId('repeats-error').textContent())
      .toBe('A recurring event has from 2 to 60 dates');
    await page.getByRole('spinbutton', { name: 'Number of dates' }).fill('6');
    await expect.poll(() => preview.count()).toBe(6);
    await expectNoA11yViolations(page, 'submit with repeats');
    await looks(page, 'series-submit-desktop');
    await page.getByRole('button', { name: 'Submit Event for Review' }).click();
    await page.getByRole('heading', { name: 'Event Submitted!' }).waitFor();

    // The moderator sees it once, with its rule and number of dates, and approves it once.
    const moderator = await e2e.newPage({ viewport: DESKTOP, cookie: moderatorCookie });
    await moderator.goto('/moderation');
    const cards = moderator
      .getByTestId('moderation-card')
      .filter({ has: moderator.getByText(TITLE, { exact: true }) });
    await cards.first().waitFor();
    expect(await cards.count()).toBe(1);
    expect(await cards.getByTestId('moderation-repeats').textContent()).toBe(
      'Repeats every Friday · 6 dates',
    );
    await screenshot(moderator, 'series-moderation-desktop');
    await cards.getByRole('button').first().click();
    await moderator
      .getByTestId('moderation-actions')
      .filter({ visible: true })
      .getByRole('button', { name: 'Approve', exact: true })
      .click();
    await moderator.getByText(`“${TITLE}” was approved.`).waitFor();

    // Every date is listed on its own, each saying how it repeats.
    const visitor = await e2e.newPage({ viewport: PHONE });
    await visitor.goto(`/?search=${encodeURIComponent('Friday vigil for Gaza')}`);
    await expect.poll(() => visitor.getByTestId('event-repeats').count()).toBe(6);
    expect(new Set(await visitor.getByTestId('event-repeats').allTextContents())).toEqual(
      new Set(['Repeats every Friday']),
    );
    await expectNoA11yViolations(visitor, 'home with a series');
    await looks(visitor, 'series-home-phone');

    // An occurrence's page says so, lists every date and offers the whole series for calendars.
    await visitor.getByRole('link', { name: TITLE, exact: true }).nth(3).click();
    await visitor.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    expect(await visitor.getByTestId('event-repeats').textContent()).toBe('Repeats every Friday · 6 dates');
    await visitor.getByText('All dates').click();
    await expect.poll(() => visitor.getByTestId('series-dates').getByRole('listitem').count()).toBe(6);
    const ics = await visitor.getByTestId('series-ics').getAttribute('href');
    const file = await (await e2e.server.fetch(ics ?? '')).text();
    expect(file).toContain('RRULE:FREQ=WEEKLY;BYDAY=FR;WKST=MO;COUNT=6');
    await expectNoA11yViolations(visitor, 'occurrence page');
    await looks(visitor, 'series-event-phone');

    // My events shows the series once; the organiser cancels its second date.
    await page.goto('/my-events');
    await page.getByRole('heading', { level: 1, name: 'My events' }).waitFor();
    const rows = page
      .getByTestId('my-event')
      .filter({ has: page.getByRole('link', { name: TITLE, exact: true }) });
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.getByTestId('my-event-repeats').textContent()).toBe('Repeats every Friday · 6 dates');
    await rows.getByText('Dates', { exact: true }).click();
    const dates = rows.getByTestId('series-date');
    await expect.poll(() => dates.count()).toBe(6);
    // Change time: focus goes into the new date, and back to the button on Keep it.
    await dates.nth(2).getByRole('button', { name: 'Change time' }).click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('date');
    await dates.nth(2).getByRole('button', { name: 'Keep it' }).click();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Change time');
    // "End the series here" is not offered on the last date: there is nothing after it to end.
    expect(await dates.nth(4).getByRole('button', { name: 'End the series here' }).count()).toBe(1);
    expect(await dates.nth(5).getByRole('button', { name: 'End the series here' }).count()).toBe(0);
    // Cancelling a date asks first, as the event page does, with an optional note for attendees.
    await dates.nth(1).getByRole('button', { name: 'Cancel this date' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this event?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`“${TITLE} · Friday, March 21, 2031`);
    await looks(page, 'series-date-cancel-dialog-desktop');
    await dialog.getByRole('button', { name: 'Keep it as it is' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await dates.nth(1).getByText('Cancelled').count()).toBe(0);
    await dates.nth(1).getByRole('button', { name: 'Cancel this date' }).click();
    await dialog.getByLabel('Note for attendees (optional)').fill('The hall is closed that week.');
    await dialog.getByRole('button', { name: 'Cancel event' }).click();
    await page.getByText('That date was cancelled.').waitFor();
    // The row is drawn anew: focus is on what was done.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('That date was cancelled.');
    await expect.poll(() => dates.nth(1).getByText('Cancelled').count()).toBe(1);
    // Each date is postponed, cancelled or set going again in its own row; the card offers no
    // Cancel event of its own, which would change its first date only and look like the whole series.
    expect(await dates.nth(1).getByRole('button', { name: 'Going ahead after all' }).count()).toBe(1);
    expect(await dates.nth(0).getByRole('button', { name: 'Postpone this date' }).count()).toBe(1);
    expect(await rows.getByRole('button', { name: 'Cancel event', exact: true }).count()).toBe(0);
    expect(await rows.getByRole('button', { name: 'Postpone', exact: true }).count()).toBe(0);
    await expectNoA11yViolations(page, 'my events with a series');
    await looks(page, 'series-my-events-desktop');
    await page.setViewportSize(PHONE);
    await looks(page, 'series-my-events-phone');

    // The cancelled date stays listed with its tag and the note; the others are untouched.
    await visitor.goto(`/?search=${encodeURIComponent('Friday vigil for Gaza')}`);
    await expect.poll(() => visitor.getByTestId('event-repeats').count()).toBe(6);
    const listed = (await (
      await e2e.server.fetch(`/api/events?search=${encodeURIComponent('Friday vigil for Gaza')}`)
    ).json()) as { events: { id: string; date: string; schedule: string; scheduleNote?: string }[] };
    expect(listed.events.filter((e) => e.schedule === 'cancelled').map((e) => e.scheduleNote)).toEqual([
      'The hall is closed that week.',
    ]);

    // "Edit every date": one proposed change for the published dates, waiting for review.
    await page.setViewportSize(DESKTOP);
    await rows.getByRole('link', { name: 'Edit every date' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit every date of this series' }).waitFor();
    expect(await page.getByLabel('Event Title').inputValue()).toBe(TITLE);
    await expectNoA11yViolations(page, 'edit every date');
    await page.getByLabel('Event Title').fill('Friday vigil for Gaza at the square');
    await page.getByRole('button', { name: 'Edit every date' }).click();
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page
      .getByTestId('owner-panel')
      .getByText('Your changes are waiting for review', { exact: false })
      .first()
      .waitFor();

    // Meanwhile one date's own "Propose changes" says that change waits instead of giving a form that
    // would undo it, and offers "Edit every date" (docs/PRODUCT.md#recurring-events).
    const third = listed.events.find((e) => e.date === '2031-03-28T18:00:00.000Z');
    await page.goto(`/event/${third?.id}/edit`);
    await page
      .getByText('A change to every date of this recurring event is waiting for review.', { exact: false })
      .waitFor();
    expect(await page.getByLabel('Event Title').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit every date' }).getAttribute('href')).toContain(
      `/event/${third?.id}/edit?series=`,
    );
    await expectNoA11yViolations(page, 'one date while every date waits');
    await looks(page, 'series-date-edit-waiting-desktop');
    await page.setViewportSize(PHONE);
    await looks(page, 'series-date-edit-waiting-phone');
    await page.setViewportSize(DESKTOP);

    // In Arabic, right to left.
    const arabic = await e2e.newPage({ viewport: PHONE, locale: 'ar' });
    await arabic.goto(`/?search=${encodeURIComponent('Friday vigil for Gaza')}&lang=ar`);
    await expect.poll(() => arabic.getByTestId('event-repeats').count()).toBe(6);
    expect(await arabic.getByTestId('event-repeats').first().textContent()).toBe('يتكرر أسبوعيًا يوم الجمعة');
    await looks(arabic, 'series-home-phone-ar');
    await arabic.getByRole('link', { name: TITLE, exact: true }).first().click();
    await arabic.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await looks(arabic, 'series-event-phone-ar');
  });
});

describe('a monthly meeting on the same weekday', () => {
  it('takes which one of the month from the date, typed before or after the rule, and says how to fit a year', async () => {
    const page = await e2e.newPage({ viewport: PHONE, cookie: organiserCookie });
    await page.goto('/submit');
    // The rule chosen first (the form starts with no date), then the date typed, then corrected.
    await page.getByRole('combobox', { name: 'Repeats' }).selectOption('monthly_weekday');
    await fillSubmitForm(page, {
      title: 'Monthly solidarity assembly',
      description: 'Reports from the month and plans for the next.',
      date: '2031-01-16',
      time: '18:00',
    });
    const which = page.getByRole('combobox', { name: 'Which Thursday of the month' });
    const preview = page.getByTestId('repeats-preview').getByRole('listitem');
    const selected = () => which.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text);
    await expect.poll(selected).toBe('The third');
    await expect.poll(() => preview.first().textContent()).toBe('Thursday, January 16, 2031 at 6:00 PM');
    // 30 January 2031 is the fifth and last Thursday of its month: "the last", every month.
    await page.getByLabel('Event Date').fill('2031-01-30');
    await expect.poll(selected).toBe('The last');
    await expect
      .poll(() => preview.allTextContents())
      .toEqual([
        'Thursday, January 30, 2031 at 6:00 PM',
        'Thursday, February 27, 2031 at 6:00 PM',
        'Thursday, March 27, 2031 at 6:00 PM',
        'Thursday, April 24, 2031 at 6:00 PM',
        'Thursday, May 29, 2031 at 6:00 PM',
        'Thursday, June 26, 2031 at 6:00 PM',
      ]);
    await looks(page, 'series-monthly-weekday-phone');
    // The fifth chosen for that date: six of them run past a year, and the message says what to change.
    await which.selectOption({ label: 'The fifth' });
    await expect
      .poll(() => page.getByTestId('repeats-error').textContent())
      .toBe('A recurring event can span at most a year. Choose fewer dates or an earlier end.');
    await page.getByRole('spinbutton', { name: 'Number of dates' }).fill('4');
    await expect.poll(() => preview.count()).toBe(4);
    expect(await selected()).toBe('The fifth');
    await expectNoA11yViolations(page, 'submit with a monthly rule');

    // The date typed first, the rule after: the last Thursday again, six dates within the year.
    const again = await e2e.newPage({ viewport: DESKTOP, cookie: organiserCookie });
    await again.goto('/submit');
    await fillSubmitForm(again, {
      title: 'Monthly solidarity assembly',
      description: 'Reports from the month and plans for the next.',
      date: '2031-01-30',
      time: '18:00',
    });
    await again.getByRole('combobox', { name: 'Repeats' }).selectOption('monthly_weekday');
    const whichAgain = again.getByRole('combobox', { name: 'Which Thursday of the month' });
    await expect
      .poll(() => whichAgain.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text))
      .toBe('The last');
    await expect.poll(() => again.getByTestId('repeats-preview').getByRole('listitem').count()).toBe(6);
    expect(await again.getByTestId('repeats-error').count()).toBe(0);
    await looks(again, 'series-monthly-weekday-desktop');
  });
});

/** A weekly series the organiser submitted through the API and the moderator approved: its dates. */
async function approvedWeekly(
  title: string,
  date: string,
  time: string,
  weekday: string,
  count: number,
): Promise<SeriesDto> {
  const first = await call<EventDto>(
    '/api/events',
    organiserCookie,
    { ...validEventInput({ title, date, time }), repeats: { freq: 'weekly', weekdays: [weekday], count } },
    201,
  );
  await call(`/api/moderation/events/${first.id}/approve`, moderatorCookie, { verified: false });
  return call<SeriesDto>(`/api/series/${first.series?.id}`, organiserCookie);
}

/** My events on a desktop, the series `title`'s dates opened: all `count` of them listed. */
async function openDatesInMyEvents(title: string, count: number) {
  const page = await e2e.newPage({ viewport: DESKTOP, cookie: organiserCookie });
  await page.goto('/my-events');
  const row = page
    .getByTestId('my-event')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });
  await row.getByText('Dates', { exact: true }).click();
  const dates = row.getByTestId('series-date');
  await expect.poll(() => dates.count()).toBe(count);
  return { page, dates };
}

describe('a date whose own proposed change waits', () => {
  it('says so in My events, and leads to that change instead of Change time', async () => {
    const title = 'Tuesday teach-in on the right of return';
    const form = (date: string, time: string) => validEventInput({ title, date, time });
    const series = await approvedWeekly(title, '2031-05-06', '19:00', 'TU', 4);
    const second = series.occurrences[1];
    const state = await call<EventEditState>(`/api/events/${second?.id}/edit`, organiserCookie);
    await call(`/api/events/${second?.id}/edit`, organiserCookie, {
      ...form('2031-05-13', '20:00'),
      version: state.version,
    });

    const { page, dates } = await openDatesInMyEvents(title, 4);
    // The second date says its change waits, and offers it instead of Change time; the others do not.
    await dates.nth(1).getByText('Changes waiting for review').waitFor();
    expect(await dates.nth(1).getByRole('button', { name: 'Change time' }).count()).toBe(0);
    const see = dates.nth(1).getByRole('link', { name: 'See the waiting changes' });
    expect(await see.getAttribute('href')).toBe(`/event/${second?.id}/edit`);
    for (const other of [0, 2, 3]) {
      expect(await dates.nth(other).getByText('Changes waiting for review').count()).toBe(0);
      expect(await dates.nth(other).getByRole('button', { name: 'Change time' }).count()).toBe(1);
    }
    await expectNoA11yViolations(page, 'my events, a date whose change waits');
    await looks(page, 'series-date-change-waiting-desktop');
    await page.setViewportSize(PHONE);
    await looks(page, 'series-date-change-waiting-phone');
    // It opens the date's form as proposed, where its time changes until a moderator decides.
    await see.click();
    await expect.poll(() => page.getByLabel('Event Time').inputValue()).toBe('20:00');
  });
});

describe('ending a series early from My events', () => {
  it('closes its question once done, and the new last date keeps its own buttons, each naming its date', async () => {
    const title = 'Saturday stall for Palestine';
    await approvedWeekly(title, '2031-06-07', '11:00', 'SA', 4);
    const { page, dates } = await openDatesInMyEvents(title, 4);
    // A screen reader hears which date each button is for.
    const cancelSecond = dates.nth(1).getByRole('button', { name: 'Cancel this date' });
    expect(await cancelSecond.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      await cancelSecond.evaluate(
        (button) => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent,
      ),
    ).toBe('Saturday, June 14, 2031 at 11:00 AM');

    await dates.nth(1).getByRole('button', { name: 'End the series here' }).click();
    await dates.nth(1).getByRole('button', { name: 'End the series', exact: true }).click();
    await page.getByText('The series now ends on Saturday, June 14, 2031 at 11:00 AM.').waitFor();
    // The question is gone; the date is the last one now, with its own buttons and nothing to end.
    await expect
      .poll(() => dates.nth(1).getByRole('button', { name: 'End the series', exact: true }).count())
      .toBe(0);
    expect(await dates.nth(1).getByText('End the series after', { exact: false }).count()).toBe(0);
    expect(await dates.nth(1).getByRole('button', { name: 'Change time' }).count()).toBe(1);
    expect(await dates.nth(1).getByRole('button', { name: 'End the series here' }).count()).toBe(0);
    await expect.poll(() => dates.nth(2).getByText('Withdrawn').count()).toBe(1);
  });
});

describe('a date of a series read without JavaScript', () => {
  it('lists every date, a cancelled one said so, as the page with JavaScript does', async () => {
    const title = 'Thursday film club for Gaza';
    const series = await approvedWeekly(title, '2031-07-03', '19:30', 'TH', 3);
    await call(`/api/events/${series.occurrences[1]?.id}/schedule`, organiserCookie, {
      schedule: 'cancelled',
    });

    const page = await e2e.newPage({ viewport: PHONE, javaScriptEnabled: false });
    const answer = await page.goto(`/event/${series.occurrences[0]?.id}`);
    expect(await answer?.text()).toContain('data-testid="series-dates"');
    await page.getByText('All dates').click();
    const items = page.getByTestId('series-dates').getByRole('listitem');
    expect(await items.allTextContents()).toEqual([
      'Thursday, July 3, 2031 at 7:30 PM',
      'Thursday, July 10, 2031 at 7:30 PM · Cancelled',
      'Thursday, July 17, 2031 at 7:30 PM',
    ]);
    // Each date links to its own page.
    await items.nth(2).getByRole('link').click();
    await page.waitForURL((url) => url.pathname === `/event/${series.occurrences[2]?.id}`);
  });
});
