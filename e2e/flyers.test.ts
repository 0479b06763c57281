import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageWidths } from '../common/images';
import type { UserRow } from '../server/store/schema';
import { createEvent, createModerator, createUser, sessionCookieFor } from '../server/testing/factories';
import { photoWithMetadata } from '../server/testing/images';
import { DESKTOP, expectNoA11yViolations, PHONE, screenshot, setupE2E } from './support/browser';

const e2e = setupE2E();
let submitter: UserRow;
let moderatorCookie: string;
let eventId = '';
const TITLE = 'Flyer march for Gaza';
const ALT = 'Poster: March for Gaza, Saturday at noon, from Piccadilly Gardens';

beforeAll(async () => {
  submitter = await createUser(e2e.server.store, { name: 'Layla Haddad' });
  moderatorCookie = await sessionCookieFor(e2e.server.store, await createModerator(e2e.server.store));
});

/** An upload is decoded and re-encoded on a machine other tests load too: give it time. */
const SLOW = { timeout: 20_000 };

/** Whether the shown image of `testId` has arrived and been decoded (its natural size is known). */
const loaded = (page: Page, testId: string) =>
  page
    .locator(`[data-testid="${testId}"] img, img[data-testid="${testId}"]`)
    .filter({ visible: true })
    .first()
    .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0);

async function fillValid(page: Page) {
  await page.getByLabel('Event Title').fill(TITLE);
  await page.getByLabel('Event Description').fill('We march together.\nBring banners.');
  await page.getByLabel('Event Date').fill('2031-05-17');
  await page.getByLabel('Event Time').fill('12:00');
  await page.getByLabel('Time Zone').fill('Europe/London');
  await page.getByLabel('City').fill('Manchester');
  await page.getByLabel('Country').fill('United Kingdom');
  await page.getByLabel('Official Source Link').fill('https://example.org/march');
}

describe('a flyer, from the form to the published event', () => {
  it('uploads with a preview, asks for alt text, and submits', async () => {
    const page = await e2e.newPage({
      viewport: DESKTOP,
      cookie: await sessionCookieFor(e2e.server.store, submitter),
    });
    await page.goto('/submit');
    await page.getByRole('button', { name: 'Submit Event for Review' }).waitFor();
    await fillValid(page);
    expect(await page.getByText('HEIC photos cannot be read').isVisible()).toBe(true);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'IMG_2031.jpg',
      mimeType: 'image/jpeg',
      buffer: await photoWithMetadata(1600, 1000),
    });
    // The preview is the server's copy.
    await page.getByTestId('flyer-preview').waitFor();
    await expect.poll(() => loaded(page, 'flyer-preview'), SLOW).toBe(true);
    const src = await page.getByTestId('flyer-preview').getAttribute('src');
    expect(src).toMatch(/^\/images\/[0-9a-f]{32}-400\.jpg$/);
    await page.getByRole('button', { name: 'Choose another image' }).waitFor();

    await page.getByRole('button', { name: 'Submit Event for Review' }).click();
    await page
      .getByText('Describe the image for people who cannot see it', { exact: true })
      .first()
      .waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('imageAlt');
    await screenshot(page, 'flyer-form-alt-required-desktop');
    await expectNoA11yViolations(page);

    await page.getByLabel('Image description').fill(ALT);
    await page.getByRole('button', { name: 'Submit Event for Review' }).click();
    await page.getByRole('heading', { name: 'Event Submitted!' }).waitFor();
    const row = await e2e.server.store.db
      .selectFrom('events')
      .select(['id', 'image'])
      .where('title', '=', TITLE)
      .executeTakeFirstOrThrow();
    eventId = row.id;
    expect(JSON.parse(row.image ?? '{}')).toMatchObject({ alt: ALT, width: 1200, height: 750 });
  });

  it('shows the form with its preview on a phone, light and dark, and in Arabic', async () => {
    for (const [name, options] of [
      ['flyer-form-phone-light', { colorScheme: 'light' as const }],
      ['flyer-form-phone-dark', { colorScheme: 'dark' as const }],
      ['flyer-form-phone-arabic', { colorScheme: 'light' as const, ar: true }],
    ] as const) {
      const page = await e2e.newPage({
        viewport: PHONE,
        colorScheme: options.colorScheme,
        cookie: await sessionCookieFor(e2e.server.store, submitter),
      });
      await page.goto(`/event/${eventId}/edit${'ar' in options ? '?lang=ar' : ''}`);
      await page.getByTestId('flyer-preview').waitFor();
      await expect.poll(() => loaded(page, 'flyer-preview'), SLOW).toBe(true);
      expect(await page.getByTestId('flyer-preview').getAttribute('alt')).toBe(ALT);
      await page.getByTestId('flyer-preview').scrollIntoViewIfNeeded();
      await screenshot(page, name);
    }
  });

  it('shows the moderator the image in the queue before approving', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP, cookie: moderatorCookie });
    await page.goto('/moderation');
    await page.getByRole('heading', { name: 'Moderation Dashboard' }).waitFor();
    const card = page.getByTestId('moderation-card').filter({ has: page.getByText(TITLE, { exact: true }) });
    await card.getByRole('button').first().click();
    const flyer = page.getByTestId('moderation-flyer').filter({ visible: true });
    await flyer.waitFor();
    await expect.poll(() => loaded(page, 'moderation-flyer'), SLOW).toBe(true);
    expect(await flyer.locator('img').getAttribute('alt')).toBe(ALT);
    await screenshot(page, 'flyer-moderation-desktop');
    await expectNoA11yViolations(page);
    await page
      .getByTestId('moderation-actions')
      .filter({ visible: true })
      .getByRole('button', { name: 'Approve', exact: true })
      .click();
    await page.getByText(`“${TITLE}” was approved.`).waitFor();
  });

  it('shows it on the published card (fixed box) and on the event page, to anyone', async () => {
    for (const [viewport, scheme, suffix] of [
      [DESKTOP, 'light', 'desktop-light'],
      [DESKTOP, 'dark', 'desktop-dark'],
      [PHONE, 'light', 'phone-light'],
      [PHONE, 'dark', 'phone-dark'],
    ] as const) {
      const page = await e2e.newPage({ viewport, colorScheme: scheme });
      await page.goto('/');
      const card = page.locator('article').filter({ has: page.getByRole('link', { name: TITLE }) });
      const img = card.locator('picture img');
      await img.waitFor();
      // The list's only card: its flyer is the first screen's main image (the last test has more).
      expect(await img.getAttribute('loading')).toBe('eager');
      expect(await img.getAttribute('fetchpriority')).toBe('high');
      expect(await img.getAttribute('alt')).toBe(ALT);
      expect(await img.getAttribute('width')).toBe('1200');
      expect(await img.getAttribute('height')).toBe('750');
      expect(await card.locator('picture source[type="image/webp"]').getAttribute('srcset')).toMatch(
        /-400\.webp 400w, .*-640\.webp 640w, .*-800\.webp 800w, .*-1200\.webp 1200w$/,
      );
      // The box has its size before the image arrives: no shift.
      const box = await img.evaluate(
        (el) => el.parentElement?.parentElement?.getBoundingClientRect().height ?? 0,
      );
      expect(box).toBeGreaterThan(50);
      await img.scrollIntoViewIfNeeded();
      await expect
        .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth > 0), SLOW)
        .toBe(true);
      await screenshot(page, `flyer-home-${suffix}`);

      await page.goto(`/event/${eventId}`);
      await page.getByTestId('event-flyer').waitFor();
      await expect.poll(() => loaded(page, 'event-flyer'), SLOW).toBe(true);
      await screenshot(page, `flyer-event-${suffix}`);
    }
    const page = await e2e.newPage({ viewport: PHONE });
    await page.goto(`/event/${eventId}?lang=ar`);
    await page.getByTestId('event-flyer').waitFor();
    await expect.poll(() => loaded(page, 'event-flyer'), SLOW).toBe(true);
    await screenshot(page, 'flyer-event-phone-arabic');
    await expectNoA11yViolations(page);
  });

  it('fetches the narrowest variant that fills the flyer on a card, at each width of the list', async () => {
    // Widths of each layout of the home list: a phone's, a tablet's (cards across the page), the row
    // layout's while its text column narrows, and a desktop's (the flyer at its widest, 28rem). At one
    // device pixel a CSS pixel, Chromium takes the first variant at least as wide as `sizes` says.
    for (const width of [360, 700, 800, 1280]) {
      const page = await e2e.newPage({ viewport: { width, height: 900 } });
      await page.goto('/');
      const img = page
        .locator('article')
        .filter({ has: page.getByRole('link', { name: TITLE }) })
        .locator('picture img');
      await img.scrollIntoViewIfNeeded();
      await expect
        .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth > 0), SLOW)
        .toBe(true);
      const { box, stored, fetched } = await img.evaluate((el) => ({
        box: el.getBoundingClientRect().width,
        // The largest variant's width (the earlier test checks it is 1200).
        stored: Number(el.getAttribute('width')),
        fetched: Number(/-(\d+)\.webp$/.exec((el as HTMLImageElement).currentSrc)?.[1]),
      }));
      // The variants the server keeps of this flyer (common/images.ts): the narrowest that fills the box.
      const variants = imageWidths(stored);
      const fills = variants.find((w) => w >= box) ?? variants.at(-1);
      expect(fetched, `${width}px wide, a ${Math.round(box)}px box`).toBe(fills);
    }
  });

  it('a new flyer on the published event waits for review, and moderators compare both', async () => {
    const page = await e2e.newPage({
      viewport: DESKTOP,
      cookie: await sessionCookieFor(e2e.server.store, submitter),
    });
    await page.goto(`/event/${eventId}/edit`);
    await page.getByTestId('flyer-preview').waitFor();
    const before = await page.getByTestId('flyer-preview').getAttribute('src');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'new-flyer.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#007A3D' } })
        .png()
        .toBuffer(),
    });
    await expect.poll(() => page.getByTestId('flyer-preview').getAttribute('src'), SLOW).not.toBe(before);
    await page.getByLabel('Image description').fill('A green poster');
    await page.getByRole('button', { name: 'Send changes for review' }).click();
    await page.waitForURL((url) => url.pathname === `/event/${eventId}`);
    // The published flyer stays until a moderator accepts the change.
    const live = await e2e.server.store.db
      .selectFrom('events')
      .select('image')
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(live.image ?? '{}')).toMatchObject({ alt: ALT });

    const moderation = await e2e.newPage({ viewport: DESKTOP, cookie: moderatorCookie });
    await moderation.goto('/moderation');
    await moderation.getByRole('heading', { name: 'Moderation Dashboard' }).waitFor();
    await moderation
      .getByTestId('moderation-card')
      .filter({ has: moderation.getByText(TITLE, { exact: true }) })
      .getByRole('button')
      .first()
      .click();
    const change = moderation.getByTestId('change-field-image').filter({ visible: true });
    await change.waitFor();
    const images = change.locator('img');
    expect(await images.count()).toBe(2);
    expect(await images.nth(0).getAttribute('alt')).toBe(ALT);
    expect(await images.nth(1).getAttribute('alt')).toBe('A green poster');
    await change.scrollIntoViewIfNeeded();
    await expect
      .poll(
        () => images.evaluateAll((all) => all.every((i) => (i as HTMLImageElement).naturalWidth > 0)),
        SLOW,
      )
      .toBe(true);
    await screenshot(moderation, 'flyer-change-comparison-desktop');
    await expectNoA11yViolations(moderation);
  });

  it('names the flyer in the share preview, and draws one for an event without', async () => {
    const html = await (await e2e.server.fetch(`/event/${eventId}`)).text();
    const og = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1] ?? '';
    expect(og).toMatch(/\/images\/[0-9a-f]{32}-1200\.jpg$/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`<meta property="og:image:alt" content="${ALT}">`);
    // Search engines read it in the JSON-LD too.
    expect(html).toMatch(/"image":\["[^"]+\/images\/[0-9a-f]{32}-1200\.jpg"\]/);
    const jpeg = await e2e.server.fetch(new URL(og).pathname);
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');

    const plain = await createEvent(e2e.server.store, { title: 'Teach-in without a flyer' });
    const plainHtml = await (await e2e.server.fetch(`/event/${plain.id}`)).text();
    const drawn = /<meta property="og:image" content="([^"]+)">/.exec(plainHtml)?.[1] ?? '';
    expect(drawn).toMatch(new RegExp(`/share/${plain.id}-en-[0-9a-f]{16}\\.png$`));
    const png = await e2e.server.fetch(new URL(drawn).pathname);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 1200, height: 630, format: 'png' });
    // Look at it: e2e/screenshots/flyer-share-preview.png.
    const page = await e2e.newPage({ viewport: { width: 1200, height: 630 } });
    await page.goto(new URL(drawn).pathname);
    await screenshot(page, 'flyer-share-preview');
  });

  it("fetches the first screen's flyer at once and first; flyers further down wait to be near", async () => {
    // Four events before the others, the second and the fourth with this flyer: the list reads
    // (1) none, (2) flyer, (3) none, (4) flyer, then the teach-in and the march with its own flyer.
    const { image } = await e2e.server.store.db
      .selectFrom('events')
      .select('image')
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    const titles = ['First screen one', 'First screen two', 'First screen three', 'Further down four'];
    for (const [i, title] of titles.entries()) {
      const event = await createEvent(e2e.server.store, {
        title,
        startsAt: Date.now() + (i + 1) * 3_600_000,
      });
      if (i % 2 === 1) {
        await e2e.server.store.db.updateTable('events').set({ image }).where('id', '=', event.id).execute();
      }
    }
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await e2e.newPage({ viewport });
      await page.goto('/');
      await page.getByRole('link', { name: TITLE, exact: true }).waitFor();
      const flyers = await page.locator('article').evaluateAll((cards) =>
        cards.flatMap((card) => {
          const img = card.querySelector('picture img');
          return img
            ? [
                `${card.querySelector('h4')?.textContent}: ${img.getAttribute('loading')}, ${img.getAttribute('fetchpriority')}`,
              ]
            : [];
        }),
      );
      expect(flyers).toEqual([
        'First screen two: eager, high',
        'Further down four: lazy, auto',
        `${TITLE}: lazy, auto`,
      ]);
    }
  });
});
