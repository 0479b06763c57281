import type { FastifyInstance } from 'fastify';
import type { SessionsEnded } from '../../../common/schemas/accountSettings';
import { clearSessionCookie } from '../../auth/cookies';
import { deleteSessionsOfUser } from '../../auth/sessions';
import type { AppContext } from '../../context';
import { requireSignedIn } from '../../policies/account';
import { enforceRateLimit } from '../../rateLimit';
import { ACCOUNT_RATE_RULES } from './rateLimits';

export const SIGNED_OUT_EVERYWHERE_MESSAGE = 'You are signed out on every device, this one too.';

/** "Sign out everywhere" (docs/PRODUCT.md#your-account): every session of the person ends, this one too. */
export function registerSignOutEverywhereRoutes(app: FastifyInstance, { store, env }: AppContext): void {
  app.post('/api/account/sign-out-everywhere', async (request, reply): Promise<SessionsEnded> => {
    const actor = requireSignedIn(request.actor);
    await enforceRateLimit(store.db, ACCOUNT_RATE_RULES.endSessions, actor.id);
    const ended = await deleteSessionsOfUser(store.db, actor.id);
    clearSessionCookie(reply, env);
    reply.header('Cache-Control', 'no-store');
    // This browser's session is one of them; the others are what the person wanted to end.
    return { ok: true, message: SIGNED_OUT_EVERYWHERE_MESSAGE, endedSessions: Math.max(0, ended - 1) };
  });
}
