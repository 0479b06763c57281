import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { RenderPostedForm } from '../../html/pages';
import { registerAuthForms } from './forms';
import { registerGoogleRoutes } from './google';
import { passwordAuth, registerPasswordRoutes } from './password';

/**
 * Sign-up, sign-in, sign-out and Google sign-in (GET /api/auth/session lives in session.ts), and the
 * sign-in page's forms without JavaScript.
 */
export function registerAuthRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  renderPostedForm: RenderPostedForm | null,
): void {
  const auth = passwordAuth(ctx);
  registerPasswordRoutes(app, ctx, auth);
  // The sign-in page's plain forms, where there is a web app to show them in.
  if (renderPostedForm) registerAuthForms(app, ctx, auth, renderPostedForm);
  registerGoogleRoutes(app, ctx);
}
