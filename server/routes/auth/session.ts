import type { FastifyInstance } from 'fastify';
import { SESSION_PATH } from '../../../common/apiPaths';
import type { SessionResponse } from '../../../common/schemas/auth';
import type { Actor } from '../../auth/actor';
import type { AppContext } from '../../context';
import type { Env } from '../../env';
import { appPermissions } from '../../policies/permissions';
import { presentSessionUser } from '../../presenters/user';

/**
 * Who `actor` is to the web app (null: a visitor), and what they may do in it: the API's answer, and
 * what a rendered page is rendered for (server/html/pages.ts).
 */
export function sessionAnswer(actor: Actor | null, env: Env): SessionResponse {
  return { user: actor ? presentSessionUser(actor, env) : null, can: appPermissions(actor, env) };
}

export function registerSessionRoutes(app: FastifyInstance, { env }: AppContext): void {
  // Who is signed in. Never cached: it changes on sign-in, sign-out and role changes.
  app.get(SESSION_PATH, async (request, reply): Promise<SessionResponse> => {
    reply.header('Cache-Control', 'no-store');
    return sessionAnswer(request.actor, env);
  });
}
