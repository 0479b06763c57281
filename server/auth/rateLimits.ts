import { msg } from '../../common/i18n/messages';
import type { RateRule } from '../rateLimit';

const MINUTE = 60_000;

/**
 * Limits on account endpoints (docs/ARCHITECTURE.md, "Accounts"). Per account, they stop password
 * guessing against one person; per IP, they stop one machine from spraying many accounts while
 * leaving room for a venue or household sharing one address.
 */
export const AUTH_RATE_RULES = {
  signInAccount: {
    name: 'sign-in:account',
    limit: 10,
    windowMs: 15 * MINUTE,
    message: msg('rateLimit.signInAccount'),
  },
  signInIp: {
    name: 'sign-in:ip',
    limit: 30,
    windowMs: 15 * MINUTE,
    message: msg('rateLimit.signInNetwork'),
  },
  signUpAccount: {
    name: 'sign-up:account',
    limit: 5,
    windowMs: 60 * MINUTE,
    message: msg('rateLimit.signUpAccount'),
  },
  signUpIp: {
    name: 'sign-up:ip',
    limit: 20,
    windowMs: 60 * MINUTE,
    message: msg('rateLimit.signUpNetwork'),
  },
  /**
   * All password sign-ins and sign-ups together, whoever and wherever from: what the server will hash in
   * a minute (each hash is about 100 ms of a thread). Spread over many addresses and accounts, a
   * credential-stuffing run meets this one; a short window, so such a run shuts others out briefly.
   */
  passwordAll: {
    name: 'password:all',
    limit: 120,
    windowMs: MINUTE,
    message: msg('rateLimit.signInBusy'),
  },
  google: {
    name: 'google:ip',
    limit: 30,
    windowMs: 15 * MINUTE,
    message: msg('rateLimit.signInNetwork'),
  },
} as const satisfies Record<string, RateRule>;
