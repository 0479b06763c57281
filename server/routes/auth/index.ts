import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerGoogleRoutes } from './google';
import { registerPasswordRoutes } from './password';

/** Sign-up, sign-in, sign-out and Google sign-in (GET /api/auth/session lives in session.ts). */
export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerPasswordRoutes(app, ctx);
  registerGoogleRoutes(app, ctx);
}
