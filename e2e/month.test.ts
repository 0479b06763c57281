import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../common/i18n/languages';
import { createEvent } from '../server/testing/factories';
import {
  DESKTOP,
  expectNoA11yViolations,
  latinWordsOutsideUserText,
  openFilters,
  PHONE,
  screenshot,
  setupE2E,
} from './support/browser';

const HOUR = 3600 * 1000;
const at = (day: string, hour: number) => Date.parse(`${day}T00:00:00Z`) + hour * HOUR;
const e2e = setupE2E();
const MARCH = '/?view=month&month=2030-03';

const cell = (page: Page, day: string) => page.locator(`[data-day="${day}"]`);
const dayLink = (page: Page, day: string) => cell(page, day).locator('a[data-day-link]');
const heading = (page: Page) => page.locator('main section h2').first();
/** The day whose link has focus ('' when none). */
const focusedDay = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest<HTMLElement>('[data-day]')?.dataset.day ?? '');
/** The event titles a day lists (desktop: phones show dots). */
const titlesOn = (page: Page, day: string) =>
  cell(page, day).getByTestId('month-event-title').allTextContents();

beforeAll(async () => {
  const { store } = e2e.server;
  await createEvent(store, { title: 'Vigil at the square', startsAt: at('2030-03-02', 18) });
  await createEvent(store, {
    title: 'Encampment for Gaza',
    startsAt: at('2030-03-04', 9),
    endsAt: at('2030-03-06', 17),
  });
  // An end date given without a time: until the 14th is over (midnight starting the 15th).
  await createEvent(store, {
    title: 'Book fair',
    type: 'cultural',
    startsAt: at('2030-03-13', 10),
    endsAt: at('2030-03-15', 0),
  });
  await createEvent(store, { title: 'Morning march', startsAt: at('2030-03-10', 9) });
  await createEvent(store, { title: 'Noon picnic', type: 'cultural', startsAt: at('2030-03-10', 12) });
  await createEvent(store, {
    title: 'Online panel',
    type: 'digital',
    attendance: 'online',
    joinUrl: 'https://meet.example.org/x',
    city: 'Online',
    country: 'Worldwide',
    startsAt: at('2030-03-10', 15),
  });
  await createEvent(store, { title: 'Late talk', type: 'educational', startsAt: at('2030-03-10', 19) });
  await createEvent(store, {
    title: 'Teach-in on the Nakba',
    type: 'educational',
    startsAt: at('2030-03-21', 17),
  });
  await createEvent(store, { title: 'April rally', startsAt: at('2030-04-02', 10) });
});

describe('the month view', () => {
  it('shows the month as a grid, multi-day events on each day, "+N more" to the day, and looks right', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.goto(MARCH);
    expect(await heading(page).textContent()).toBe('March 2030');
    expect(await page.getByRole('link', { name: 'Month', exact: true }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(
      await page.getByRole('link', { name: 'List', exact: true }).getAttribute('aria-current'),
    ).toBeNull();
    const grid = page.getByRole('table', { name: 'March 2030' });
    // en-US weeks start on Sunday; March 2030 begins on a Friday.
    expect(await grid.locator('th .sr-only').allTextContents()).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    expect(await grid.locator('tbody tr').first().locator('td').nth(5).getAttribute('data-day')).toBe(
      '2030-03-01',
    );
    expect(await grid.locator('td[data-day]').count()).toBe(31);
    // Opened without a zone: its days and times are UTC's, and it says so.
    expect(await page.getByTestId('month-zone').textContent()).toBe('Days and times: UTC');

    expect(await titlesOn(page, '2030-03-02')).toEqual(['Vigil at the square']);
    expect(await cell(page, '2030-03-02').textContent()).toContain('6:00 PM');
    for (const day of ['2030-03-04', '2030-03-05', '2030-03-06'])
      expect(await titlesOn(page, day)).toEqual(['Encampment for Gaza']);
    expect(await cell(page, '2030-03-04').textContent()).toContain('9:00 AM');
    expect(await cell(page, '2030-03-05').textContent()).toContain('All day');
    expect(await cell(page, '2030-03-06').textContent()).toContain('Until 5:00 PM');
    expect(await titlesOn(page, '2030-03-07')).toEqual([]);
    expect(await titlesOn(page, '2030-03-14')).toEqual(['Book fair']);
    expect(await cell(page, '2030-03-14').textContent()).toContain('All day');
    expect(await cell(page, '2030-03-14').textContent()).not.toContain('Until');
    expect(await titlesOn(page, '2030-03-15')).toEqual([]);

    // Four on the 10th: the first three by start, and "+1 more" opening that day's list.
    expect(await titlesOn(page, '2030-03-10')).toEqual(['Morning march', 'Noon picnic', 'Online panel']);
    const more = cell(page, '2030-03-10').getByRole('link', {
      name: '1 more event on Sunday, March 10, 2030',
    });
    expect(await more.textContent()).toBe('+1 more');
    await more.click();
    await page.waitForURL((url) => url.searchParams.get('from') === '2030-03-10');
    const query = new URL(page.url()).searchParams;
    expect(query.get('to')).toBe('2030-03-10');
    expect(query.get('view')).toBeNull();
    await page.locator('main li article').nth(3).waitFor();
    expect(await page.locator('main li article h4').allTextContents()).toEqual([
      'Morning march',
      'Noon picnic',
      'Online panel',
      'Late talk',
    ]);
  });

  it('hydrates the rendered month without a mismatch or a second request, in Arabic too', async () => {
    for (const query of [MARCH, `${MARCH}&lang=ar`, `${MARCH}&tz=Asia/Gaza&type=protest`]) {
      const page = await e2e.newPage({ viewport: PHONE, timezoneId: 'Asia/Gaza' });
      const problems: string[] = [];
      const apiCalls: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname + url.search);
      });
      await page.goto(query);
      // Hydrated: the days have become one tab stop.
      await page.locator('a[data-day-link][tabindex="-1"]').first().waitFor();
      expect(apiCalls, query).toEqual([]);
      expect(problems, query).toEqual([]);
    }
  });

  it('opens an event from its title', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.goto(MARCH);
    await cell(page, '2030-03-21')
      .getByRole('link', { name: /Teach-in on the Nakba/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Teach-in on the Nakba' }).waitFor();
    // Back to Events returns to the month.
    await page.getByRole('link', { name: 'Back to Events' }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'month');
    expect(new URL(page.url()).searchParams.get('month')).toBe('2030-03');
  });

  it('is reached from the list by the List | Month switch, in the viewer zone, and goes back', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP, timezoneId: 'Asia/Gaza' });
    await page.goto('/?type=cultural');
    await page.getByRole('radio').first().waitFor();
    await page.getByRole('link', { name: 'Month', exact: true }).click();
    await page.getByTestId('month-grid').waitFor();
    const query = new URL(page.url()).searchParams;
    expect(query.get('view')).toBe('month');
    expect(query.get('type')).toBe('cultural');
    expect(query.get('tz')).toBe('Asia/Gaza');
    // The month shown is this one on the viewer's calendar.
    const thisMonth = new Intl.DateTimeFormat('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'Asia/Gaza',
    }).format(new Date());
    expect(await heading(page).textContent()).toBe(thisMonth);
    await expect
      .poll(() => page.getByTestId('month-zone').textContent())
      .toMatch(/^Days and times: Gaza time \(GMT\+[23]\)$/);
    await page.getByRole('link', { name: 'List', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === null);
    expect(new URL(page.url()).searchParams.get('type')).toBe('cultural');
  });

  it('applies the filters, kept in the address', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.goto(MARCH);
    // No "When" in the month view: the month is the period.
    expect(await page.getByLabel('When').isVisible()).toBe(false);
    await page.getByLabel('Event type').selectOption('cultural');
    await page.waitForURL((url) => url.searchParams.get('type') === 'cultural');
    await expect.poll(() => titlesOn(page, '2030-03-02')).toEqual([]);
    expect(await titlesOn(page, '2030-03-10')).toEqual(['Noon picnic']);
    expect(new URL(page.url()).searchParams.get('view')).toBe('month');
    expect(new URL(page.url()).searchParams.get('month')).toBe('2030-03');

    await page.goto(`${MARCH}&search=encampment`);
    expect(await titlesOn(page, '2030-03-05')).toEqual(['Encampment for Gaza']);
    expect(await titlesOn(page, '2030-03-10')).toEqual([]);
    await page.goto(`${MARCH}&online=1`);
    expect(await titlesOn(page, '2030-03-10')).toEqual(['Online panel']);
    await page.goto(`${MARCH}&location=nowhere-at-all`);
    expect(await page.getByText('No events this month match your search and filters.').isVisible()).toBe(
      true,
    );
  });

  it('moves to the previous and next month, and back to this one', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.goto(MARCH);
    await page.getByRole('link', { name: 'Next month' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('April 2030');
    await expect.poll(() => titlesOn(page, '2030-04-02')).toEqual(['April rally']);
    expect(new URL(page.url()).searchParams.get('month')).toBe('2030-04');
    await page.getByRole('link', { name: 'Previous month' }).click();
    await page.getByRole('link', { name: 'Previous month' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('February 2030');
    await page.getByRole('link', { name: 'This month' }).click();
    const thisMonth = new Intl.DateTimeFormat('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date());
    await expect.poll(() => heading(page).textContent()).toBe(thisMonth);
    expect(new URL(page.url()).searchParams.get('month')).toBeNull();
  });

  it('moves between days with the keyboard: one tab stop, arrows, Home, End, Page Down, Enter', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.goto(MARCH);
    // One day of the grid is in the tab order (the first, as today is not in March 2030).
    const tabbable = page.locator('a[data-day-link]:not([tabindex="-1"])');
    expect(await tabbable.count()).toBe(1);
    expect(await tabbable.evaluate((a) => a.closest<HTMLElement>('[data-day]')?.dataset.day)).toBe(
      '2030-03-01',
    );
    await page.getByRole('link', { name: 'Next month' }).focus();
    await page.keyboard.press('Tab');
    expect(await focusedDay(page)).toBe('2030-03-01');
    await page.keyboard.press('ArrowRight');
    expect(await focusedDay(page)).toBe('2030-03-02');
    expect(await tabbable.count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    expect(await focusedDay(page)).toBe('2030-03-09');
    await page.keyboard.press('Home');
    expect(await focusedDay(page)).toBe('2030-03-03');
    await page.keyboard.press('End');
    expect(await focusedDay(page)).toBe('2030-03-09');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    expect(await focusedDay(page)).toBe('2030-03-01');
    // Every event link is reachable: Tab from a day goes to its events.
    await dayLink(page, '2030-03-02').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Vigil at the square');
    // Past the month's first day: the month before, its last day.
    await dayLink(page, '2030-03-01').focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => focusedDay(page)).toBe('2030-02-28');
    expect(await heading(page).textContent()).toBe('February 2030');
    // Page Down: the same day of the next month.
    await page.keyboard.press('PageDown');
    await expect.poll(() => focusedDay(page)).toBe('2030-03-28');
    // A week down from the 28th is in April: the next month opens on that day.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedDay(page)).toBe('2030-04-04');
    expect(await heading(page).textContent()).toBe('April 2030');
    // Enter opens the day.
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('from') === '2030-04-04');
    expect(new URL(page.url()).searchParams.get('to')).toBe('2030-04-04');
  });

  it('on a phone shows dots that open the day, without sideways scrolling, and passes axe', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await e2e.newPage({ viewport: PHONE, colorScheme });
      await page.goto(MARCH);
      expect(await cell(page, '2030-03-10').getByTestId('day-dots').locator('span').count()).toBe(4);
      expect(await cell(page, '2030-03-10').locator('li').first().isVisible()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      const box = await dayLink(page, '2030-03-10').boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      await screenshot(page, `month-phone-${colorScheme}`);
      await expectNoA11yViolations(page, `month (phone, ${colorScheme})`);
      if (colorScheme === 'light') {
        await dayLink(page, '2030-03-10').click();
        await page.waitForURL((url) => url.searchParams.get('from') === '2030-03-10');
      }
    }
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await e2e.newPage({ viewport: DESKTOP, colorScheme });
      await page.goto(MARCH);
      await screenshot(page, `month-desktop-${colorScheme}`);
      await expectNoA11yViolations(page, `month (desktop, ${colorScheme})`);
    }
  });

  it('names "+N more" with its own visible words, in every language (what a voice user says is its name)', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    for (const { code } of LANGUAGES) {
      await page.goto(`${MARCH}&lang=${code}`);
      const more = cell(page, '2030-03-10').locator('a[aria-label]').last();
      const [visible, name] = await Promise.all([more.textContent(), more.getAttribute('aria-label')]);
      // As axe's label-content-name-mismatch reads them: the visible words without the '+'.
      expect(name, code).toContain((visible ?? '').replace('+', '').trim());
    }
  });

  it('in Arabic: the week starts on Saturday, the grid runs right to left and so do the arrows', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.goto(`${MARCH}&lang=ar`);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const grid = page.getByTestId('month-grid');
    expect(await grid.locator('th .sr-only').first().textContent()).toBe('السبت');
    // The first column is on the right.
    const [first, second] = await Promise.all([
      grid.locator('th').nth(0).boundingBox(),
      grid.locator('th').nth(1).boundingBox(),
    ]);
    expect(first && second && first.x > second.x).toBe(true);
    await dayLink(page, '2030-03-05').focus();
    await page.keyboard.press('ArrowLeft');
    expect(await focusedDay(page)).toBe('2030-03-06');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await focusedDay(page)).toBe('2030-03-04');
    // An English title's lines run left to right, as the title does (not as the Arabic time before it):
    // cut short, it loses its end, not its first letters.
    const title = cell(page, '2030-03-02').getByTestId('month-event-title');
    const cutBy = await title.evaluate((el) => {
      // The box that cuts the title to two lines (and puts its ellipsis at the line's end).
      let box: Element | null = el;
      while (box && getComputedStyle(box).webkitLineClamp !== '2') box = box.parentElement;
      return box ? getComputedStyle(box).direction : 'none';
    });
    expect(cutBy).toBe('ltr');
    expect(await latinWordsOutsideUserText(page, ['Palestine Solidarity Calendar'])).toEqual([]);
    await screenshot(page, 'month-desktop-ar');
    await expectNoA11yViolations(page, 'month (Arabic)');
    const phone = await e2e.newPage({ viewport: PHONE, colorScheme: 'dark' });
    await phone.goto(`${MARCH}&lang=ar&tz=Europe/London`);
    // The zone's city in Arabic script, as the zone's name is on every Arabic page.
    await expect
      .poll(() => phone.getByTestId('month-zone').textContent())
      .toContain('الأيام والأوقات: توقيت لندن');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone, 'month-phone-ar-dark');
  });
});

describe('the month view without JavaScript', () => {
  it('renders on the server, and its links and filter form keep to the month', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP, javaScriptEnabled: false });
    await page.goto(MARCH);
    expect(await heading(page).textContent()).toBe('March 2030');
    expect(await titlesOn(page, '2030-03-05')).toEqual(['Encampment for Gaza']);
    await page.getByRole('link', { name: 'Next month' }).click();
    await page.waitForURL((url) => url.searchParams.get('month') === '2030-04');
    expect(await titlesOn(page, '2030-04-02')).toEqual(['April rally']);
    await openFilters(page);
    await page.getByLabel('Event type').selectOption('cultural');
    await page.getByRole('button', { name: 'Show events' }).click();
    await page.waitForURL((url) => url.searchParams.get('type') === 'cultural');
    const query = new URL(page.url()).searchParams;
    expect(query.get('view')).toBe('month');
    expect(query.get('month')).toBe('2030-04');
    expect(await titlesOn(page, '2030-04-02')).toEqual([]);
  });
});

describe('navigation feedback', () => {
  /** Records in the page when the progress bar appears and goes, against the last click. */
  async function watchBar(page: Page): Promise<void> {
    await page.evaluate(() => {
      const w = window as unknown as { bar: { click: number; shown: number; hidden: number } };
      w.bar = { click: 0, shown: 0, hidden: 0 };
      // On window, so that the time is taken before any of the page's own listeners runs.
      window.addEventListener(
        'click',
        () => Object.assign(w.bar, { click: performance.now(), shown: 0, hidden: 0 }),
        true,
      );
      new MutationObserver(() => {
        const present = document.querySelector('[role="progressbar"]') !== null;
        if (present && !w.bar.shown) w.bar.shown = performance.now();
        if (!present && w.bar.shown && !w.bar.hidden) w.bar.hidden = performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
  }
  const bar = (page: Page) =>
    page.evaluate(() => (window as unknown as { bar: { click: number; shown: number; hidden: number } }).bar);

  it('shows a progress bar within 100 ms of a click on a slow network, until the data arrives', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    let answered = 0;
    await page.route(
      (url) => url.pathname === '/api/events/month',
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 3000));
        await route.continue();
        answered = Date.now();
      },
    );
    await page.goto(MARCH);
    await watchBar(page);
    await page.getByRole('link', { name: 'Next month' }).click();
    await expect.poll(async () => (await bar(page)).shown).toBeGreaterThan(0);
    const { click, shown } = await bar(page);
    expect(shown - click).toBeLessThan(100);
    expect(await page.getByRole('progressbar', { name: 'Loading…' }).isVisible()).toBe(true);
    expect(await page.locator('main').getAttribute('aria-busy')).toBe('true');
    expect(answered).toBe(0);
    await expect.poll(() => heading(page).textContent()).toBe('April 2030');
    // Still there half-way through the slow answer, gone once it has come.
    await page.waitForTimeout(600);
    expect(answered).toBe(0);
    expect(await page.getByRole('progressbar').count()).toBe(1);
    await expect.poll(() => answered, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 10_000 }).toBe(0);
    expect(await page.locator('main').getAttribute('aria-busy')).toBeNull();
  });

  it('shows it for a filter change and for a page whose code loads, and keeps still for reduced motion', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.route(
      (url) => url.pathname === '/api/events',
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await route.continue();
      },
    );
    await page.goto('/?when=past');
    await watchBar(page);
    await page.getByLabel('Event type').selectOption('cultural');
    await expect.poll(async () => (await bar(page)).shown).toBeGreaterThan(0);
    expect(
      await page.locator('.progress-bar-indicator').evaluate((el) => getComputedStyle(el).animationName),
    ).toBe('none');
    await expect.poll(async () => (await bar(page)).hidden, { timeout: 10_000 }).toBeGreaterThan(0);

    // A page not loaded yet: its code is fetched while the old page stays.
    await page.route(/\/assets\/LogPage-.*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.getByRole('link', { name: 'Transparency Log' }).first().click();
    await expect.poll(async () => (await bar(page)).shown).toBeGreaterThan(0);
    const { click, shown } = await bar(page);
    expect(shown - click).toBeLessThan(100);
    expect(await page.locator('main').getAttribute('aria-busy')).toBe('true');
    await expectNoA11yViolations(page, 'home (loading the log page)');
    await page.waitForURL('**/log');
  });
});
