import { msg } from '../../common/i18n/messages';
import type { Actor } from '../auth/actor';
import type { Env } from '../env';
import { emailUnverified } from '../errors';

/**
 * Submitting and reporting wait for a proved address when REQUIRE_VERIFIED_EMAIL holds (by default
 * whenever email is set up): an account made with someone else's address can do nothing in their name
 * (docs/EMAIL.md). Signing in, reading and the account page stay open.
 */
export function mustConfirmEmail(actor: Actor, env: Pick<Env, 'REQUIRE_VERIFIED_EMAIL'>): boolean {
  return env.REQUIRE_VERIFIED_EMAIL && actor.emailVerifiedAt === null;
}

export const CONFIRM_EMAIL_FIRST = msg('account.confirmEmailFirst');

export function assertEmailConfirmed(actor: Actor, env: Pick<Env, 'REQUIRE_VERIFIED_EMAIL'>): void {
  if (mustConfirmEmail(actor, env)) throw emailUnverified(CONFIRM_EMAIL_FIRST);
}
