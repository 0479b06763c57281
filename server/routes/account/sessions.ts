import type { FastifyInstance } from 'fastify';
import { msg } from '../../../common/i18n/messages';
import type { SessionsEnded } from '../../../common/schemas/accountSettings';
import { clearSessionCookie } from '../../auth/cookies';
import { deleteSessionsOfUser } from '../../auth/sessions';
import type { AppContext } from '../../context';
import { translate } from '../../messages';
import { requireSignedIn } from '../../policies/account';
import { enforceRateLimit } from '../../rateLimit';
import { ACCOUNT_RATE_RULES } from './rateLimits';

export const SIGNED_OUT_EVERYWHERE_MESSAGE = msg('account.signedOutEverywhere');

/** "Sign out everywhere" (docs/PRODUCT.md#your-account): every session of the person ends, this one too. */
export function registerSignOutEverywhereRoutes(app: FastifyInstance, { store, env }: AppContext): void {
  app.post('/api/account/sign-out-everywhere', async (request, reply): Promise<SessionsEnded> => {
    const actor = requireSignedIn(request.actor);
    await enforceRateLimit(store.db, ACCOUNT_RATE_RULES.endSessions, actor.id);
    const ended = await deleteSessionsOfUser(store.db, actor.id);
    clearSessionCookie(reply, env);
    reply.header('Cache-Control', 'no-store');
    // This browser's session is one of them; the others are what the person wanted to end.
    return {
      ok: true,
      message: translate(SIGNED_OUT_EVERYWHERE_MESSAGE, request.language),
      endedSessions: Math.max(0, ended - 1),
    };
  });
}
