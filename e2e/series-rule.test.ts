import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '../common/schemas/events';
import type { SeriesDto } from '../common/schemas/series';
import { createModerator, createUser, sessionCookieFor, validEventInput } from '../server/testing/factories';
import { smallPng } from '../server/testing/images';
import { DESKTOP, expectNoA11yViolations, PHONE, screenshot, setupE2E } from './support/browser';

// "Edit every date" with a new rule (docs/PRODUCT.md#recurring-events): the organiser finds the series'
// Repeats section filled in, asks for two more Fridays; the moderator reads the rule before and after and
// the dates it adds, and accepts it.

const e2e = setupE2E();
let organiserCookie: string;
let moderatorCookie: string;

beforeAll(async () => {
  const s = e2e.server.store;
  organiserCookie = await sessionCookieFor(s, await createUser(s, { name: 'Salma Organiser' }));
  moderatorCookie = await sessionCookieFor(s, await createModerator(s, { name: 'Mod' }));
});

const TITLE = 'Friday vigil at the library steps';

async function post<T>(path: string, cookie: string, body: unknown, status = 200): Promise<T> {
  const res = await e2e.server.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function looks(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
    await screenshot(page, `${name}-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('editing the rule of a published series', () => {
  it('shows the Repeats section filled in, proposes two more dates, and the moderator accepts them', async () => {
    const first = await post<EventDto>(
      '/api/events',
      organiserCookie,
      {
        ...validEventInput({ date: '2031-03-14', time: '18:00', title: TITLE, city: 'Leeds' }),
        repeats: { freq: 'weekly', weekdays: ['FR'], count: 6 },
      },
      201,
    );
    await post(`/api/moderation/events/${first.id}/approve`, moderatorCookie, { verified: false });
    const seriesId = first.series?.id ?? '';

    const page = await e2e.newPage({ viewport: DESKTOP, cookie: organiserCookie });
    await page.goto('/my-events');
    const row = page
      .getByTestId('my-event')
      .filter({ has: page.getByRole('link', { name: TITLE, exact: true }) });
    // Beside the card's own "Propose changes", the series' button says which changes what.
    const everyDate = row.getByRole('link', { name: 'Edit every date' });
    await row.getByRole('link', { name: 'Propose changes' }).waitFor();
    expect(await everyDate.evaluate((el) => el.getAttribute('aria-describedby') ?? '')).not.toBe('');
    expect(
      await row.getByText('Every date still to come. “Propose changes” changes this date alone.').count(),
    ).toBe(1);
    await screenshot(page, 'my-events-series-desktop');
    await everyDate.click();
    await page.getByRole('heading', { level: 1, name: 'Edit every date of this series' }).waitFor();

    // The series' rule, from its first date.
    expect(await page.getByLabel('Event Date').inputValue()).toBe('2031-03-14');
    const repeats = page.getByTestId('repeats');
    expect(await repeats.getByRole('combobox', { name: 'Repeats' }).inputValue()).toBe('weekly');
    expect(await repeats.getByRole('option', { name: 'Never' }).count()).toBe(0);
    expect(await repeats.getByRole('checkbox', { name: 'Friday' }).isChecked()).toBe(true);
    const count = repeats.getByRole('spinbutton');
    expect(await count.inputValue()).toBe('6');
    // Two more Fridays: the preview lists 8.
    await count.fill('8');
    const preview = page.getByTestId('repeats-preview').getByRole('listitem');
    await expect.poll(() => preview.count()).toBe(8);
    expect(await preview.last().textContent()).toBe('Friday, May 2, 2031 at 6:00 PM');
    await expectNoA11yViolations(page, 'edit every date with its rule');
    await looks(page, 'series-rule-edit-desktop');
    await page.setViewportSize(PHONE);
    await looks(page, 'series-rule-edit-phone');
    await page.getByRole('button', { name: 'Edit every date' }).click();
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page
      .getByTestId('owner-panel')
      .getByText('Your changes are waiting for review', { exact: false })
      .first()
      .waitFor();
    // Editing again starts from the rule waiting for review.
    await page.goto(`/event/${first.id}/edit?series=${seriesId}`);
    await page.getByTestId('repeats').waitFor();
    expect(await page.getByTestId('repeats').getByRole('spinbutton').inputValue()).toBe('8');

    // The moderator reads the rule before and after, and the two dates it adds.
    const moderator = await e2e.newPage({ viewport: DESKTOP, cookie: moderatorCookie });
    await moderator.goto('/moderation');
    const card = moderator
      .getByTestId('moderation-card')
      .filter({ has: moderator.getByText(TITLE, { exact: true }) });
    await card.getByText('Changed', { exact: true }).waitFor();
    // A change to every date, not to this one alone.
    await card.getByText('This date and later ones', { exact: true }).waitFor();
    await card.getByRole('button').first().click();
    const comparison = moderator.getByTestId('change-comparison').filter({ visible: true });
    await comparison.getByText(/The change is for this date and every later date of the series\./).waitFor();
    const rule = comparison.getByTestId('change-field-repeats');
    await rule.waitFor();
    expect(await rule.textContent()).toContain('Repeats every Friday · 6 dates');
    expect(await rule.textContent()).toContain('Repeats every Friday · 8 dates');
    expect(
      await comparison.getByTestId('change-dates-added').getByRole('listitem').allTextContents(),
    ).toEqual(['Friday, April 25, 2031 at 6:00 PM', 'Friday, May 2, 2031 at 6:00 PM']);
    expect(await comparison.getByTestId('change-dates-removed').textContent()).toContain('None');
    await expectNoA11yViolations(moderator, 'moderation with a new rule');
    await looks(moderator, 'series-rule-moderation-desktop');
    await moderator.setViewportSize(PHONE);
    await looks(moderator, 'series-rule-moderation-phone');

    // In Arabic, right to left.
    const arabic = await e2e.newPage({ viewport: PHONE, cookie: moderatorCookie, locale: 'ar' });
    await arabic.goto('/moderation?lang=ar');
    const arabicCard = arabic
      .getByTestId('moderation-card')
      .filter({ has: arabic.getByText(TITLE, { exact: true }) });
    await arabicCard.getByRole('button').first().click();
    await arabic.getByTestId('change-field-repeats').filter({ visible: true }).waitFor();
    await looks(arabic, 'series-rule-moderation-phone-ar');
    const arabicEdit = await e2e.newPage({ viewport: PHONE, cookie: organiserCookie, locale: 'ar' });
    await arabicEdit.goto(`/event/${first.id}/edit?series=${seriesId}&lang=ar`);
    await arabicEdit.getByTestId('repeats').waitFor();
    await looks(arabicEdit, 'series-rule-edit-phone-ar');

    await moderator.setViewportSize(DESKTOP);
    await moderator
      .getByTestId('moderation-actions')
      .filter({ visible: true })
      .getByRole('button', { name: 'Accept Changes' })
      .click();
    await moderator.getByText(`The changes to “${TITLE}” are published.`).waitFor();
    const series = (await (await e2e.server.fetch(`/api/series/${seriesId}`)).json()) as SeriesDto;
    expect(series.occurrences.map((o) => o.date.slice(0, 10))).toEqual([
      '2031-03-14',
      '2031-03-21',
      '2031-03-28',
      '2031-04-04',
      '2031-04-11',
      '2031-04-18',
      '2031-04-25',
      '2031-05-02',
    ]);
  });
});

describe('editing every date of a series with a flyer', () => {
  it('keeps the flyer: the form shows it, and every date still has it after the edit', async () => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(await smallPng(41, 800, 450))], { type: 'image/png' }),
      'f.png',
    );
    const upload = await e2e.server.fetch('/api/images', {
      method: 'POST',
      headers: { cookie: organiserCookie },
      body: form,
    });
    expect(upload.status).toBe(201);
    const image = (await upload.json()) as { id: string };
    const alt = 'A candle on the library steps';
    const first = await post<EventDto>(
      '/api/events',
      organiserCookie,
      {
        ...validEventInput({ date: '2031-06-06', time: '18:00', title: 'Vigil with a flyer', city: 'York' }),
        image: { id: image.id, alt },
        repeats: { freq: 'weekly', weekdays: ['FR'], count: 4 },
      },
      201,
    );
    const seriesId = first.series?.id ?? '';
    const page = await e2e.newPage({ viewport: PHONE, cookie: organiserCookie });
    await page.goto(`/event/${first.id}/edit?series=${seriesId}`);
    await page.getByTestId('repeats').waitFor();
    expect(await page.getByLabel('Image description').inputValue()).toBe(alt);
    await page.getByLabel('Event Title').fill('Vigil with a flyer, new title');
    await page.getByRole('button', { name: 'Edit every date' }).click();
    await page.getByRole('heading', { level: 1, name: 'Vigil with a flyer, new title' }).waitFor();
    const series = (await (
      await e2e.server.fetch(`/api/series/${seriesId}`, { headers: { cookie: organiserCookie } })
    ).json()) as SeriesDto;
    for (const occurrence of series.occurrences) {
      const event = (await (
        await e2e.server.fetch(`/api/events/${occurrence.id}`, { headers: { cookie: organiserCookie } })
      ).json()) as EventDto;
      expect(event.title).toBe('Vigil with a flyer, new title');
      expect(event.image).toMatchObject({ id: image.id, alt });
    }
  });
});

describe('a series without JavaScript', () => {
  it('is submitted with the plain Repeats controls; a refusal keeps them and says why', async () => {
    const s = e2e.server.store;
    const cookie = await sessionCookieFor(s, await createUser(s, { name: 'Rania Plainform' }));
    const page = await e2e.newPage({ viewport: PHONE, cookie, javaScriptEnabled: false });
    await page.goto('/submit');
    await page.getByRole('heading', { level: 1, name: 'Submit an Event' }).waitFor();
    await page.getByLabel('Event Title').fill('Plain Friday vigil');
    await page
      .getByLabel('Event Description')
      .fill('Candles at the square, every Friday, without JavaScript.');
    await page.getByLabel('Event Date').fill('2031-03-14');
    await page.getByLabel('Event Time').fill('18:00');
    await page.getByLabel('Time Zone').selectOption('Europe/London');
    await page.getByLabel('City').fill('York');
    await page.getByLabel('Country').fill('United Kingdom');
    await page.getByLabel('Official Source Link').fill('https://example.org/plain-friday');
    const repeats = page.getByTestId('repeats');
    await repeats.getByText('The preview of the dates needs JavaScript.', { exact: false }).waitFor();
    await repeats.getByRole('combobox', { name: 'Repeats' }).selectOption('weekly');
    await repeats.getByRole('spinbutton').fill('3');
    // No weekday: the form again, with the rule's message and the choices kept.
    await page.getByRole('button', { name: 'Submit Event for Review' }).click();
    await page.getByTestId('repeats-error').waitFor();
    expect(await page.getByTestId('repeats-error').textContent()).toBe('Choose at least one weekday');
    expect(await page.getByTestId('repeats').getByRole('combobox', { name: 'Repeats' }).inputValue()).toBe(
      'weekly',
    );
    expect(await page.getByTestId('repeats').getByRole('spinbutton').inputValue()).toBe('3');
    await looks(page, 'series-no-js-refused-phone');
    await page.getByTestId('repeats').getByRole('checkbox', { name: 'Friday' }).check();
    await page.getByRole('button', { name: 'Submit Event for Review' }).click();
    await page.waitForURL((url) => url.searchParams.has('submitted'));
    await page.getByRole('heading', { level: 1, name: 'Event Submitted!' }).waitFor();

    const id = new URL(page.url()).searchParams.get('submitted') ?? '';
    const event = (await (
      await e2e.server.fetch(`/api/events/${id}`, { headers: { cookie } })
    ).json()) as EventDto;
    expect(event).toMatchObject({ title: 'Plain Friday vigil', status: 'pending' });
    expect(event.series).toMatchObject({ rule: { freq: 'weekly', weekdays: ['FR'], count: 3 }, total: 3 });
    const series = (await (
      await e2e.server.fetch(`/api/series/${event.series?.id}`, { headers: { cookie } })
    ).json()) as SeriesDto;
    expect(series.occurrences.map((o) => o.date)).toEqual([
      '2031-03-14T18:00:00.000Z',
      '2031-03-21T18:00:00.000Z',
      '2031-03-28T18:00:00.000Z',
    ]);
  });
});
