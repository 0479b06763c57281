import type { FastifyInstance } from 'fastify';
import type { SessionResponse } from '../../../common/schemas/auth';
import type { AppContext } from '../../context';
import { appPermissions } from '../../policies/permissions';
import { presentSessionUser } from '../../presenters/user';

export function registerSessionRoutes(app: FastifyInstance, { env }: AppContext): void {
  // Who is signed in. Never cached: it changes on sign-in, sign-out and role changes.
  app.get('/api/auth/session', async (request, reply): Promise<SessionResponse> => {
    reply.header('Cache-Control', 'no-store');
    const actor = request.actor;
    return { user: actor ? presentSessionUser(actor, env) : null, can: appPermissions(actor, env) };
  });
}
