import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AUTH_RATE_RULES } from '../server/auth/rateLimits';
import { demoteUser, promoteUser } from '../server/cli/commands/roles';
import { hitRateLimit } from '../server/rateLimit';
import { createPasswordAccount, createUser, sessionCookieFor } from '../server/testing/factories';
import {
  DESKTOP,
  expectNoA11yViolations,
  holdPageCode,
  PHONE,
  screenshot,
  setupE2E,
} from './support/browser';

const e2e = setupE2E();

let counter = 0;
const newEmail = () => `browser${++counter}-${Date.now()}@example.org`;

async function openAuth(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const page = await e2e.newPage({ viewport });
  await page.goto('/auth');
  await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
  return page;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const submit = (page: Page, name: 'Sign In' | 'Create Account') =>
  page.locator('form').getByRole('button', { name, exact: true }).click();
const toCreate = (page: Page) =>
  page.getByRole('button', { name: "Don't have an account? Create one" }).click();
const toSignIn = (page: Page) =>
  page.getByRole('button', { name: 'Already have an account? Sign in' }).click();
const alertText = (page: Page) => page.getByRole('alert').textContent();

describe('the /auth page', () => {
  it('shows Sign In with labelled fields, the create-account link and the benefits, without Google when not set up', async () => {
    const page = await openAuth();
    expect(await page.title()).toBe('Sign In · Palestine Solidarity Calendar');
    await expect(field(page, 'Email Address').isVisible()).resolves.toBe(true);
    await expect(field(page, 'Password').isVisible()).resolves.toBe(true);
    expect(await field(page, 'Full Name').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Continue with Google' }).count()).toBe(0);
    expect(await page.getByText('Or continue with email').count()).toBe(0);
    // This server sends no email: nothing offers what only email could do.
    expect(await page.getByRole('link', { name: 'Forgot password?' }).count()).toBe(0);
    const benefits = await page.locator('section ul li').allTextContents();
    expect(benefits).toEqual([
      'Submit events for review',
      'Report inaccurate or inappropriate content',
      'Participate in a trusted platform',
    ]);
    await expectNoA11yViolations(page, '/auth sign in');
    await screenshot(page, 'auth-sign-in-desktop');

    await toCreate(page);
    await page.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
    expect(await page.title()).toBe('Create Account · Palestine Solidarity Calendar');
    await expect(field(page, 'Full Name').isVisible()).resolves.toBe(true);
    await expectNoA11yViolations(page, '/auth create account');
    await screenshot(page, 'auth-create-desktop');

    // Dark mode follows the system, with the same contrast requirements.
    const dark = await e2e.newPage({ viewport: PHONE });
    await dark.emulateMedia({ colorScheme: 'dark' });
    await dark.goto('/auth');
    await submit(dark, 'Sign In');
    await dark.getByText('Email is required').waitFor();
    await expectNoA11yViolations(dark, '/auth dark');
    await screenshot(dark, 'auth-sign-in-dark-phone');
  });

  it('validates sign-in on submit with its messages (docs/PRODUCT.md#form-messages), and clears a field error when it is edited', async () => {
    const page = await openAuth(PHONE);
    await submit(page, 'Sign In');
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    // Focus goes to the first field in error; it is marked invalid and described by its message.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('auth-email');
    expect(await field(page, 'Email Address').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'auth-sign-in-errors-phone');

    await field(page, 'Email Address').fill('not-an-email');
    expect(await page.getByText('Email is required').count()).toBe(0);
    await expect(page.getByText('Password is required').isVisible()).resolves.toBe(true);
    await field(page, 'Password').fill('12345');
    await submit(page, 'Sign In');
    await page.getByText('Please enter a valid email', { exact: true }).waitFor();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await expectNoA11yViolations(page, '/auth with errors');
  });

  it('validates create-account with the name too, and switching mode clears fields and errors', async () => {
    const page = await openAuth(PHONE);
    await field(page, 'Email Address').fill('someone@example.org');
    await toCreate(page);
    expect(await field(page, 'Email Address').inputValue()).toBe('');
    await submit(page, 'Create Account');
    for (const message of ['Name is required', 'Email is required', 'Password is required']) {
      await page.getByText(message).waitFor();
    }
    await screenshot(page, 'auth-create-errors-phone');
    await field(page, 'Full Name').fill('Someone');
    await toSignIn(page);
    await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
    expect(await page.getByText('Email is required').count()).toBe(0);
    expect(await field(page, 'Full Name').count()).toBe(0);
    await toCreate(page);
    expect(await field(page, 'Full Name').inputValue()).toBe('');
    expect(await page.getByText('Name is required').count()).toBe(0);
  });

  it('creates an account, lands on the home page signed in, signs out from the name menu, and signs in again', async () => {
    const page = await openAuth(DESKTOP);
    const email = newEmail();
    await toCreate(page);
    await field(page, 'Full Name').fill('Nour Saleh');
    await field(page, 'Email Address').fill(email);
    await field(page, 'Password').fill('zaatar-and-oil');
    await submit(page, 'Create Account');
    await page.waitForURL((url) => url.pathname === '/');
    const menu = page.getByRole('button', { name: 'Account menu for Nour Saleh' });
    await menu.waitFor();
    await screenshot(page, 'auth-signed-in-home-desktop');

    await menu.click();
    await page.getByText(`Signed in as ${email}`).waitFor();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await menu.count()).toBe(0);
    // The server ended the session: reloading does not bring it back.
    await page.reload();
    await page.getByRole('link', { name: 'Sign In' }).waitFor();

    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
    await field(page, 'Email Address').fill(email.toUpperCase());
    await field(page, 'Password').fill('zaatar-and-oil');
    await submit(page, 'Sign In');
    await page.waitForURL((url) => url.pathname === '/');
    await menu.waitFor();
  });

  it("keeps what was typed into the server's form before the page's code ran (a slow phone)", async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    // The page's code arrives late, as on a slow connection: the form is there, the app is not yet.
    const release = await holdPageCode(page);
    await page.goto('/auth?mode=signUp', { waitUntil: 'commit' });
    await field(page, 'Full Name').waitFor();
    const email = newEmail();
    await field(page, 'Full Name').fill('Omar Khalid');
    await field(page, 'Email Address').fill(email);
    await field(page, 'Password').fill('olive-harvest-9');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ready'))).toBe(false);
    release();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'));
    expect(await field(page, 'Full Name').inputValue()).toBe('Omar Khalid');
    expect(await field(page, 'Email Address').inputValue()).toBe(email);
    expect(await field(page, 'Password').inputValue()).toBe('olive-harvest-9');
    await submit(page, 'Create Account');
    await page.waitForURL((url) => url.pathname === '/');
    const account = await e2e.server.store.db
      .selectFrom('users')
      .select('name')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(account?.name).toBe('Omar Khalid');
  });

  it('signs out from the small-screen menu too', async () => {
    const user = await createUser(e2e.server.store, { name: 'Phone Person' });
    const page = await e2e.newPage({
      viewport: PHONE,
      cookie: await sessionCookieFor(e2e.server.store, user),
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByText(`Signed in as ${user.email}`).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
  });

  it('shows one message for a wrong password and for an unknown email alike', async () => {
    const account = await createPasswordAccount(e2e.server.store, { password: 'right-password' });
    const page = await openAuth(PHONE);
    const expected = 'Invalid email or password. Please check your credentials and try again.';
    await field(page, 'Email Address').fill(account.email);
    await field(page, 'Password').fill('wrong-password');
    await submit(page, 'Sign In');
    await page.getByText(expected).waitFor();
    expect(await alertText(page)).toBe(expected);
    // Still on the page, email kept, the button usable again.
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect(await field(page, 'Email Address').inputValue()).toBe(account.email);
    await screenshot(page, 'auth-invalid-credential-phone');

    await field(page, 'Email Address').fill(newEmail());
    await submit(page, 'Sign In');
    await page.getByRole('button', { name: 'Signing In...' }).waitFor({ state: 'detached' });
    expect(await alertText(page)).toBe(expected);
  });

  it('says an account already exists when creating one with a taken email', async () => {
    const account = await createPasswordAccount(e2e.server.store);
    const page = await openAuth();
    await toCreate(page);
    await field(page, 'Full Name').fill('Someone Else');
    await field(page, 'Email Address').fill(account.email);
    await field(page, 'Password').fill('another-password');
    await submit(page, 'Create Account');
    await page.getByText('An account with this email already exists.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('shows the rate-limit message when an account has had too many attempts', async () => {
    const account = await createPasswordAccount(e2e.server.store, { password: 'right-password' });
    const rule = AUTH_RATE_RULES.signInAccount;
    for (let i = 0; i < rule.limit; i++) await hitRateLimit(e2e.server.store.db, rule, account.email);
    const page = await openAuth(PHONE);
    await field(page, 'Email Address').fill(account.email);
    await field(page, 'Password').fill('right-password');
    await submit(page, 'Sign In');
    await page.getByText(rule.message).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await screenshot(page, 'auth-rate-limited-phone');
  });

  it('shows the Moderation link once an operator promotes the user, without signing in again', async () => {
    const user = await createUser(e2e.server.store, { name: 'Soon Moderator' });
    const page = await e2e.newPage({ cookie: await sessionCookieFor(e2e.server.store, user) });
    await page.goto('/');
    await page.getByRole('button', { name: 'Account menu for Soon Moderator' }).waitFor();
    const moderationLink = page
      .getByRole('navigation')
      .getByRole('link', { name: 'Moderation', exact: true });
    expect(await moderationLink.count()).toBe(0);
    await promoteUser(e2e.server.store.db, user.email);
    await page.reload();
    await moderationLink.waitFor();
    await demoteUser(e2e.server.store.db, user.email);
    await page.reload();
    await page.getByRole('button', { name: 'Account menu for Soon Moderator' }).waitFor();
    expect(await moderationLink.count()).toBe(0);
  });

  it('sends a signed-in visitor straight to the home page', async () => {
    const user = await createUser(e2e.server.store, { name: 'Already In' });
    const page = await e2e.newPage({ cookie: await sessionCookieFor(e2e.server.store, user) });
    await page.goto('/auth');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Account menu for Already In' }).waitFor();
  });
});
