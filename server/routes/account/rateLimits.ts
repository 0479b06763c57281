import { msg } from '../../../common/i18n/messages';
import { type RateRule, waitMinutes } from '../../rateLimit';

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
    message: msg('rateLimit.requestsNetwork'),
  },
  forgotPasswordAddress: {
    name: 'forgot-password:address',
    limit: 3,
    windowMs: 60 * MINUTE,
    message: msg('rateLimit.linksToAddress'),
  },
  useLinkIp: {
    name: 'email-link:ip',
    limit: 30,
    windowMs: 15 * MINUTE,
    message: msg('rateLimit.attemptsNetwork'),
  },
  resendVerification: {
    name: 'verification-email:account',
    limit: 3,
    windowMs: 60 * MINUTE,
    message: (wait) => msg('rateLimit.linksThisHour', { minutes: waitMinutes(wait) }),
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
    message: msg('rateLimit.nameChanges'),
  },
  passwordCheck: {
    name: 'account-password:account',
    limit: 10,
    windowMs: 15 * MINUTE,
    message: msg('rateLimit.passwordAttempts'),
  },
  endSessions: {
    name: 'account-sessions:account',
    limit: 10,
    windowMs: 60 * MINUTE,
    message: msg('rateLimit.requests'),
  },
  exportData: {
    name: 'account-export:account',
    limit: 10,
    windowMs: 60 * MINUTE,
    message: msg('rateLimit.exports'),
  },
} as const satisfies Record<string, RateRule>;
