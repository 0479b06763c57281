import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createModerator, createUser, sessionCookieFor } from '../server/testing/factories';
import { DESKTOP, expectNoA11yViolations, gotoBrowserRendered, PHONE, setupE2E } from './support/browser';

const e2e = setupE2E();
const isSessionCall = (url: URL) => url.pathname === '/api/auth/session';

/**
 * Link names in one navigation landmark, in order, leaving out those of a navigation inside it (the
 * small-screen menu holds the language list, a navigation of its own: e2e/languages.test.ts).
 */
async function linkNames(
  page: Page,
  nav = page.getByRole('navigation', { name: 'Main' }),
): Promise<string[]> {
  return nav.evaluate((el) =>
    [...el.querySelectorAll('a')]
      .filter((a) => a.closest('nav') === el && a.checkVisibility())
      .map((a) => (a.textContent ?? '').trim()),
  );
}

async function cookieFor(role: 'user' | 'moderator', name: string): Promise<string> {
  const store = e2e.server.store;
  const person =
    role === 'moderator' ? await createModerator(store, { name }) : await createUser(store, { name });
  return sessionCookieFor(store, person);
}

describe('desktop header', () => {
  it('shows Events, Submit Event, Subscribe, Transparency Log and Sign In to a visitor, without Moderation', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await linkNames(page)).toEqual([
      'Events',
      'Submit Event',
      'Subscribe',
      'Transparency Log',
      'Sign In',
    ]);
    expect(await nav.getByRole('link', { name: 'Events' }).getAttribute('href')).toBe('/');
    expect(await nav.getByRole('link', { name: 'Submit Event' }).getAttribute('href')).toBe('/submit');
    expect(await nav.getByRole('link', { name: 'Transparency Log' }).getAttribute('href')).toBe('/log');
    expect(await nav.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
    expect(await nav.getByRole('link', { name: 'Events' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    await expectNoA11yViolations(page);
  });

  it('holds a quiet place until the session answers: no Sign In or Moderation flicker', async () => {
    const page = await e2e.newPage({
      viewport: DESKTOP,
      cookie: await cookieFor('moderator', 'Mona Moderator'),
    });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(isSessionCall, async (route) => {
      await gate;
      await route.continue();
    });
    // A page the browser renders (the server's pages arrive with the header already rendered).
    await gotoBrowserRendered(page, '/no-such-page');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('status').waitFor();
    expect(await nav.getByRole('status').textContent()).toBe('Checking sign-in…');
    expect(await nav.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Moderation', exact: true }).count()).toBe(0);
    await expectNoA11yViolations(page, 'header (loading)');
    release();
    await nav.getByRole('link', { name: 'Moderation', exact: true }).waitFor();
    expect(await nav.getByRole('status').count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
  });

  it('gives a signed-in user a name menu with Sign out, and no Moderation link', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP, cookie: await cookieFor('user', 'Samir Khalil') });
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Account menu for Samir Khalil' });
    await menu.waitFor();
    expect(await menu.textContent()).toContain('Samir Khalil');
    expect(await linkNames(page)).toEqual(['Events', 'Submit Event', 'Subscribe', 'Transparency Log']);
    await menu.click();
    const signOut = page.getByRole('menuitem', { name: 'Sign out' });
    await signOut.waitFor();
    expect(await page.getByRole('menu').textContent()).toContain('Signed in as');
    expect(await page.getByRole('menuitem', { name: 'Your account' }).getAttribute('href')).toBe('/account');
    await expectNoA11yViolations(page, 'header (account menu open)');
    await page.keyboard.press('Escape');
    await signOut.waitFor({ state: 'detached' });
    // Focus goes back to the menu button.
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('shows the Moderation link to a moderator only', async () => {
    const page = await e2e.newPage({
      viewport: DESKTOP,
      cookie: await cookieFor('moderator', 'Mona Moderator'),
    });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Moderation', exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'Moderation', exact: true }).getAttribute('href')).toBe(
      '/moderation',
    );
    expect(await linkNames(page)).toEqual([
      'Events',
      'Submit Event',
      'Subscribe',
      'Transparency Log',
      'Moderation',
    ]);
  });
});

describe('small-screen header', () => {
  it('collapses the links into a toggled list with the same links; Escape closes it and returns focus', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.waitFor();
    // The desktop links are not shown on a phone.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    expect(await close.getAttribute('aria-expanded')).toBe('true');
    const list = page.getByRole('navigation', { name: 'Main' });
    await list.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await list.isVisible()).toBe(true);
    expect(await close.getAttribute('aria-controls')).toBe(await list.getAttribute('id'));
    expect(await linkNames(page, list)).toEqual([
      'Events',
      'Submit Event',
      'Subscribe',
      'Transparency Log',
      'Sign In',
    ]);
    // And every language, each named in itself, the page's own marked as current.
    const languages = list.getByRole('navigation', { name: 'Language' });
    expect(await languages.getByRole('link').count()).toBe(10);
    expect(await languages.getByRole('link', { name: 'English' }).getAttribute('aria-current')).toBe('true');
    await page.screenshot({ path: 'e2e/screenshots/header-phone-open.png' });
    await expectNoA11yViolations(page, 'header (phone, open)');

    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    const opener = page.getByRole('button', { name: 'Open menu' });
    expect(await opener.getAttribute('aria-expanded')).toBe('false');
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);

    // Opening, then following a link, navigates and closes the list.
    await opener.click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Transparency Log' })
      .click();
    await page.waitForURL((url) => url.pathname === '/log');
    await page.getByRole('navigation', { name: 'Main' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('lists Moderation and Sign out for a moderator on a phone', async () => {
    const page = await e2e.newPage({
      viewport: PHONE,
      cookie: await cookieFor('moderator', 'Mona Moderator'),
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const list = page.getByRole('navigation', { name: 'Main' });
    await list.getByRole('link', { name: 'Moderation', exact: true }).waitFor();
    expect(await linkNames(page, list)).toEqual([
      'Events',
      'Submit Event',
      'Subscribe',
      'Transparency Log',
      'Moderation',
      'My events',
      'Your account',
    ]);
    expect(await list.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    expect(await list.getByText('Signed in as').isVisible()).toBe(true);
    await page.screenshot({ path: 'e2e/screenshots/header-phone-open-moderator.png' });
  });

  it('does not list Moderation for a signed-in user who is not a moderator', async () => {
    const page = await e2e.newPage({ viewport: PHONE, cookie: await cookieFor('user', 'Samir Khalil') });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const list = page.getByRole('navigation', { name: 'Main' });
    await list.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await linkNames(page, list)).toEqual([
      'Events',
      'Submit Event',
      'Subscribe',
      'Transparency Log',
      'My events',
      'Your account',
    ]);
  });
});

describe('small-screen header before the page has hydrated', () => {
  it('opens as a native disclosure, and the button takes over open, focused and working', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    // Hold the app's scripts back: the server's HTML is all there is until the test lets them through.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
      async (route) => {
        await gate;
        await route.continue();
      },
    );
    await page.goto('/', { waitUntil: 'commit' });
    // The phone menu's (the language menu's is in the wide-screen row, hidden here).
    const summary = page.locator('header summary:visible');
    await summary.click();
    const list = page.getByRole('navigation', { name: 'Main' });
    expect(await list.getByRole('link', { name: 'Transparency Log' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /menu/ }).count()).toBe(0);

    release();
    const close = page.getByRole('button', { name: 'Close menu' });
    await close.waitFor();
    expect(await page.locator('header details:visible').count()).toBe(0);
    expect(await close.getAttribute('aria-expanded')).toBe('true');
    expect(await close.getAttribute('aria-controls')).toBe(await list.getAttribute('id'));
    expect(await close.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await linkNames(page, list)).toEqual([
      'Events',
      'Submit Event',
      'Subscribe',
      'Transparency Log',
      'Sign In',
    ]);

    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    const opener = page.getByRole('button', { name: 'Open menu' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});

describe('navigating within the app', () => {
  it('keeps the page shown, busy, until the next page can show; the last click wins', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    // The Submit Event page's code is held back until the test lets it through.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => /^\/assets\/SubmitPage-[\w-]+\.js$/.test(url.pathname),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto('/');
    await page.getByRole('radio').first().waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });

    await nav.getByRole('link', { name: 'Submit Event' }).click();
    await page.locator('main[aria-busy="true"]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Palestine Solidarity Calendar');

    // Another click before that code arrives: that one is where the person goes.
    await nav.getByRole('link', { name: 'Transparency Log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Transparency Log' }).waitFor();
    release();
    await page.waitForResponse((response) => /\/assets\/SubmitPage-/.test(response.url()));
    await page.waitForTimeout(200);
    expect(new URL(page.url()).pathname).toBe('/log');
    expect(await page.getByRole('heading', { level: 1, name: 'Sign In Required' }).count()).toBe(0);
  });

  it('adds no history entry for a link to the page already shown', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.goto('/');
    await page.getByRole('radio').first().waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const entries = await page.evaluate(() => history.length);
    await nav.getByRole('link', { name: 'Events' }).click();
    await nav.getByRole('link', { name: 'Transparency Log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Transparency Log' }).waitFor();
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
  });
});

describe('on a tablet or a small laptop', () => {
  it("has the phone's menu, so the site's name is whole and no link is squeezed onto two lines", async () => {
    for (const [width, language] of [
      [800, 'en'],
      [800, 'ur'],
      [1024, 'de'],
      [1024, 'en'],
    ] as const) {
      const page = await e2e.newPage({ viewport: { width, height: 1000 } });
      await page.goto(`/?lang=${language}`);
      const title = page.locator('header a[href="/"] span').first();
      expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth), `${width} ${language}`).toBe(
        true,
      );
      expect(await page.locator('header button[aria-expanded]').first().isVisible(), language).toBe(true);
    }
  });
});

describe('the menu wider than a phone', () => {
  it('opens as a panel under its toggle, over the page, and a press outside closes it', async () => {
    for (const language of ['en', 'ar']) {
      const page = await e2e.newPage({ viewport: { width: 1024, height: 800 } });
      await page.goto(`/?lang=${language}`);
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'));
      const heading = page.getByRole('heading', { level: 1 });
      const before = await heading.boundingBox();
      const toggle = page.locator('header button[aria-expanded]');
      await toggle.click();
      const menu = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
      await menu.waitFor();
      // Over the page: what is under it has not moved.
      expect((await heading.boundingBox())?.y, language).toBe(before?.y);
      // Its end edge on the toggle's, right to left too.
      const [panel, button] = await Promise.all([menu.boundingBox(), toggle.boundingBox()]);
      if (!panel || !button) throw new Error('no box');
      if (language === 'ar') expect(Math.abs(panel.x - button.x), language).toBeLessThanOrEqual(1);
      else
        expect(Math.abs(panel.x + panel.width - (button.x + button.width)), language).toBeLessThanOrEqual(1);
      expect(panel.width, language).toBeLessThan(500);
      if (language === 'en') await expectNoA11yViolations(page, 'header menu at 1024 px');
      // On the hero's words beside it (the panel is at the end: the right, or the left in Arabic).
      const url = page.url();
      await page.mouse.click(language === 'ar' ? 900 : 100, 220);
      await menu.waitFor({ state: 'detached' });
      expect(page.url(), language).toBe(url);
      expect(await toggle.getAttribute('aria-expanded'), language).toBe('false');
    }
  });
});

describe('on a desktop, in the longest words', () => {
  it('fits a moderator’s header in German: each link on one line, nothing over another', async () => {
    const page = await e2e.newPage({
      viewport: DESKTOP,
      cookie: await cookieFor('moderator', 'Mona Moderator'),
    });
    await page.goto('/?lang=de');
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await nav.getByRole('button', { name: /Mona Moderator/ }).waitFor();
    const boxes = await nav.evaluate((el) =>
      [...el.children].map((child) => {
        const box = child.getBoundingClientRect();
        return { start: box.left, end: box.right, height: box.height };
      }),
    );
    for (const [i, box] of boxes.entries()) {
      expect(box.height, `item ${i}`).toBeLessThan(48);
      const next = boxes[i + 1];
      if (next) expect(box.end, `item ${i}`).toBeLessThanOrEqual(next.start + 0.5);
    }
    const header = page.locator('header > div').first();
    expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });
});
