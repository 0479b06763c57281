import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRow } from '../server/store/schema';
import {
  createEvent,
  createModerator,
  createReport,
  createUser,
  sessionCookieFor,
} from '../server/testing/factories';
import { DESKTOP, type E2E, expectNoA11yViolations, PHONE, screenshot, startE2E } from './support/browser';

/** Payloads in every free-text field; none may ever run, all must show as the text they are. */
const XSS = {
  title: '<script>alert("title")</script>Hostile vigil',
  description: '<img src=x onerror=alert("description")> Bring "signs" & <b>friends</b>',
  organizer: `"'><svg onload=alert("organizer")>`,
  city: '<img src=x onerror=alert("city")>',
};
const PENDING_TITLE = `"'><svg onload=alert("pending")>Pending rally`;

let e2e: E2E;
let published: EventRow;
let modCookie: string;
const dialogs: string[] = [];

beforeAll(async () => {
  e2e = await startE2E();
  const s = e2e.server.store;
  const submitter = await createUser(s);
  published = await createEvent(s, { ...XSS, createdBy: submitter.id, country: 'United Kingdom' });
  await createEvent(s, { ...XSS, title: PENDING_TITLE, status: 'pending', createdBy: submitter.id });
  const reporter = await createUser(s);
  await createReport(s, { eventId: published.id, reportedBy: reporter.id, reason: 'spam' });
  modCookie = await sessionCookieFor(s, await createModerator(s));
});

afterAll(() => e2e.close());

/** A page that records every alert/confirm/prompt a payload could open. */
async function guardedPage(viewport: { width: number; height: number }, cookie?: string): Promise<Page> {
  const page = await e2e.newPage({ viewport, cookie });
  page.on('dialog', async (dialog) => {
    dialogs.push(`${page.url()}: ${dialog.type()} ${dialog.message()}`);
    await dialog.dismiss();
  });
  return page;
}

/** Nothing a payload would have created is in the document. */
async function expectNoInjectedMarkup(page: Page, label: string): Promise<void> {
  const injected = await page.evaluate(() => ({
    imgX: document.querySelectorAll('img[src="x"], img[onerror]').length,
    svgOnload: document.querySelectorAll('svg[onload]').length,
    bold: [...document.querySelectorAll('b')].filter((b) => b.textContent === 'friends').length,
    // Runnable scripts only: the event page's JSON-LD is data, and holds the title (escaped) on purpose.
    alertScripts: [...document.scripts].filter(
      (s) => s.type !== 'application/ld+json' && s.textContent?.includes('alert('),
    ).length,
    jsonLdWithMarkup: [...document.querySelectorAll('script[type="application/ld+json"]')].filter((s) =>
      s.textContent?.includes('<'),
    ).length,
    handlers: [...document.querySelectorAll('*')].filter((el) =>
      [...el.attributes].some((a) => a.name.startsWith('on')),
    ).length,
  }));
  expect(injected, label).toEqual({
    imgX: 0,
    svgOnload: 0,
    bold: 0,
    alertScripts: 0,
    jsonLdWithMarkup: 0,
    handlers: 0,
  });
}

describe('hostile event text in the browser', () => {
  for (const [viewport, size] of [
    [PHONE, 'phone'],
    [DESKTOP, 'desktop'],
  ] as const) {
    it(`shows it as text on the home page and the event page (${size})`, async () => {
      const home = await guardedPage(viewport);
      await home.goto('/');
      await home.getByText(XSS.title).first().waitFor();
      expect(await home.getByText(XSS.city).first().isVisible()).toBe(true);
      await expectNoInjectedMarkup(home, `home, ${size}`);
      await expectNoA11yViolations(home, `home with hostile event, ${size}`);
      await screenshot(home, `security-home-${size}`);

      const detail = await guardedPage(viewport);
      await detail.goto(`/event/${published.id}`);
      await detail.getByRole('heading', { level: 1, name: XSS.title }).waitFor();
      for (const text of [XSS.description, XSS.organizer, XSS.city]) {
        expect(await detail.getByText(text).first().isVisible(), text).toBe(true);
      }
      await expectNoInjectedMarkup(detail, `event page, ${size}`);
      await expectNoA11yViolations(detail, `event page with hostile text, ${size}`);
      await screenshot(detail, `security-event-${size}`);
      expect(dialogs).toEqual([]);
    });

    it(`shows it as text on the moderation dashboard (${size})`, async () => {
      const page = await guardedPage(viewport, modCookie);
      await page.goto('/moderation');
      await page.getByRole('heading', { name: 'Moderation Dashboard' }).waitFor();
      await page.getByText(PENDING_TITLE).first().waitFor();
      await expectNoInjectedMarkup(page, `moderation pending, ${size}`);
      await screenshot(page, `security-moderation-pending-${size}`);
      await page.getByRole('tab', { name: /Reported Events/ }).click();
      await page.getByText(XSS.title).first().waitFor();
      await expectNoInjectedMarkup(page, `moderation reported, ${size}`);
      await expectNoA11yViolations(page, `moderation with hostile text, ${size}`);
      await screenshot(page, `security-moderation-reported-${size}`);
      expect(dialogs).toEqual([]);
    });
  }

  it('runs nothing from the server-rendered embed list either, and made no request to another site', async () => {
    const page = await guardedPage(DESKTOP);
    await page.goto('/embed');
    await page.getByText(XSS.title).first().waitFor();
    await expectNoInjectedMarkup(page, 'embed');
    await screenshot(page, 'security-embed');
    expect(dialogs).toEqual([]);
    expect(e2e.foreignRequests).toEqual([]);
  });
});
