import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordAccount } from '../server/testing/factories';
import { type GoogleTestProvider, startGoogleTestProvider } from '../server/testing/googleTestProvider';
import { DESKTOP, type E2E, expectNoA11yViolations, PHONE, screenshot, startE2E } from './support/browser';

let provider: GoogleTestProvider;
let e2e: E2E;

beforeAll(async () => {
  provider = await startGoogleTestProvider();
  e2e = await startE2E({ env: provider.env });
  // The test server picks its port at start, so the public address (and with it the callback URL the
  // provider sends the pop-up back to) is only known now.
  e2e.server.env.PUBLIC_URL = e2e.server.url;
});
afterAll(async () => {
  // The pop-up talks to the provider, as it must; the page itself never leaves our origin.
  expect(e2e.foreignRequests).toEqual([]);
  await e2e.close();
  await provider.stop();
});

async function openAuth(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const page = await e2e.newPage({ viewport });
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
  return page;
}

/** Click "Continue with Google" and return the pop-up it opens. */
async function clickGoogle(page: Page): Promise<Page> {
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Continue with Google' }).click(),
  ]);
  return popup;
}

describe('Google sign-in in a pop-up', () => {
  it('offers Google above the email form, in both modes, accessibly', async () => {
    const page = await openAuth(PHONE);
    await page.getByText('Or continue with email').waitFor();
    await expectNoA11yViolations(page, '/auth with Google');
    await screenshot(page, 'auth-google-sign-in-phone');
    await page.getByRole('button', { name: "Don't have an account? Create one" }).click();
    await page.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
    await expect(page.getByRole('button', { name: 'Continue with Google' }).isVisible()).resolves.toBe(true);
    await expectNoA11yViolations(page, '/auth create with Google');
    await screenshot(page, 'auth-google-create-phone');
    const desktop = await openAuth(DESKTOP);
    await screenshot(desktop, 'auth-google-sign-in-desktop');
  });

  it('creates the account from the provider, closes the pop-up and lands on the home page signed in', async () => {
    provider.setIdentity({
      sub: 'e2e-sub-1',
      email: 'rasha@gmail.example',
      email_verified: true,
      name: 'Rasha Nasser',
    });
    const page = await openAuth();
    const popup = await clickGoogle(page);
    await popup.waitForEvent('close');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Account menu for Rasha Nasser' }).waitFor();
    await screenshot(page, 'auth-google-signed-in-desktop');
    const user = await e2e.server.store.db
      .selectFrom('users')
      .select(['name', 'role', 'google_sub'])
      .where('email_lc', '=', 'rasha@gmail.example')
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ name: 'Rasha Nasser', role: 'user', google_sub: 'e2e-sub-1' });
  });

  it('says an account exists when a password account confirmed that address', async () => {
    const account = await createPasswordAccount(e2e.server.store, {
      email: 'taken@gmail.example',
      emailVerified: true,
    });
    provider.setIdentity({ sub: 'e2e-sub-2', email: account.email, email_verified: true, name: 'Someone' });
    const page = await openAuth(PHONE);
    const popup = await clickGoogle(page);
    await popup.waitForEvent('close');
    await page
      .getByText('An account already exists with this email using a different sign-in method.')
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await expect(page.getByRole('button', { name: 'Continue with Google' }).isEnabled()).resolves.toBe(true);
    await screenshot(page, 'auth-google-account-exists-phone');
  });

  it('takes over an account someone opened with that address and never confirmed (email squatting)', async () => {
    const squatted = await createPasswordAccount(e2e.server.store, {
      name: 'Not The Owner',
      email: 'owner@gmail.example',
    });
    provider.setIdentity({
      sub: 'e2e-sub-owner',
      email: squatted.email,
      email_verified: true,
      name: 'Owner',
    });
    const page = await openAuth();
    const popup = await clickGoogle(page);
    await popup.waitForEvent('close');
    await page.waitForURL((url) => url.pathname === '/');
    // The same account, now the address owner's: signed in with Google, the password gone.
    await page.getByRole('button', { name: 'Account menu for Not The Owner' }).waitFor();
    const row = await e2e.server.store.db
      .selectFrom('users')
      .select(['google_sub', 'password_hash'])
      .where('id', '=', squatted.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ google_sub: 'e2e-sub-owner', password_hash: null });
  });

  it('says sign-in was cancelled when the pop-up is closed before it finishes', async () => {
    const page = await openAuth();
    // Hold the pop-up at the provider, as a person choosing an account would.
    provider.holdNextAuthorization();
    const popup = await clickGoogle(page);
    await popup.getByRole('heading', { name: 'Choose an account' }).waitFor();
    await page.getByRole('button', { name: 'Waiting for Google…' }).waitFor();
    await popup.close();
    await page.getByText('Google sign-in was cancelled.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await expect(page.getByRole('button', { name: 'Continue with Google' }).isEnabled()).resolves.toBe(true);
  });

  it('says sign-in was cancelled when the person declines at the provider', async () => {
    const page = await openAuth();
    provider.server.service.once('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
    });
    const popup = await clickGoogle(page);
    await popup.waitForEvent('close');
    await page.getByText('Google sign-in was cancelled.').waitFor();
  });

  it('says the pop-up was blocked when the browser refuses to open it', async () => {
    const page = await openAuth(PHONE);
    await page.evaluate(() => {
      window.open = () => null;
    });
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByText('Pop-up was blocked by your browser. Please allow pop-ups and try again.').waitFor();
    await screenshot(page, 'auth-google-blocked-phone');
  });
});
