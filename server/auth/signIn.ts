import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuthSuccess } from '../../common/schemas/auth';
import type { Env } from '../env';
import { appPermissions } from '../policies/permissions';
import { presentSessionUser } from '../presenters/user';
import type { Database, UserRow } from '../store/schema';
import type { Actor } from './actor';
import { setSessionCookie } from './cookies';
import { createSession, deleteSession, SESSION_COOKIE } from './sessions';

/**
 * Sign this browser in as `user`: a brand-new session id every time (any session the browser held is
 * ended first, so a planted cookie cannot be carried into a signed-in session), set in the cookie.
 */
export async function beginSession(
  db: Kysely<Database>,
  env: Env,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
): Promise<AuthSuccess> {
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await deleteSession(db, previous);
  const token = await createSession(db, user.id);
  setSessionCookie(reply, env, token);
  reply.header('Cache-Control', 'no-store');
  const actor: Actor = {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    createdAt: user.created_at,
    emailVerifiedAt: user.email_verified_at,
    hasPassword: user.password_hash !== null,
  };
  return {
    user: presentSessionUser(actor, env),
    can: appPermissions(actor, env),
  };
}
