import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../../lib/api';
import { apiErrorText, messageText } from '../../../lib/errorTexts';
import type { GoogleFailure } from '../api/googleSignIn';

/** Email codes with a message of their own (docs/PRODUCT.md#sign-in-messages; the server never sends the first two). */
const EMAIL_CODES = new Set([
  'auth/user-not-found',
  'auth/wrong-password',
  'auth/email-already-in-use',
  'auth/weak-password',
  'auth/invalid-email',
  'auth/invalid-credential',
]);

/** The banner text for a failed sign-in or sign-up (docs/PRODUCT.md#sign-in-messages). */
export function emailAuthErrorMessage(error: unknown, t: TFunction<'auth'>): string {
  if (!(error instanceof ApiRequestError) || !error.code) return t('errors.noCode');
  if (EMAIL_CODES.has(error.code)) return t(`errors.${error.code}`);
  // The server's limit (or busy) message says how long to wait.
  if (error.code === 'rate_limited' || error.code === 'server_busy') {
    return apiErrorText(error, t) || t('errors.rateLimited');
  }
  return t('errors.otherCode', { message: apiErrorText(error, t) || t('errors.unknownError') });
}

/** The banner text for a failed Google sign-in (docs/PRODUCT.md#sign-in-messages). */
export function googleErrorMessage(failure: GoogleFailure, t: TFunction<'auth'>): string {
  const { code, message } = failure;
  if (!code) return t('googleErrors.noCode');
  if (code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request') {
    return t('googleErrors.cancelled');
  }
  if (code === 'auth/popup-blocked' || code === 'auth/account-exists-with-different-credential') {
    return t(`googleErrors.${code}`);
  }
  return t('googleErrors.otherCode', { message: message || t('googleErrors.tryAgain') });
}

/**
 * A field message from the shared schema or the server (docs/PRODUCT.md#form-messages), in the page's
 * language: web/lib/messages.ts says every message of the contract.
 */
export const fieldMessage = messageText;
