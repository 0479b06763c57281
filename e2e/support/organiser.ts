import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Store } from '../../server/store/db';
import { type SignedIn, signedIn, signedInModerator } from '../../server/testing/api';
import { screenshot } from './browser';

// What the suites that walk an organiser's event from the form to the queue and back (series, My
// events) start from: who acts, the form filled in, and how a page is looked at.

/** The organiser (named `organiserName`) and the moderator "Mod", signed in. */
export async function organiserAndModerator(
  store: Store,
  organiserName: string,
): Promise<{ organiser: SignedIn; moderator: SignedIn }> {
  return {
    organiser: await signedIn(store, { name: organiserName }),
    moderator: await signedInModerator(store, { name: 'Mod' }),
  };
}

/** The submit form (open on `page`) filled in for an event in Leeds, London time; not yet sent. */
export async function fillSubmitForm(
  page: Page,
  event: { title: string; description: string; date: string; time: string },
): Promise<void> {
  await page.getByLabel('Event Title').fill(event.title);
  await page.getByLabel('Event Description').fill(event.description);
  await page.getByLabel('Event Date').fill(event.date);
  await page.getByLabel('Event Time').fill(event.time);
  await page.getByLabel('Time Zone').fill('Europe/London');
  await page.getByLabel('City').fill('Leeds');
  await page.getByLabel('Country').fill('United Kingdom');
  await page.getByLabel('Official Source Link').fill('https://example.org/vigil');
}

/** The page fits its width (no sideways scroll) in light and in dark, with a screenshot of each. */
export async function looks(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
    await screenshot(page, `${name}-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
