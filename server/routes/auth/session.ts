import type { FastifyInstance } from 'fastify';
import type { SessionResponse } from '../../../common/schemas/auth';
import { presentSessionUser } from '../../presenters/user';

export function registerSessionRoutes(app: FastifyInstance): void {
  // Who is signed in. Never cached: it changes on sign-in, sign-out and role changes.
  app.get('/api/auth/session', async (request, reply): Promise<SessionResponse> => {
    reply.header('Cache-Control', 'no-store');
    return { user: request.actor ? presentSessionUser(request.actor) : null };
  });
}
