import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setMailPreferences } from '../server/store/mailPreferences';
import {
  createEvent,
  createModerator,
  createPasswordAccount,
  createUser,
  sessionCookieFor,
} from '../server/testing/factories';
import { linkIn, startTestSmtpServer, type TestSmtpServer } from '../server/testing/smtp';
import { DESKTOP, expectNoA11yViolations, PHONE, screenshot, setupE2E } from './support/browser';

/**
 * Email in the browser, against a real SMTP server on 127.0.0.1: forgot password end to end (the link
 * read from the received mail), confirming the address after a sign-up, the account page's email
 * settings, and an email's unsubscribe link.
 */
const mailEnv: Record<string, string> = {};
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  Object.assign(mailEnv, smtp.env);
});
afterAll(() => smtp?.stop());

const e2e = setupE2E({ env: mailEnv });
beforeAll(() => {
  // The links in the emails open this server.
  e2e.server.env.PUBLIC_URL = e2e.server.url;
});

/** Screenshots to look at: e2e/screenshots (the project's habit) and /tmp/shots/email. */
async function shot(page: Page, name: string) {
  await screenshot(page, name);
  const dir = '/tmp/shots/email';
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(process.cwd(), 'e2e', 'screenshots', `${name}.png`), join(dir, `${name}.png`));
}

let n = 0;
const newEmail = () => `browser-mail${++n}-${Date.now()}@example.org`;

describe('Forgot password?', () => {
  it('mails a link from /auth that sets a new password and signs in, end to end', async () => {
    const account = await createPasswordAccount(e2e.server.store, {
      name: 'Layla Haddad',
      email: newEmail(),
    });
    const page = await e2e.newPage({ viewport: PHONE });
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    expect(await page.title()).toBe('Forgot password · Palestine Solidarity Calendar');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText('Email is required').waitFor();
    await expectNoA11yViolations(page, '/forgot-password with an error');
    await page.getByLabel('Email Address').fill(account.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page
      .getByText('If an account exists for this address, we sent a link to set a new password.')
      .waitFor();
    await expectNoA11yViolations(page, '/forgot-password sent');
    await shot(page, 'forgot-sent-phone');

    const received = await smtp.waitFor((m) => m.to === account.email);
    const link = linkIn(received, '/reset-password');
    const reset = await e2e.newPage({ viewport: DESKTOP });
    await reset.goto(link);
    await reset.getByRole('heading', { level: 1, name: 'Set a new password' }).waitFor();
    // The token left the address bar (and so the history) once read.
    await reset.waitForURL((url) => url.hash === '' && url.pathname === '/reset-password');
    await reset.getByLabel('New password').fill('123');
    await reset.getByRole('button', { name: 'Set the new password' }).click();
    await reset.getByText('Password must be at least 6 characters').waitFor();
    await expectNoA11yViolations(reset, '/reset-password');
    await shot(reset, 'reset-password-desktop');
    await reset.getByLabel('New password').fill('a much better password');
    await reset.getByRole('button', { name: 'Set the new password' }).click();
    await reset.getByText('Your new password is set, and you are signed in.').waitFor();
    await reset.getByRole('button', { name: 'Account menu for Layla Haddad' }).waitFor();
    await expectNoA11yViolations(reset, '/reset-password done');

    // The same link again: used up.
    const again = await e2e.newPage();
    await again.goto(link);
    await again.getByLabel('New password').fill('yet another password');
    await again.getByRole('button', { name: 'Set the new password' }).click();
    await again.getByRole('heading', { level: 1, name: 'This link does not work' }).waitFor();
    await again.getByText('This link has expired or has already been used. Ask for a new one.').waitFor();
    await again.getByRole('link', { name: 'Ask for a new link' }).waitFor();

    // And the new password signs in.
    const signIn = await e2e.newPage();
    await signIn.goto('/auth');
    await signIn.getByLabel('Email Address', { exact: true }).fill(account.email);
    await signIn.getByLabel('Password', { exact: true }).fill('a much better password');
    await signIn.locator('form').getByRole('button', { name: 'Sign In', exact: true }).click();
    await signIn.getByRole('button', { name: 'Account menu for Layla Haddad' }).waitFor();
  });
});

describe('confirming the address after a sign-up', () => {
  it('holds Submit and Report until the emailed link is opened, with "Send the link again"', async () => {
    const email = newEmail();
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.goto('/auth');
    await page.getByRole('button', { name: "Don't have an account? Create one" }).click();
    await page.getByLabel('Full Name').fill('Yusuf Nasser');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a long enough password');
    await page.locator('form').getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const banner = page.getByTestId('confirm-email');
    await banner.getByText('Please confirm your email address first').waitFor();
    expect(await banner.textContent()).toContain(email);
    await expectNoA11yViolations(page, 'home with the confirm-email banner');
    await shot(page, 'confirm-banner-desktop');
    const first = await smtp.waitFor((m) => m.to === email);

    await banner.getByRole('button', { name: 'Send the link again' }).click();
    await banner.getByText(`We sent a new link to ${email}. It works for two days.`).waitFor();
    const second = await smtp.waitFor((m) => m.to === email && m.messageId !== first.messageId);

    await page.goto('/submit');
    await page.getByRole('heading', { level: 2, name: 'Please confirm your email address first' }).waitFor();
    expect(await page.getByLabel('Event Title').count()).toBe(0);
    // One notice: the page's own, not the banner too.
    expect(await page.getByTestId('confirm-email').count()).toBe(1);

    const event = await createEvent(e2e.server.store, { title: 'A rally to report later' });
    await page.goto(`/event/${event.id}`);
    await page.getByTestId('event-relative').first().waitFor();
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Report Event' });
    await dialog.getByText('Please confirm your email address first').waitFor();
    expect(await dialog.getByRole('radio').count()).toBe(0);
    await expectNoA11yViolations(page, 'report dialog before confirming');
    await shot(page, 'confirm-report-dialog-desktop');
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // The link, opened in a new tab of the same browser.
    const confirm = await page.context().newPage();
    await confirm.goto(linkIn(second, '/verify-email'));
    await confirm.getByRole('heading', { level: 1, name: 'Your email address is confirmed' }).waitFor();
    await expectNoA11yViolations(confirm, '/verify-email');
    await shot(confirm, 'verify-done-desktop');
    await confirm.close();

    // Back on the first tab: it asks again when it gets the focus, and the form is there.
    await page.bringToFront();
    await page.goto('/submit');
    await page.getByLabel('Event Title').waitFor();
    expect(await page.getByTestId('confirm-email').count()).toBe(0);
  });

  it('says so when a link is used up, and offers a new one to the signed-in person', async () => {
    const user = await createUser(e2e.server.store, { name: 'Old Link' });
    const page = await e2e.newPage({
      viewport: PHONE,
      cookie: await sessionCookieFor(e2e.server.store, user),
    });
    await page.goto(`/verify-email#token=${'A'.repeat(43)}`);
    await page.getByRole('heading', { level: 1, name: 'This link does not work' }).waitFor();
    await page.getByRole('button', { name: 'Send the link again' }).waitFor();
    await expectNoA11yViolations(page, '/verify-email used up');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoA11yViolations(page, '/verify-email used up, dark');
    await shot(page, 'verify-used-dark-phone');

    // Another link opened in the same tab changes only what follows '#': it is checked too.
    const checked: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/verify-email')) checked.push(request.postDataJSON()?.token);
    });
    await page.goto(`/verify-email#token=${'B'.repeat(43)}`);
    await expect.poll(() => checked).toEqual(['B'.repeat(43)]);
    await page.getByRole('heading', { level: 1, name: 'This link does not work' }).waitFor();
  });
});

describe('the account page', () => {
  it('shows the address and its state, saves each kind of email, and an email’s link unsubscribes', async () => {
    const moderator = await createModerator(e2e.server.store, { name: 'Maryam Saleh', emailVerified: true });
    const page = await e2e.newPage({
      viewport: DESKTOP,
      cookie: await sessionCookieFor(e2e.server.store, moderator),
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Account menu for Maryam Saleh' }).click();
    await page.getByRole('menuitem', { name: 'Your account' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    expect(await page.title()).toBe('Your account · Palestine Solidarity Calendar');
    expect(await page.getByTestId('email-state').textContent()).toBe('Confirmed');
    const submitter = page.getByRole('group', { name: 'About the events you submit' });
    const moderators = page.getByRole('group', { name: 'For moderators' });
    await moderators.waitFor();
    expect(await submitter.getByRole('checkbox', { name: 'Your event is approved' }).isChecked()).toBe(true);
    const each = moderators.getByRole('checkbox', { name: 'Each new submission' });
    expect(await each.isChecked()).toBe(false);
    await expectNoA11yViolations(page, '/account');
    await shot(page, 'account-desktop');

    await each.check();
    await page.getByText('Saved.').waitFor();
    await page.reload();
    await moderators.getByRole('checkbox', { name: 'Each new submission' }).waitFor();
    expect(await moderators.getByRole('checkbox', { name: 'Each new submission' }).isChecked()).toBe(true);

    const dark = await e2e.newPage({
      viewport: PHONE,
      cookie: await sessionCookieFor(e2e.server.store, moderator),
    });
    await dark.emulateMedia({ colorScheme: 'dark' });
    await dark.goto('/account');
    await dark.getByRole('group', { name: 'For moderators' }).waitFor();
    await expectNoA11yViolations(dark, '/account dark phone');
    await shot(dark, 'account-dark-phone');

    // A submission by someone else: the moderator's email, and its unsubscribe link in the browser.
    const author = await createUser(e2e.server.store, { emailVerified: true });
    const res = await fetch(`${e2e.server.url}/api/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: await sessionCookieFor(e2e.server.store, author),
      },
      body: JSON.stringify({
        title: 'Book launch for Gaza',
        description: 'Readings and a discussion.',
        date: '2031-06-01',
        time: '19:00',
        timezone: 'Europe/London',
        city: 'London',
        country: 'United Kingdom',
        type: 'cultural',
        sourceLink: 'https://example.org/launch',
      }),
    });
    expect(res.status).toBe(201);
    const received = await smtp.waitFor(
      (m) => m.to === moderator.email && m.subject.includes('Book launch for Gaza'),
    );
    const unsubscribe = await e2e.newPage({ viewport: PHONE });
    await unsubscribe.goto(linkIn(received, '/unsubscribe'));
    await unsubscribe.getByRole('heading', { level: 1, name: 'Stop these emails?' }).waitFor();
    await unsubscribe.getByText('Each new submission').waitFor();
    await expectNoA11yViolations(unsubscribe, '/unsubscribe');
    await shot(unsubscribe, 'unsubscribe-phone');
    await unsubscribe.getByRole('button', { name: 'Stop these emails' }).click();
    await unsubscribe.getByRole('heading', { level: 1, name: 'You are unsubscribed' }).waitFor();
    await unsubscribe.emulateMedia({ colorScheme: 'dark' });
    await expectNoA11yViolations(unsubscribe, '/unsubscribe done, dark');
    await shot(unsubscribe, 'unsubscribed-dark-phone');

    await page.reload();
    await moderators.getByRole('checkbox', { name: 'Each new submission' }).waitFor();
    expect(await moderators.getByRole('checkbox', { name: 'Each new submission' }).isChecked()).toBe(false);
  });

  it('asks a visitor to sign in', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    await page.goto('/account');
    await page.getByRole('heading', { level: 1, name: 'Sign In Required' }).waitFor();
  });
});

describe('an account that must still confirm, on the account page', () => {
  it('shows "Not confirmed yet" and the notice, and the emails it would get', async () => {
    const user = await createUser(e2e.server.store, { name: 'Not Yet' });
    await setMailPreferences(e2e.server.store.db, user.id, { event_removed: false });
    const page = await e2e.newPage({
      viewport: PHONE,
      cookie: await sessionCookieFor(e2e.server.store, user),
    });
    await page.goto('/account');
    await page.getByTestId('email-state').getByText('Not confirmed yet').waitFor();
    await page.getByRole('button', { name: 'Send the link again' }).waitFor();
    await page.getByText('Confirm your email address to get these emails.').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Your event is removed' }).isChecked()).toBe(false);
    expect(await page.getByRole('group', { name: 'For moderators' }).count()).toBe(0);
    await expectNoA11yViolations(page, '/account unconfirmed');
    await shot(page, 'account-unconfirmed-phone');
  });
});
