import type { SessionUser } from '../../common/schemas/auth';
import type { Actor } from '../auth/actor';

/** The signed-in user's own view of themselves. */
export function presentSessionUser(actor: Actor): SessionUser {
  return {
    id: actor.id,
    name: actor.name,
    email: actor.email,
    role: actor.role,
    createdAt: new Date(actor.createdAt).toISOString(),
  };
}
