import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api';
import catalog from '../../../locales/en/auth.json';
import { emailAuthErrorMessage, fieldMessage, googleErrorMessage } from './messages';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    ns: ['auth'],
    resources: { en: { auth: catalog } },
    interpolation: { escapeValue: false },
  });
});
const tAuth = i18n.getFixedT('en', 'auth');
const apiError = (code: string, message = '') => new ApiRequestError(400, code, message);

describe('email sign-in messages (docs/PRODUCT.md#sign-in-messages)', () => {
  it.each([
    ['auth/user-not-found', 'No account found with this email address.'],
    ['auth/wrong-password', 'Incorrect password.'],
    ['auth/email-already-in-use', 'An account with this email already exists.'],
    ['auth/weak-password', 'Password should be at least 6 characters.'],
    ['auth/invalid-email', 'Please enter a valid email address.'],
    ['auth/invalid-credential', 'Invalid email or password. Please check your credentials and try again.'],
  ])('%s → "%s"', (code, message) => {
    expect(emailAuthErrorMessage(apiError(code, 'server wording'), tAuth)).toBe(message);
  });

  it('shows any other code with its message, or "Unknown error"', () => {
    expect(emailAuthErrorMessage(apiError('cross_site_request', 'Refused.'), tAuth)).toBe(
      'Authentication failed: Refused.',
    );
    expect(emailAuthErrorMessage(apiError('internal'), tAuth)).toBe('Authentication failed: Unknown error');
  });

  it('shows the server’s rate-limit message, which says how long to wait', () => {
    expect(emailAuthErrorMessage(apiError('rate_limited', 'Please wait 15 minutes.'), tAuth)).toBe(
      'Please wait 15 minutes.',
    );
    expect(emailAuthErrorMessage(apiError('server_busy', 'Try again in a moment.'), tAuth)).toBe(
      'Try again in a moment.',
    );
  });

  it('has a message for failures without a code', () => {
    expect(emailAuthErrorMessage(new Error('boom'), tAuth)).toBe('Authentication failed. Please try again.');
    expect(emailAuthErrorMessage(apiError(''), tAuth)).toBe('Authentication failed. Please try again.');
  });
});

describe('Google sign-in messages (docs/PRODUCT.md#sign-in-messages)', () => {
  it.each([
    ['auth/popup-closed-by-user', 'Google sign-in was cancelled.'],
    ['auth/cancelled-popup-request', 'Google sign-in was cancelled.'],
    ['auth/popup-blocked', 'Pop-up was blocked by your browser. Please allow pop-ups and try again.'],
    [
      'auth/account-exists-with-different-credential',
      'An account already exists with this email using a different sign-in method.',
    ],
  ])('%s → "%s"', (code, message) => {
    expect(googleErrorMessage({ code, message: 'server wording' }, tAuth)).toBe(message);
  });

  it('shows any other code with its message, or "Please try again."', () => {
    expect(googleErrorMessage({ code: 'auth/unverified-email', message: 'Verify it first.' }, tAuth)).toBe(
      'Google authentication failed: Verify it first.',
    );
    expect(googleErrorMessage({ code: 'auth/provider-error' }, tAuth)).toBe(
      'Google authentication failed: Please try again.',
    );
    expect(googleErrorMessage({}, tAuth)).toBe('Google authentication failed. Please try again.');
  });
});

describe('field messages (docs/PRODUCT.md#form-messages)', () => {
  it('come from the catalog for the messages it has and pass others through', () => {
    for (const message of [
      'Name is required',
      'Email is required',
      'Please enter a valid email',
      'Password is required',
      'Password must be at least 6 characters',
    ]) {
      expect(fieldMessage(message, tAuth)).toBe(message);
    }
    expect(fieldMessage('Name must be at most 100 characters', tAuth)).toBe(
      'Name must be at most 100 characters',
    );
  });
});
