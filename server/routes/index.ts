import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerSessionRoutes } from './auth/session';
import { registerEventRoutes } from './events/index';
import { registerHealthRoutes } from './health';
import { registerLogRoutes } from './log/index';
import { registerModerationRoutes } from './moderation/index';

/** Every API route module, registered once. Add new resources here. */
export function registerRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerHealthRoutes(app, ctx);
  registerSessionRoutes(app);
  registerEventRoutes(app, ctx);
  registerModerationRoutes(app, ctx);
  registerLogRoutes(app, ctx);
}
