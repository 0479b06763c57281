import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerPageRendering, registerPageRoutes } from '../html/pages';
import type { Shell } from '../html/shell';
import { registerAboutRoutes } from './about';
import { registerAccountRoutes } from './account/index';
import { registerAuthRoutes } from './auth/index';
import { registerSessionRoutes } from './auth/session';
import { registerCalendarRoutes } from './calendar/index';
import { eventSubmission, registerCreateEventRoute } from './events/create';
import { registerEventRoutes } from './events/index';
import { registerOwnershipRoutes } from './events/ownership';
import { registerScheduleRoute } from './events/schedule';
import { registerSubmitForm } from './events/submitForm';
import { registerHealthRoutes } from './health';
import { registerLogRoutes } from './log/index';
import { registerModerationRoutes } from './moderation/index';
import { registerReportRoutes } from './reports/index';
import { registerSeriesRoutes } from './series/index';

/** Every API route module, registered once. Add new resources here. */
export function registerRoutes(app: FastifyInstance, ctx: AppContext, shell: Shell | null = null): void {
  // Before any route: it puts its onSend hook on the rendered pages' routes as they are declared.
  const renderPostedForm = registerPageRendering(app, ctx, shell);
  registerHealthRoutes(app, ctx);
  registerSessionRoutes(app, ctx);
  registerAuthRoutes(app, ctx, renderPostedForm);
  registerAccountRoutes(app, ctx);
  registerEventRoutes(app, ctx);
  const submit = eventSubmission(ctx);
  registerCreateEventRoute(app, ctx, submit);
  // The submit page's plain form, where there is a web app to show it in.
  if (renderPostedForm) registerSubmitForm(app, ctx, submit, renderPostedForm);
  registerScheduleRoute(app, ctx);
  registerOwnershipRoutes(app, ctx);
  registerSeriesRoutes(app, ctx);
  registerReportRoutes(app, ctx);
  registerModerationRoutes(app, ctx);
  registerLogRoutes(app, ctx);
  registerAboutRoutes(app, ctx);
  registerCalendarRoutes(app, ctx, shell);
  registerPageRoutes(app, ctx, shell);
}
