import type { SessionUser } from '../../common/schemas/auth';
import type { Actor } from '../auth/actor';
import type { Env } from '../env';
import { mustConfirmEmail } from '../policies/email';

/** The signed-in user's own view of themselves. */
export function presentSessionUser(actor: Actor, env: Pick<Env, 'REQUIRE_VERIFIED_EMAIL'>): SessionUser {
  return {
    id: actor.id,
    name: actor.name,
    email: actor.email,
    role: actor.role,
    createdAt: new Date(actor.createdAt).toISOString(),
    emailVerified: actor.emailVerifiedAt !== null,
    mustConfirmEmail: mustConfirmEmail(actor, env),
    hasPassword: actor.hasPassword,
  };
}
