import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerEmailRoutes } from './email';
import { registerPasswordResetRoutes } from './password';
import { registerUnsubscribeRoutes } from './unsubscribe';

/** Email and the account page (docs/EMAIL.md): password reset, address verification, preferences. */
export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerPasswordResetRoutes(app, ctx);
  registerEmailRoutes(app, ctx);
  registerUnsubscribeRoutes(app, ctx);
}
