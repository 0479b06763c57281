// The main flows (browse, filter, event page, sign up, submit, report, moderate, log) walked in Chromium in
// Arabic and French as a person would, as the English tests walk them (e2e/home.test.ts,
// e2e/event-detail.test.ts, e2e/auth.test.ts, e2e/submit.test.ts, e2e/report.test.ts,
// e2e/moderation.test.ts, e2e/log.test.ts). The browser asks for the language (Accept-Language); every
// control is found by its role and its name as the language's catalog writes it, never by words written
// here. What people typed (titles, names, reasons) is theirs and stays as typed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../server/auth/passwords';
import { createEvent, createModerator, createUser, sessionCookieFor } from '../server/testing/factories';
import { DESKTOP, setupE2E } from './support/browser';

const DAY = 24 * 3600 * 1000;
const e2e = setupE2E();

type Catalog = Record<string, unknown>;
const catalog = (language: string, ns: string): Catalog =>
  JSON.parse(readFileSync(join('web', 'locales', language, `${ns}.json`), 'utf8')) as Catalog;
/** One message of a catalog by its dotted key, with its `{{placeholders}}` filled in. */
const text = (language: string, ns: string, key: string, values: Record<string, string> = {}): string => {
  let value: unknown = catalog(language, ns);
  for (const part of key.split('.')) value = (value as Catalog)[part];
  if (typeof value !== 'string') throw new Error(`${language}/${ns}: no message ${key}`);
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
};

const htmlLangDir = (page: Page) =>
  page.evaluate(() => `${document.documentElement.lang} ${document.documentElement.dir}`);

const expectedDir = (language: string) => (language === 'ar' ? 'rtl' : 'ltr');

describe.each(['ar', 'fr'])('in %s', (language) => {
  const t = (ns: string, key: string, values?: Record<string, string>) => text(language, ns, key, values);
  /** A page whose browser asks for this language, signed in with `cookie` if given. */
  const open = async (path: string, cookie?: string): Promise<Page> => {
    const page = await e2e.newPage({ viewport: DESKTOP, locale: language, ...(cookie ? { cookie } : {}) });
    await page.goto(path);
    expect(await htmlLangDir(page)).toBe(`${language} ${expectedDir(language)}`);
    return page;
  };

  it('browses the upcoming events, narrows them by type, and opens an event from its card', async () => {
    const s = e2e.server.store;
    const startsAt = Date.now() + DAY + 3 * 3600 * 1000;
    const cultural = await createEvent(s, {
      title: `Film night: Farha (${language})`,
      type: 'cultural',
      city: 'Paris',
      country: 'France',
      timezone: 'Europe/Paris',
      organizer: 'Collectif Palestine',
      startsAt,
    });
    const educational = await createEvent(s, {
      title: `Teach-in on the Nakba (${language})`,
      type: 'educational',
      city: 'Amman',
      country: 'Jordan',
      timezone: 'Asia/Amman',
      startsAt: startsAt + 3600 * 1000,
    });
    const page = await open('/');
    await page.getByRole('heading', { name: t('events', 'list.upcoming') }).waitFor();
    const card = (title: string) => page.getByRole('main').getByRole('article', { name: title });
    await card(cultural.title).waitFor();
    await card(educational.title).waitFor();

    // The type filter, named and filled with the language's words.
    const type = page.getByRole('combobox', { name: t('events', 'filters.type'), exact: true });
    expect(await type.locator('option').allTextContents()).toEqual([
      t('events', 'filters.allTypes'),
      ...['protest', 'cultural', 'educational', 'digital'].map((k) => t('common', `eventTypes.${k}`)),
    ]);
    await type.selectOption({ label: t('common', 'eventTypes.educational') });
    await page.waitForURL((url) => url.searchParams.get('type') === 'educational');
    await expect.poll(() => card(cultural.title).count()).toBe(0);
    await card(educational.title).waitFor();
    // Every card left is of that type, its badge in the language.
    const cards = page.getByRole('main').getByRole('article');
    const shown = await cards.count();
    expect(shown).toBeGreaterThan(0);
    expect(
      await cards.filter({ hasText: t('common', 'eventTypes.educational') }).count(),
      'cards of another type left after filtering',
    ).toBe(shown);

    // Back to every type, and into the cultural event from its card.
    await type.selectOption({ label: t('events', 'filters.allTypes') });
    await card(cultural.title).waitFor();
    await card(cultural.title).getByRole('link', { name: cultural.title, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/event/${cultural.id}`);
    await page.getByRole('heading', { level: 1, name: cultural.title }).waitFor();
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: t('event', 'back') }).getAttribute('href')).toBe('/');
    expect(await main.getByText(t('common', 'eventTypes.cultural'), { exact: true }).isVisible()).toBe(true);
    expect(await main.getByRole('term').allTextContents()).toEqual([
      t('event', 'dateTime'),
      t('event', 'location'),
      t('event', 'organizedBy'),
    ]);
    expect(await main.getByRole('heading', { level: 2, name: t('event', 'about') }).isVisible()).toBe(true);
    expect(await main.getByRole('link', { name: t('event', 'viewSource') }).isVisible()).toBe(true);
    // The date, in the event's own zone, with the month named in the language (by Intl, as the app does).
    const month = new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'Europe/Paris' }).format(
      startsAt,
    );
    const englishMonth = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'Europe/Paris' }).format(
      startsAt,
    );
    const date = (await main.getByRole('definition').first().textContent()) ?? '';
    expect(date).toContain(month);
    expect(date).not.toContain(englishMonth);
  });

  it('creates an account with a name, an email and a password, and is signed in', async () => {
    const page = await open('/auth');
    await page.getByRole('heading', { level: 1, name: t('auth', 'heading.signIn') }).waitFor();
    await page.getByRole('button', { name: t('auth', 'toggle.toSignUp') }).click();
    await page.getByRole('heading', { level: 1, name: t('auth', 'heading.signUp') }).waitFor();
    const name = language === 'ar' ? 'نور صالح' : 'Nour Saleh';
    await page.getByLabel(t('auth', 'fields.name'), { exact: true }).fill(name);
    await page
      .getByLabel(t('auth', 'fields.email'), { exact: true })
      .fill(`signup-${language}-${Date.now()}@example.org`);
    await page.getByLabel(t('auth', 'fields.password'), { exact: true }).fill('zaatar-and-oil');
    await page
      .getByRole('main')
      .getByRole('button', { name: t('auth', 'submit.signUp'), exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: t('common', 'nav.accountMenu', { name }) }).waitFor();
    expect(await htmlLangDir(page)).toBe(`${language} ${expectedDir(language)}`);
  });

  it('submits an event by the form’s labels, and is told it is waiting for review', async () => {
    const user = await createUser(e2e.server.store, { name: `Layla (${language})` });
    const page = await open('/submit', await sessionCookieFor(e2e.server.store, user));
    await page.getByRole('heading', { level: 1, name: t('submit', 'heading') }).waitFor();
    const send = page.getByRole('button', { name: t('submit', 'submit') });
    const field = (key: string) => page.getByLabel(t('submit', `fields.${key}`));
    const title = `Vigil for Gaza at the town hall (${language})`;
    const fill = async () => {
      await field('description').fill('Candles, names read aloud.\nBring a candle.');
      await field('date').fill('2031-05-17');
      await field('time').fill('18:30');
      await field('timezone').fill('Europe/Paris');
      await field('city').fill('Lyon');
      await field('country').fill('France');
      await field('type').selectOption({ label: t('common', 'eventTypes.cultural') });
      await field('sourceLink').fill('https://example.org/vigil');
      await field('organizer').fill('Lyon Palestine Solidarité');
    };

    // Addresses run left to right on every page, Arabic's too ("https://", not "//:https").
    expect(await field('sourceLink').evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');

    // Everything but the title: the title is refused, and focus goes to it.
    await fill();
    await send.click();
    const titleField = field('title');
    await expect.poll(() => titleField.getAttribute('aria-invalid')).toBe('true');
    expect(await titleField.evaluate((el) => el === document.activeElement)).toBe(true);
    const message = await titleField.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim(),
    );
    // The form's own check, in the page's language (the shared schema's message by its code).
    expect(message).toContain(t('messages', 'event.titleRequired'));
    expect(await page.getByRole('heading', { name: t('submit', 'success.title') }).count()).toBe(0);

    await titleField.fill(title);
    await send.click();
    await page.getByRole('heading', { name: t('submit', 'success.title') }).waitFor();
    expect(await page.getByText(t('submit', 'success.text')).isVisible()).toBe(true);
    const row = await e2e.server.store.db
      .selectFrom('events')
      .selectAll()
      .where('title', '=', title)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', type: 'cultural', city: 'Lyon', created_by: user.id });

    // The submitter's own page of the pending event says it waits for review.
    await page.getByRole('link', { name: t('submit', 'success.viewPending') }).click();
    await page.waitForURL((url) => url.pathname === `/event/${row.id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.getByText(t('event', 'status.pending')).isVisible()).toBe(true);
  });

  it('reports an approved event with a reason, and is thanked', async () => {
    const s = e2e.server.store;
    const reporter = await createUser(s, { name: `Omar (${language})` });
    const event = await createEvent(s, { title: `Wrong date on this one (${language})` });
    const page = await open(`/event/${event.id}`, await sessionCookieFor(s, reporter));
    await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
    await page.getByRole('button', { name: t('report', 'button'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t('report', 'title') });
    await dialog.waitFor();
    expect(await dialog.getByRole('group', { name: t('report', 'question') }).isVisible()).toBe(true);
    await dialog.getByRole('radio', { name: t('common', 'reportReasons.wrong_info') }).check();
    await dialog.getByRole('button', { name: t('report', 'submit') }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(t('event', 'reported')).waitFor();
    const reports = await s.db.selectFrom('reports').selectAll().where('event_id', '=', event.id).execute();
    expect(reports.map((r) => [r.reported_by, r.reason, r.status])).toEqual([
      [reporter.id, 'wrong_info', 'open'],
    ]);
  });

  it('approves one pending event and rejects another with a reason; the log shows the rejection', async () => {
    const s = e2e.server.store;
    const moderator = await createModerator(s, { name: `Mona (${language})` });
    const cookie = await sessionCookieFor(s, moderator);
    const keep = await createEvent(s, { status: 'pending', title: `Dabke workshop (${language})` });
    const refuse = await createEvent(s, { status: 'pending', title: `Duplicate vigil (${language})` });
    const reason =
      language === 'ar' ? 'مكرّرة: هذه الوقفة مدرجة مسبقًا.' : 'Doublon : cette veillée est déjà listée.';

    const page = await open('/moderation', cookie);
    await page.getByRole('heading', { level: 1, name: t('moderation', 'title') }).waitFor();
    expect(
      await page.getByRole('tab', { name: t('moderation', 'tabs.pending') }).getAttribute('aria-selected'),
    ).toBe('true');
    const card = (title: string) => page.getByRole('main').getByRole('article', { name: title });
    const actions = (title: string) =>
      page.getByRole('group', { name: t('moderation', 'actionsLabel', { title }) }).filter({ visible: true });

    // Approve.
    await card(keep.title).getByRole('button', { pressed: false }).click();
    await actions(keep.title)
      .getByRole('button', { name: t('moderation', 'actions.approve'), exact: true })
      .click();
    await page.getByText(t('moderation', 'done.approve', { title: keep.title })).waitFor();
    await expect.poll(() => card(keep.title).count()).toBe(0);

    // Reject, with a reason (the approval selected the next event in the queue: this one, unless other
    // events of this file wait before it).
    const refuseToggle = card(refuse.title).getByRole('button').first();
    if ((await refuseToggle.getAttribute('aria-pressed')) !== 'true') await refuseToggle.click();
    await actions(refuse.title)
      .getByRole('button', { name: t('moderation', 'actions.reject'), exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: t('moderation', 'reject.title') });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: t('moderation', 'reject.submit'), exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: t('moderation', 'reject.reasonLabel') }).fill(reason);
    await confirm.click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByText(t('moderation', 'done.reject', { title: refuse.title })).waitFor();
    await expect.poll(() => card(refuse.title).count()).toBe(0);

    const status = async (id: string) =>
      (await s.db.selectFrom('events').select('status').where('id', '=', id).executeTakeFirstOrThrow())
        .status;
    expect(await status(keep.id)).toBe('approved');
    expect(await status(refuse.id)).toBe('rejected');

    // The transparency log: the rejection under its heading in the language, with the reason as written.
    await page
      .getByRole('navigation', { name: t('common', 'nav.label') })
      .getByRole('link', { name: t('common', 'nav.log') })
      .click();
    await page.waitForURL((url) => url.pathname === '/log');
    await page.getByRole('heading', { level: 1, name: t('log', 'title') }).waitFor();
    const entry = page
      .getByRole('article', { name: t('log', 'heading.rejected') })
      .filter({ hasText: refuse.title });
    await entry.waitFor();
    expect(await entry.getByRole('term').allTextContents()).toContain(`${t('log', 'reason')}:`);
    expect(await entry.getByRole('definition').filter({ hasText: reason }).count()).toBe(1);
    expect(await entry.getByText(t('log', 'takenByNamed', { name: moderator.name })).isVisible()).toBe(true);
    // The approval is not a log entry.
    expect(await page.getByRole('article').filter({ hasText: keep.title }).count()).toBe(0);
  });
});

describe('an account’s language', () => {
  it('comes with the person: signing in on a browser that asks for English turns the pages to the account’s', async () => {
    const password = 'olive-harvest-2026';
    const user = await createUser(e2e.server.store, {
      name: 'سلمى',
      language: 'ar',
      passwordHash: await hashPassword(password),
      emailVerified: true,
    });
    const page = await e2e.newPage({ viewport: DESKTOP, locale: 'en-GB' });
    await page.goto('/auth?next=%2Flog');
    expect(await htmlLangDir(page)).toBe('en ltr');
    await page.getByLabel(text('en', 'auth', 'fields.email'), { exact: true }).fill(user.email);
    await page.getByLabel(text('en', 'auth', 'fields.password'), { exact: true }).fill(password);
    await page
      .getByRole('main')
      .getByRole('button', { name: text('en', 'auth', 'submit.signIn'), exact: true })
      .click();
    // Where the person was going, in Arabic, right to left, signed in.
    await page.waitForURL((url) => url.pathname === '/log');
    await page.getByRole('heading', { level: 1, name: text('ar', 'log', 'title') }).waitFor();
    expect(await htmlLangDir(page)).toBe('ar rtl');
    await page
      .getByRole('button', { name: text('ar', 'common', 'nav.accountMenu', { name: user.name }) })
      .waitFor();
    // And the next page too.
    await page.goto('/');
    expect(await htmlLangDir(page)).toBe('ar rtl');
  });
});
