import type { FastifyInstance } from 'fastify';
import { msg } from '../../../common/i18n/messages';
import type { Accepted } from '../../../common/schemas/account';
import { ACCOUNT_MESSAGES, deleteAccountSchema } from '../../../common/schemas/accountSettings';
import { clearSessionCookie } from '../../auth/cookies';
import { verifyPassword } from '../../auth/passwords';
import { AUTH_RATE_RULES } from '../../auth/rateLimits';
import { isRecentlyReauthenticated, REAUTHENTICATION_WINDOW_MS, SESSION_COOKIE } from '../../auth/sessions';
import { deleteAccount } from '../../commands/deleteAccount';
import type { AppContext } from '../../context';
import { accountError, invalidField, unauthenticated } from '../../errors';
import { translate } from '../../messages';
import { requireSignedIn } from '../../policies/account';
import { enforceRateLimit } from '../../rateLimit';
import { getUserById } from '../../store/users';
import { parseInput } from '../../validate';
import { PASSWORD_ALL } from '../auth/password';
import { ACCOUNT_RATE_RULES } from './rateLimits';

export const ACCOUNT_DELETED_MESSAGE = msg('account.deleted');

/**
 * "Delete my account" (docs/PRODUCT.md#deleting-an-account): confirmed with the password, or for an
 * account without one (Google only) by signing in to Google again on this session within the last few
 * minutes (re-authentication); then one transaction (server/commands/deleteAccount.ts) and this browser
 * is signed out.
 */
export function registerDeletionRoutes(app: FastifyInstance, { store, env }: AppContext): void {
  const db = store.db;

  app.post('/api/account/delete', async (request, reply): Promise<Accepted> => {
    const actor = requireSignedIn(request.actor);
    const input = parseInput(deleteAccountSchema, request.body);
    // Counted for every attempt, so the confirmation cannot be guessed through this door either.
    await enforceRateLimit(db, ACCOUNT_RATE_RULES.passwordCheck, actor.id);
    const user = await getUserById(db, actor.id);
    if (!user) throw unauthenticated();
    if (user.password_hash !== null) {
      if (!input.password) throw invalidField('password', ACCOUNT_MESSAGES.confirmationRequired);
      await enforceRateLimit(db, AUTH_RATE_RULES.passwordAll, PASSWORD_ALL);
      if (!(await verifyPassword(input.password, user.password_hash))) {
        throw accountError.wrongPassword('password', ACCOUNT_MESSAGES.wrongPassword);
      }
    } else if (!(await isRecentlyReauthenticated(db, request.cookies[SESSION_COOKIE]))) {
      // No password to ask for: this session must have signed in to Google again just now
      // (GET /api/auth/google/reauthenticate, server/auth/google.ts).
      throw accountError.reauthenticationRequired(REAUTHENTICATION_WINDOW_MS / 60_000);
    }
    await deleteAccount(db, { userId: user.id });
    clearSessionCookie(reply, env);
    reply.header('Cache-Control', 'no-store');
    return { ok: true, message: translate(ACCOUNT_DELETED_MESSAGE, request.language) };
  });
}
