import type { RateRule } from '../../rateLimit';

const MINUTE = 60_000;

/**
 * Limits on the email endpoints (docs/EMAIL.md). Per address, "Forgot password?" cannot be used to
 * flood someone's inbox; per IP, one machine cannot mail many people or try many links. Every attempt
 * counts, whether or not the address has an account, so the limits reveal nothing about accounts.
 */
export const EMAIL_RATE_RULES = {
  forgotPasswordIp: {
    name: 'forgot-password:ip',
    limit: 10,
    windowMs: 60 * MINUTE,
    message: 'Too many requests from your network. Please wait an hour and try again.',
  },
  forgotPasswordAddress: {
    name: 'forgot-password:address',
    limit: 3,
    windowMs: 60 * MINUTE,
    message:
      'We already sent several links to this address. Please look in your inbox and spam folder, or wait an hour and try again.',
  },
  useLinkIp: {
    name: 'email-link:ip',
    limit: 30,
    windowMs: 15 * MINUTE,
    message: 'Too many attempts from your network. Please wait 15 minutes and try again.',
  },
  resendVerification: {
    name: 'verification-email:account',
    limit: 3,
    windowMs: 60 * MINUTE,
    message:
      'We already sent you several links this hour. Please look in your inbox and spam folder, or try again later.',
  },
} as const satisfies Record<string, RateRule>;

/**
 * Limits on the account page's own writes (docs/PRODUCT.md#your-account), per account. The password
 * checks of "Change password" and "Delete my account" share one count, like sign-in's, so a stolen
 * session cannot be used to guess the password it would need; every hash counts against the
 * server-wide allowance too (AUTH_RATE_RULES.passwordAll).
 */
export const ACCOUNT_RATE_RULES = {
  changeName: {
    name: 'account-name:account',
    limit: 20,
    windowMs: 60 * MINUTE,
    message: 'You changed your name many times this hour. Please wait a while and try again.',
  },
  passwordCheck: {
    name: 'account-password:account',
    limit: 10,
    windowMs: 15 * MINUTE,
    message: 'Too many password attempts for this account. Please wait 15 minutes and try again.',
  },
  endSessions: {
    name: 'account-sessions:account',
    limit: 10,
    windowMs: 60 * MINUTE,
    message: 'Too many requests. Please wait a while and try again.',
  },
  exportData: {
    name: 'account-export:account',
    limit: 10,
    windowMs: 60 * MINUTE,
    message: 'You downloaded your data many times this hour. Please wait a while and try again.',
  },
} as const satisfies Record<string, RateRule>;
