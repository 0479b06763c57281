import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerChangePasswordRoutes } from './changePassword';
import { registerDeletionRoutes } from './deletion';
import { registerEmailRoutes } from './email';
import { registerExportRoutes } from './export';
import { registerPasswordResetRoutes } from './password';
import { registerProfileRoutes } from './profile';
import { registerSignOutEverywhereRoutes } from './sessions';
import { registerUnsubscribeRoutes } from './unsubscribe';

/**
 * Email and the account page (docs/EMAIL.md, docs/PRODUCT.md#your-account): password reset, address
 * verification, preferences; the name, the password, sessions, the data download and deletion.
 */
export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerPasswordResetRoutes(app, ctx);
  registerEmailRoutes(app, ctx);
  registerUnsubscribeRoutes(app, ctx);
  registerProfileRoutes(app, ctx);
  registerChangePasswordRoutes(app, ctx);
  registerSignOutEverywhereRoutes(app, ctx);
  registerExportRoutes(app, ctx);
  registerDeletionRoutes(app, ctx);
}
