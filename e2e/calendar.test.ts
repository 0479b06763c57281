import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRow } from '../server/store/schema';
import { createEvent } from '../server/testing/factories';
import { DESKTOP, type E2E, expectNoA11yViolations, PHONE, screenshot, startE2E } from './support/browser';

const DAY = 24 * 3600 * 1000;
let e2e: E2E;
let partner: Server;
let partnerOrigin: string;
let march: EventRow;

/** Requests to origins other than the app, leaving out the test's own partner site. */
const foreign = () => e2e.foreignRequests.filter((url) => !url.startsWith(partnerOrigin));

beforeAll(async () => {
  e2e = await startE2E();
  const s = e2e.server.store;
  const now = Date.now();
  march = await createEvent(s, {
    title: 'March for Gaza',
    city: 'London',
    country: 'United Kingdom',
    startsAt: now + 2 * DAY,
    organizer: 'PSC London',
    verified: true,
  });
  await createEvent(s, {
    title: 'Film night: Farha',
    type: 'cultural',
    city: 'Paris',
    country: 'France',
    startsAt: now + 3 * DAY,
  });
  await createEvent(s, {
    title: 'Online teach-in on the Nakba',
    type: 'digital',
    city: 'Online',
    country: 'Worldwide',
    startsAt: now + 4 * DAY,
    timezone: 'America/New_York',
  });
  await createEvent(s, { title: 'Pending picnic', status: 'pending', startsAt: now + DAY });

  // A partner's website on another origin, framing the embed page and (to check it is refused) the home page.
  partner = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner site</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:sans-serif;margin:16px"><h1>Our group's page</h1>
<p>Events we support:</p>
<iframe id="embed" src="${e2e.server.url}/embed?type=protest&limit=5" title="Upcoming events" width="100%" height="420" style="border:0;max-width:100%"></iframe>
<iframe id="home" src="${e2e.server.url}/" title="Home page" width="300" height="100"></iframe>
<iframe id="sized" src="${e2e.server.url}/embed?theme=dark" title="Upcoming events, dark" width="100%" style="border:0"></iframe>
<script src="${e2e.server.url}/embed.js" async></script>
</body></html>`);
  });
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
  // "localhost" and "127.0.0.1" are different origins: the frames really are cross-origin.
  partnerOrigin = `http://localhost:${(partner.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => partner?.close(resolve));
  await e2e?.close();
});

describe('Embed and subscribe page', () => {
  it('gives feed addresses, a webcal link and an embed snippet that follow the chosen filters', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
    await page.goto('/subscribe?location=london');
    await page.getByRole('heading', { level: 1, name: 'Embed and subscribe' }).waitFor();
    expect(await page.title()).toBe('Embed and subscribe · Palestine Solidarity Calendar');

    const location = page.getByLabel('Location');
    expect(await location.inputValue()).toBe('london');
    await page.getByLabel('Event type').selectOption('protest');
    const feed = page.getByRole('textbox', { name: 'Calendar feed address' });
    const base = e2e.server.url;
    await expect.poll(() => feed.inputValue()).toBe(`${base}/calendar.ics?type=protest&location=london`);
    expect(await page.getByRole('link', { name: 'Open in calendar app' }).getAttribute('href')).toBe(
      `${base.replace('http:', 'webcal:')}/calendar.ics?type=protest&location=london`,
    );
    expect(await page.getByRole('textbox', { name: 'RSS feed address' }).inputValue()).toBe(
      `${base}/feed.xml?type=protest&location=london`,
    );
    // The page's own address keeps the choice, and "Back to Events" returns to the same events.
    await expect.poll(() => new URL(page.url()).search).toBe('?type=protest&location=london');
    expect(await page.getByRole('link', { name: 'Back to Events' }).getAttribute('href')).toBe(
      '/?type=protest&location=london',
    );

    // Copy puts the exact address on the clipboard and says so.
    await page.getByRole('button', { name: 'Copy the Calendar feed address' }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${base}/calendar.ics?type=protest&location=london`,
    );

    // The snippet and the live preview use the same embed address.
    await page.getByLabel('Number of events').selectOption('5');
    const snippet = page.getByRole('textbox', { name: 'Embed code' });
    await expect
      .poll(() => snippet.inputValue())
      .toContain(`src="${base}/embed?type=protest&amp;location=london&amp;limit=5"`);
    const preview = page.frameLocator('iframe[title="Preview of the embedded event list"]');
    await preview.getByRole('link', { name: 'March for Gaza' }).waitFor();
    expect(await preview.getByRole('listitem').count()).toBe(1);

    await expectNoA11yViolations(page);
    await screenshot(page, 'calendar-subscribe-desktop');
    expect(foreign()).toEqual([]);
  });

  it('works on a phone, with the unfiltered feed by default', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    await page.goto('/subscribe');
    await page.getByRole('heading', { level: 1, name: 'Embed and subscribe' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Calendar feed address' }).inputValue()).toBe(
      `${e2e.server.url}/calendar.ics`,
    );
    const preview = page.frameLocator('iframe[title="Preview of the embedded event list"]');
    await preview.getByRole('link', { name: 'Film night: Farha' }).waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, 'calendar-subscribe-phone');
    expect(foreign()).toEqual([]);
  });
});

describe('embed page', () => {
  it('shows upcoming approved events inside a partner site, while other pages refuse to be framed', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.goto(`${partnerOrigin}/`);
    const embed = page.frameLocator('#embed');
    const link = embed.getByRole('link', { name: 'March for Gaza' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`${e2e.server.env.PUBLIC_URL}/event/${march.id}`);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await embed.getByText('Film night: Farha').count()).toBe(0);
    expect(await embed.getByText('Pending picnic').count()).toBe(0);

    // The home page sends frame-ancestors 'none': Chromium shows an error page instead of it.
    const frames = page.frames();
    const embedFrame = frames.find((f) => f.url().startsWith(`${e2e.server.url}/embed`));
    expect(embedFrame).toBeDefined();
    const home = await (await page.$('#home'))?.contentFrame();
    await expect.poll(() => home?.url()).toBe('chrome-error://chromewebdata/');
    expect(embedFrame?.url()).toBe(`${e2e.server.url}/embed?type=protest&limit=5`);
    await screenshot(page, 'calendar-embed-partner');
    expect(foreign()).toEqual([]);
  });

  it('takes a dark theme, and the height of its list on a page that includes embed.js', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.goto(`${partnerOrigin}/`);
    const frame = page.frameLocator('#sized');
    await frame.getByRole('link', { name: 'Online teach-in on the Nakba' }).waitFor();
    expect(await frame.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(await frame.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(28, 25, 23)',
    );
    // Taller than a frame without a height (150 px), exactly as tall as the list: no inner scroll bar.
    const listHeight = await frame
      .locator('body')
      .evaluate((el) => Math.ceil(el.getBoundingClientRect().height));
    expect(listHeight).toBeGreaterThan(300);
    await expect.poll(() => page.locator('#sized').evaluate((el) => el.clientHeight)).toBe(listHeight);
    await page.locator('#sized').scrollIntoViewIfNeeded();
    await screenshot(page, 'calendar-embed-partner-dark-sized');
    expect(foreign()).toEqual([]);
  });

  it('is accessible and readable on its own at phone width', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    await page.goto('/embed');
    await page.getByRole('link', { name: 'Online teach-in on the Nakba' }).waitFor();
    expect(await page.getByRole('listitem').count()).toBe(3);
    await expectNoA11yViolations(page);
    await screenshot(page, 'calendar-embed-phone');
    expect(foreign()).toEqual([]);
  });
});

describe('API docs page', () => {
  it('is readable and accessible, and loads nothing from elsewhere', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.goto('/api/docs');
    await page.getByRole('heading', { level: 1, name: /Palestine Solidarity Calendar API/ }).waitFor();
    await page.getByRole('link', { name: /GET \/api\/events\/\{id\}\/ics/ }).click();
    await expectNoA11yViolations(page);
    await screenshot(page, 'calendar-api-docs');
    expect(foreign()).toEqual([]);
  });
});

describe('Add to calendar and Subscribe in the events pages', () => {
  it('gives Google the event’s end and the page’s language, and no note about a missing end', async () => {
    const startsAt = Date.now() + 3 * DAY;
    const rally = await createEvent(e2e.server.store, {
      title: 'Rally and concert',
      city: 'Lyon',
      country: 'France',
      timezone: 'Europe/Paris',
      organizer: 'Collectif 69',
      startsAt,
      endsAt: startsAt + 5 * 3600 * 1000,
    });
    const page = await e2e.newPage({ viewport: DESKTOP, locale: 'fr' });
    await page.goto(`/event/${rally.id}`);
    await page.getByRole('heading', { level: 1, name: 'Rally and concert' }).waitFor();
    await page.getByRole('button', { name: 'Ajouter au calendrier' }).click();
    const google = page.getByRole('menuitem', { name: /Google Agenda|Google Calendar/ });
    await google.waitFor();
    const href = new URL((await google.getAttribute('href')) ?? '');
    const utc = (ms: number) =>
      new Date(ms)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}Z$/, 'Z');
    expect(href.searchParams.get('dates')).toBe(`${utc(startsAt)}/${utc(startsAt + 5 * 3600 * 1000)}`);
    expect(href.searchParams.get('details')).toContain('Organisé par\u00a0: Collectif 69');
    expect(href.searchParams.get('details')).not.toContain('Organized by');
    expect(
      await page
        .getByRole('menu')
        .getByText(/2 heures/)
        .count(),
    ).toBe(0);
  });

  it('offers the .ics file and a Google Calendar link on the event page', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.goto(`/event/${march.id}`);
    await page.getByRole('heading', { level: 1, name: 'March for Gaza' }).waitFor();
    await page.getByRole('button', { name: 'Add to calendar' }).click();
    const google = page.getByRole('menuitem', { name: /Google Calendar/ });
    await google.waitFor();
    const href = new URL((await google.getAttribute('href')) ?? '');
    expect(href.origin + href.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(href.searchParams.get('text')).toBe('March for Gaza');
    expect(href.searchParams.get('ctz')).toBe('Europe/London');
    expect(await google.getAttribute('target')).toBe('_blank');
    expect(href.searchParams.get('details')).toContain('Organized by: PSC London');
    // Without an end time, the menu says how long calendars make it.
    await page.getByText('Events without an end time get 2 hours in calendars.').waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, 'calendar-add-menu-desktop');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /Download \.ics/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('march-for-gaza.ics');
    const path = await download.path();
    const text = readFileSync(path, 'utf8');
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe('March for Gaza');
    // iCalendar times have whole seconds; the factory's start has milliseconds.
    expect(event.startDate.toJSDate().getTime()).toBe(Math.floor(march.starts_at / 1000) * 1000);
    expect(foreign()).toEqual([]);
  });

  it('has a small add-to-calendar menu on each card and a Subscribe link that keeps the filters', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    await page.goto('/?type=protest');
    const trigger = page.getByRole('button', { name: 'Add “March for Gaza” to your calendar' });
    await trigger.click();
    await page.getByRole('menuitem', { name: /Download \.ics/ }).waitFor();
    expect(await page.getByRole('menuitem', { name: /Download \.ics/ }).getAttribute('href')).toBe(
      `/event/${march.id}.ics`,
    );
    await expectNoA11yViolations(page);
    await screenshot(page, 'calendar-card-menu-phone');
    await page.keyboard.press('Escape');
    const subscribe = page.getByRole('link', { name: 'Subscribe' });
    expect(await subscribe.getAttribute('href')).toBe('/subscribe?type=protest');
    await subscribe.click();
    await page.getByRole('heading', { level: 1, name: 'Embed and subscribe' }).waitFor();
    expect(await page.getByLabel('Event type').inputValue()).toBe('protest');
    expect(foreign()).toEqual([]);
  });
});
