import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../server/store/schema';
import { createUser, sessionCookieFor } from '../server/testing/factories';
import { DESKTOP, expectNoA11yViolations, PHONE, screenshot, setupE2E } from './support/browser';

// The Time Zone field is a combobox (docs/PRODUCT.md#text-people-write): type a city or a zone name,
// pick with the keyboard or the mouse. The browser runs in Gaza here, so its zone comes first.
const e2e = setupE2E();
let user: UserRow;
beforeAll(async () => {
  user = await createUser(e2e.server.store, { name: 'Test Organiser' });
});

async function openForm(
  viewport: { width: number; height: number } = DESKTOP,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<Page> {
  const page = await e2e.newPage({
    viewport,
    cookie: await sessionCookieFor(e2e.server.store, user),
    timezoneId: 'Asia/Gaza',
  });
  await page.emulateMedia({ colorScheme });
  await page.goto('/submit');
  await page.getByRole('button', { name: 'Submit Event for Review' }).waitFor();
  // A winter date: the offsets below do not move with the day the test runs.
  await page.getByLabel('Event Date').fill('2031-01-15');
  await page.getByLabel('Event Time').fill('18:30');
  return page;
}

const zoneField = (page: Page) => page.getByRole('combobox', { name: 'Time Zone' });
const options = (page: Page) => page.getByRole('listbox', { name: 'Matching zones' }).getByRole('option');
const activeOption = (page: Page) =>
  zoneField(page).evaluate((el) => {
    const id = el.getAttribute('aria-activedescendant');
    return id ? (document.getElementById(id)?.textContent ?? null) : null;
  });

describe('time zone combobox', () => {
  it('is used with the keyboard alone: type a city, arrows, Enter, Escape', async () => {
    const page = await openForm();
    // Reached by the keyboard (from the field after it, as the time field has stops of its own).
    await page.getByRole('combobox', { name: 'Repeats' }).focus();
    await page.keyboard.press('Shift+Tab');
    const field = zoneField(page);
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    // The person's own zone, named naturally, and said in the hint.
    expect(await field.inputValue()).toBe('Gaza time (GMT+2)');
    expect(await page.getByText('(yours is Gaza time (GMT+2))').count()).toBe(1);
    expect(await field.getAttribute('aria-expanded')).toBe('false');

    // Down opens the list on the first suggestion: the browser's own zone.
    await page.keyboard.press('ArrowDown');
    expect(await field.getAttribute('aria-expanded')).toBe('true');
    expect(await activeOption(page)).toBe('Gaza time (GMT+2)Asia/Gaza · Your time zone');

    // Typing searches; the city's zone is named by the city typed.
    await page.keyboard.type('cape');
    await expect
      .poll(() => options(page).first().textContent())
      .toBe('Cape Town time (GMT+2)Africa/Johannesburg');
    expect(await activeOption(page)).toBeNull();
    await page.keyboard.press('ArrowDown');
    expect(await activeOption(page)).toBe('Cape Town time (GMT+2)Africa/Johannesburg');
    await page.keyboard.press('Enter');
    expect(await field.inputValue()).toBe('Cape Town time (GMT+2)');
    expect(await field.getAttribute('aria-expanded')).toBe('false');
    // Enter picked the zone; it did not send the form.
    expect(await page.getByText('Event title is required').count()).toBe(0);
    expect(await page.getByText('Listed as: Wednesday, January 15, 2031 at 6:30 PM (GMT+2)').count()).toBe(1);

    // Up goes to the last suggestion, wrapping round; Escape closes, then gives the chosen zone back.
    await page.keyboard.press('Control+A');
    await page.keyboard.type('pst');
    await expect
      .poll(() => options(page).first().textContent())
      .toBe('Los Angeles time (PST)America/Los_Angeles');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('los an');
    await expect.poll(() => options(page).count()).toBe(1);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('san');
    await expect.poll(() => options(page).count()).toBeGreaterThan(2);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    const count = await options(page).count();
    expect(await activeOption(page)).toBe(
      await options(page)
        .nth(count - 1)
        .textContent(),
    );
    await page.keyboard.press('ArrowDown');
    expect(await activeOption(page)).toBe(await options(page).first().textContent());
    await page.keyboard.press('Escape');
    expect(await field.getAttribute('aria-expanded')).toBe('false');
    expect(await field.inputValue()).toBe('san');
    await page.keyboard.press('Escape');
    expect(await field.inputValue()).toBe('Cape Town time (GMT+2)');

    // The rest of the form, then Enter in the zone field sends it: the zone stored is Cape Town's.
    await page.getByLabel('Event Title').fill('Teach-in at the university');
    await page.getByLabel('Event Description').fill('History and present of the Nakba.');
    await page.getByLabel('City').fill('Cape Town');
    await page.getByLabel('Country').fill('South Africa');
    await page.getByLabel('Official Source Link').fill('example.org/teach-in');
    await field.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Event Submitted!' }).waitFor();
    const stored = await e2e.server.store.db
      .selectFrom('events')
      .select(['timezone', 'source_link'])
      .where('title', '=', 'Teach-in at the university')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ timezone: 'Africa/Johannesburg', source_link: 'https://example.org/teach-in' });
  });

  it('picks the first suggestion on Enter with none highlighted, and never sends the form from the open list', async () => {
    const page = await openForm();
    // The rest of the form is filled in: Enter sending it would put the event up for review now.
    await page.getByLabel('Event Title').fill('Vigil with a zone typed in a hurry');
    await page.getByLabel('Event Description').fill('Candles and names.');
    await page.getByLabel('City').fill('Cape Town');
    await page.getByLabel('Country').fill('South Africa');
    await page.getByLabel('Official Source Link').fill('example.org/vigil');
    const field = zoneField(page);
    await field.fill('cape');
    await expect.poll(() => options(page).count()).toBeGreaterThan(1);
    expect(await activeOption(page)).toBeNull();
    await page.keyboard.press('Enter');
    expect(await field.inputValue()).toBe('Cape Town time (GMT+2)');
    expect(await field.getAttribute('aria-expanded')).toBe('false');
    // Nothing to suggest: Enter closes the list, and sends nothing either.
    await field.fill('qqqq');
    await page.getByText('No time zone matches.', { exact: false }).first().waitFor();
    await page.keyboard.press('Enter');
    expect(await field.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('heading', { name: 'Event Submitted!' }).count()).toBe(0);
    expect(
      await e2e.server.store.db
        .selectFrom('events')
        .select('id')
        .where('title', '=', 'Vigil with a zone typed in a hurry')
        .execute(),
    ).toEqual([]);
  });

  it('takes a click on a suggestion, and names a zone typed by its name', async () => {
    const page = await openForm(PHONE);
    const field = zoneField(page);
    await field.click();
    await field.fill('lahore');
    await options(page).filter({ hasText: 'Lahore time (GMT+5)' }).click();
    expect(await field.inputValue()).toBe('Lahore time (GMT+5)');
    expect(await field.getAttribute('aria-expanded')).toBe('false');
    // A zone name typed in full chooses it without the list; leaving the field shows its name.
    await field.fill('America/Sao_Paulo');
    await page.getByLabel('City').focus();
    expect(await field.inputValue()).toBe('São Paulo time (GMT-3)');
  });

  it('passes axe with the list open, and looks right on a phone and a desktop, light and dark', async () => {
    for (const [viewport, name] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const page = await openForm(viewport, scheme);
        await zoneField(page).click();
        await page.keyboard.type('Jo');
        await page.keyboard.press('ArrowDown');
        await options(page).first().waitFor();
        await expectNoA11yViolations(page, `zone list (${name}, ${scheme})`);
        // The field near the top of the window, so the picture shows the list under it.
        await zoneField(page).evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await page.mouse.wheel(0, 250);
        await page.screenshot({ path: `e2e/screenshots/timezone-${name}-${scheme}.png` });
      }
    }
    const page = await openForm(PHONE);
    await screenshot(page, 'timezone-form-phone');
  });
});
