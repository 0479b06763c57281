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

/**
 * The pop-up has closed. Polled: a pop-up that finishes fast may close before a listener for its
 * `close` event is added, which then waits for ever (seen once in a full run on a loaded machine).
 */
async function popupClosed(popup: Page): Promise<void> {
  await expect.poll(() => popup.isClosed(), { timeout: 15_000 }).toBe(true);
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
    await popupClosed(popup);
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
    await popupClosed(popup);
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
    await popupClosed(popup);
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
    await popupClosed(popup);
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

describe('Deleting an account that signs in with Google only (docs/PRODUCT.md#deleting-an-account)', () => {
  const leila = {
    sub: 'e2e-sub-delete',
    email: 'leila@gmail.example',
    email_verified: true,
    name: 'Leila Haddad',
  };

  /** Sign in with Google as `who`, then open the delete dialog of /account. */
  async function openDeleteDialog(who: typeof leila, viewport: { width: number; height: number }) {
    provider.setIdentity(who);
    const page = await openAuth(viewport);
    const popup = await clickGoogle(page);
    // The outcome, then the closed pop-up, each polled (a close event may come before anyone listens).
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => popup.isClosed()).toBe(true);
    await page.goto('/account');
    await page
      .getByText('You sign in with Google, so your account has no password here.', { exact: false })
      .waitFor();
    expect(await page.getByLabel('Current password', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Delete my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    return { page, dialog };
  }

  async function confirmWithGoogle(page: Page) {
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Confirm with Google' }).click(),
    ]);
    return popup;
  }

  it('confirms with Google in a pop-up (another Google account is refused), then deletes', async () => {
    const { page, dialog } = await openDeleteDialog(leila, PHONE);
    await dialog
      .getByText('To confirm it is you, sign in to Google again in the window that opens.')
      .waitFor();
    // Focus is on the one thing to do; there is no way to delete yet.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Confirm with Google');
    expect(await dialog.getByRole('button', { name: 'Delete my account', exact: true }).count()).toBe(0);
    expect(await dialog.getByRole('textbox').count()).toBe(0);
    await expectNoA11yViolations(page, '/account delete dialog, Google');
    await screenshot(page, 'account-delete-google-phone');

    // Signed in to Google as someone else: refused, in the dialog, and nothing is deleted.
    provider.setIdentity({ ...leila, sub: 'e2e-sub-not-leila', email: 'not.leila@gmail.example' });
    const wrong = await confirmWithGoogle(page);
    await dialog.getByText('Google did not confirm it is you.').waitFor();
    await expect.poll(() => wrong.isClosed()).toBe(true);
    await dialog
      .getByText('This is not the Google account you sign in with here.', { exact: false })
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Delete my account', exact: true }).count()).toBe(0);
    await expectNoA11yViolations(page, '/account delete dialog, Google, refused');
    await screenshot(page, 'account-delete-google-refused-phone');

    // The right Google account: confirmed, and the final button takes focus.
    provider.setIdentity(leila);
    const right = await confirmWithGoogle(page);
    await dialog.getByText('Google confirmed it is you.', { exact: false }).waitFor();
    await expect.poll(() => right.isClosed()).toBe(true);
    const remove = dialog.getByRole('button', { name: 'Delete my account', exact: true });
    await remove.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Delete my account');
    await expectNoA11yViolations(page, '/account delete dialog, Google, confirmed');
    await screenshot(page, 'account-delete-google-confirmed-phone');

    // Left too long (the server's clock says so): refused, back to "Confirm with Google", focus on it.
    const db = e2e.server.store.db;
    const { id } = await db
      .selectFrom('users')
      .select('id')
      .where('email_lc', '=', leila.email)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('sessions')
      .set({ reauthenticated_at: Date.now() - 6 * 60_000 })
      .where('user_id', '=', id)
      .execute();
    await remove.click();
    await dialog
      .getByText('Your confirmation is more than 5 minutes old. Please confirm with Google again.')
      .waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === 'Confirm with Google');
    expect(await dialog.getByRole('button', { name: 'Delete my account', exact: true }).count()).toBe(0);

    const again = await confirmWithGoogle(page);
    await dialog.getByText('Google confirmed it is you.', { exact: false }).waitFor();
    await expect.poll(() => again.isClosed()).toBe(true);
    await remove.click();

    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Your account is deleted.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: /Account menu/ }).count()).toBe(0);
    const row = await e2e.server.store.db
      .selectFrom('users')
      .select(['deleted_at', 'google_sub'])
      .where('email_lc', '=', leila.email)
      .executeTakeFirst();
    // The tombstone no longer has the address (nor the Google link): no row by it.
    expect(row).toBeUndefined();
  });

  it('says so when the confirmation is cancelled, and deletes nothing', async () => {
    const sami = { sub: 'e2e-sub-cancel', email: 'sami@gmail.example', email_verified: true, name: 'Sami' };
    const { page, dialog } = await openDeleteDialog(sami, DESKTOP);
    provider.holdNextAuthorization();
    const popup = await confirmWithGoogle(page);
    await popup.getByRole('heading', { name: 'Choose an account' }).waitFor();
    await dialog.getByRole('button', { name: 'Waiting for Google…' }).waitFor();
    await popup.close();
    await dialog.getByText('Confirming with Google was cancelled. Nothing was deleted.').waitFor();
    await expect(dialog.getByRole('button', { name: 'Confirm with Google' }).isEnabled()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // Focus goes back to the button that opened the dialog.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Delete my account…');
    const row = await e2e.server.store.db
      .selectFrom('users')
      .select('deleted_at')
      .where('email_lc', '=', sami.email)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeNull();
  });
});
