import type { FastifyInstance } from 'fastify';
import { changeNameSchema, type Profile } from '../../../common/schemas/accountSettings';
import type { AppContext } from '../../context';
import { requireSignedIn } from '../../policies/account';
import { presentSessionUser } from '../../presenters/user';
import { enforceRateLimit } from '../../rateLimit';
import { setUserName } from '../../store/users';
import { parseInput } from '../../validate';
import { ACCOUNT_RATE_RULES } from './rateLimits';

/** "Name or nickname" (docs/PRODUCT.md#your-account): nothing asks for a legal name. */
export function registerProfileRoutes(app: FastifyInstance, { store, env }: AppContext): void {
  app.post('/api/account/name', async (request, reply): Promise<Profile> => {
    const actor = requireSignedIn(request.actor);
    await enforceRateLimit(store.db, ACCOUNT_RATE_RULES.changeName, actor.id);
    const { name } = parseInput(changeNameSchema, request.body);
    await setUserName(store.db, actor.id, name);
    reply.header('Cache-Control', 'no-store');
    return { user: presentSessionUser({ ...actor, name }, env) };
  });
}
