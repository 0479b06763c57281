import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { isLanguage } from '../../common/i18n/languages';
import type { AuthSuccess } from '../../common/schemas/auth';
import type { Env } from '../env';
import { LANGUAGE_COOKIE, rememberLanguage } from '../i18n/language';
import { appPermissions } from '../policies/permissions';
import { presentSessionUser } from '../presenters/user';
import type { Database, UserRow } from '../store/schema';
import { languageOf, setUserLanguage } from '../store/users';
import type { Actor } from './actor';
import { setSessionCookie } from './cookies';
import { createSession, deleteSession, SESSION_COOKIE } from './sessions';

/**
 * The choice of language follows the person (docs/PRODUCT.md#languages): a browser that has made no
 * choice takes the account's; an account that has none takes the browser's.
 */
async function carryLanguage(
  db: Kysely<Database>,
  env: Env,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
): Promise<void> {
  const browser = request.cookies[LANGUAGE_COOKIE];
  const account = languageOf(user);
  if (!isLanguage(browser)) {
    if (account) rememberLanguage(reply, env, account);
  } else if (!account) {
    await setUserLanguage(db, user.id, browser);
  }
}

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
  await carryLanguage(db, env, request, reply, user);
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
