import type { Actor } from '../auth/actor';
import { accountError, unauthenticated } from '../errors';

/** The account page's endpoints are the signed-in person's own: a visitor is asked to sign in (401). */
export function requireSignedIn(actor: Actor | null): Actor {
  if (!actor) throw unauthenticated();
  return actor;
}

/** Only an account that has a password can change it; a Google-only one has none (409). */
export function authorizePasswordChange(actor: Actor): void {
  if (!actor.hasPassword) throw accountError.noPassword();
}
