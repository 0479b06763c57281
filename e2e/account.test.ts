import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accountExportSchema } from '../common/schemas/accountSettings';
import { createUser, sessionCookieFor, validEventInput } from '../server/testing/factories';
import { DESKTOP, expectNoA11yViolations, PHONE, screenshot, setupE2E } from './support/browser';

/**
 * The account page end to end (docs/PRODUCT.md#your-account): sign up, change the name, change the
 * password, download the data, delete the account. A Google-only account's version of the page, and its
 * deletion confirmed with Google, is in google-signin.test.ts (it needs the test provider).
 */
const e2e = setupE2E();

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function signUp(page: Page, name: string, email: string, password: string) {
  await page.goto('/auth');
  await page.getByRole('button', { name: "Don't have an account? Create one" }).click();
  await field(page, 'Full Name').fill(name);
  await field(page, 'Email Address').fill(email);
  await field(page, 'Password').fill(password);
  await page.locator('form').getByRole('button', { name: 'Create Account', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await field(page, 'Email Address').fill(email);
  await field(page, 'Password').fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign In', exact: true }).click();
}

describe('/account', () => {
  it('changes the name and the password, downloads the data and deletes the account', async () => {
    const email = `account-${Date.now()}@example.org`;
    const page = await e2e.newPage({ viewport: DESKTOP });
    await signUp(page, 'Nour Saleh', email, 'first password');
    // An event of theirs, sent as the web app would (this browser's session cookie).
    const submitted = await page.request.post('/api/events', {
      data: validEventInput({ title: 'Vigil for the account test' }),
    });
    expect(submitted.status()).toBe(201);

    await page.goto('/account');
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    for (const title of [
      'Email address',
      'Name',
      'Password',
      'Emails',
      'Sign out everywhere',
      'Your data',
      'Delete account',
    ]) {
      await page.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();
    }
    await expectNoA11yViolations(page, '/account');

    // Name: checked like sign-up's, then saved; the header says it at once.
    const name = field(page, 'Name or nickname');
    expect(await name.inputValue()).toBe('Nour Saleh');
    await name.fill('   ');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Name is required').waitFor();
    await name.fill('Umm Khalil');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Your name is saved.').waitFor();
    await page.getByRole('button', { name: 'Account menu for Umm Khalil' }).waitFor();
    // Focus stays on the button pressed (it was lost to the page while the button was disabled).
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Save name');

    // Password: a wrong current one is refused under its field; then the change works.
    await field(page, 'Current password').fill('not my password');
    await field(page, 'New password').fill('second password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('This is not your current password').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('account-currentPassword');
    await field(page, 'Current password').fill('first password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password is changed. You are signed out on every other device.').waitFor();
    expect(await field(page, 'Current password').inputValue()).toBe('');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Change password');
    // Still signed in here.
    await page.getByRole('button', { name: 'Account menu for Umm Khalil' }).waitFor();
    // Elsewhere, only the new password works.
    const other = await e2e.newPage({ viewport: PHONE });
    await signIn(other, email, 'first password');
    await other
      .getByText('Invalid email or password. Please check your credentials and try again.')
      .waitFor();
    await signIn(other, email, 'second password');
    await other.waitForURL((url) => url.pathname === '/');

    // Download my data: a JSON file with their event, and no secret.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^palestine-solidarity-calendar-data-\d{4}-\d{2}-\d{2}\.json$/,
    );
    const text = readFileSync((await download.path()) ?? '', 'utf8');
    const data = accountExportSchema.parse(JSON.parse(text));
    expect(data.profile).toMatchObject({ name: 'Umm Khalil', email, role: 'user' });
    expect(data.events.map((e) => [e.title, e.status])).toEqual([['Vigil for the account test', 'pending']]);
    expect(text).not.toContain('$scrypt$');
    expect(text).not.toMatch(/password_?hash|session/i);
    await page.getByText('Your data is downloaded.').waitFor();

    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        // From the top (the sticky header stays in place), once the buttons' colour transitions ended.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForTimeout(300);
        await screenshot(page, `account-${size}-${colorScheme}`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(DESKTOP);

    // Delete: a dialog asks for the password, with focus on it.
    await page.getByRole('button', { name: 'Delete my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('delete-password');
    await dialog.getByRole('button', { name: 'Delete my account', exact: true }).click();
    await dialog.getByText('Enter your password to confirm').waitFor();
    await field(page, 'Your password').fill('wrong password');
    await dialog.getByRole('button', { name: 'Delete my account', exact: true }).click();
    await dialog.getByText('This is not your current password').waitFor();
    await expectNoA11yViolations(page, '/account delete dialog');
    await screenshot(page, 'account-delete-dialog-desktop');
    await field(page, 'Your password').fill('second password');
    await dialog.getByRole('button', { name: 'Delete my account', exact: true }).click();

    // Signed out, on the home page, told so.
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Your account is deleted.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
    expect(await page.getByRole('button', { name: /Account menu/ }).count()).toBe(0);
    await screenshot(page, 'account-deleted-home-desktop');
    // The other browser's session ended too; and signing in again fails with the usual message.
    await other.reload();
    expect(await other.getByRole('button', { name: /Account menu/ }).count()).toBe(0);
    await signIn(other, email, 'second password');
    await other
      .getByText('Invalid email or password. Please check your credentials and try again.')
      .waitFor();
  });

  it('signs out everywhere, this browser too', async () => {
    const user = await createUser(e2e.server.store, { name: 'Sami' });
    const elsewhere = await e2e.newPage({ cookie: await sessionCookieFor(e2e.server.store, user) });
    const page = await e2e.newPage({
      viewport: PHONE,
      cookie: await sessionCookieFor(e2e.server.store, user),
    });
    await page.goto('/account');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('You are signed out on every device, this one too.').waitFor();
    await elsewhere.goto('/account');
    await elsewhere.getByRole('heading', { level: 1, name: 'Sign In Required' }).waitFor();
  });
});

describe('/reset-password', () => {
  it('on a calendar that sends no email, leads from a broken link back to the events', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    await page.goto('/reset-password');
    await page.getByRole('heading', { level: 1, name: 'This link does not work' }).waitFor();
    // No new link can be asked for without email: the page is not a dead end for all that.
    expect(await page.getByRole('link', { name: 'Ask for a new link' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Go to the events' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Upcoming Events' }).waitFor();
  });
});
