import type { FastifyInstance } from 'fastify';
import { msg } from '../../../common/i18n/messages';
import {
  ACCOUNT_MESSAGES,
  changePasswordSchema,
  type SessionsEnded,
} from '../../../common/schemas/accountSettings';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { AUTH_RATE_RULES } from '../../auth/rateLimits';
import { SESSION_COOKIE } from '../../auth/sessions';
import { changePassword } from '../../commands/changePassword';
import type { AppContext } from '../../context';
import { accountError, unauthenticated } from '../../errors';
import { translate } from '../../messages';
import { authorizePasswordChange, requireSignedIn } from '../../policies/account';
import { enforceRateLimit } from '../../rateLimit';
import { getUserById } from '../../store/users';
import { parseInput } from '../../validate';
import { PASSWORD_ALL } from '../auth/password';
import { ACCOUNT_RATE_RULES } from './rateLimits';

export const PASSWORD_CHANGED_MESSAGE = msg('account.passwordChanged');

/**
 * "Change password" (docs/PRODUCT.md#your-account): the current password first, then the new one,
 * checked like sign-up's. Both hashes go through the same bounded slots as sign-in (server/auth/hashSlots.ts).
 */
export function registerChangePasswordRoutes(app: FastifyInstance, { store }: AppContext): void {
  const db = store.db;

  app.post('/api/account/password', async (request, reply): Promise<SessionsEnded> => {
    const actor = requireSignedIn(request.actor);
    authorizePasswordChange(actor);
    const { currentPassword, newPassword } = parseInput(changePasswordSchema, request.body);
    await enforceRateLimit(db, ACCOUNT_RATE_RULES.passwordCheck, actor.id);
    await enforceRateLimit(db, AUTH_RATE_RULES.passwordAll, PASSWORD_ALL);
    const user = await getUserById(db, actor.id);
    if (!user) throw unauthenticated();
    if (!(await verifyPassword(currentPassword, user.password_hash))) {
      throw accountError.wrongPassword('currentPassword', ACCOUNT_MESSAGES.wrongPassword);
    }
    const passwordHash = await hashPassword(newPassword);
    const endedSessions = await changePassword(db, {
      userId: actor.id,
      passwordHash,
      keepSession: request.cookies[SESSION_COOKIE],
    });
    reply.header('Cache-Control', 'no-store');
    return { ok: true, message: translate(PASSWORD_CHANGED_MESSAGE, request.language), endedSessions };
  });
}
