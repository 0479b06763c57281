import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { type PageRenderers, registerPageRendering, registerPageRoutes } from '../html/pages';
import type { Shell } from '../html/shell';
import { ApiReads } from '../http/apiReads';
import { registerAboutRoutes } from './about';
import { registerAccountRoutes } from './account/index';
import { registerAuthRoutes } from './auth/index';
import { registerSessionRoutes } from './auth/session';
import { registerCalendarRoutes } from './calendar/index';
import { eventSubmission, registerCreateEventRoute } from './events/create';
import { registerEventRoutes } from './events/index';
import { registerOwnershipRoutes } from './events/ownership';
import { registerScheduleRoute } from './events/schedule';
import { registerSimilarEventsRoute } from './events/similar';
import { registerSubmitForm } from './events/submitForm';
import { registerHealthRoutes } from './health';
import { registerImageRoutes } from './images/index';
import { registerLogRoutes } from './log/index';
import { registerModerationRoutes } from './moderation/index';
import { registerReportRoutes } from './reports/index';
import { registerSeriesRoutes } from './series/index';

/**
 * Every API route module, registered once. Add new resources here. Answers the page renderers (null
 * without a web app): the app's not-found handler renders its page with them.
 */
export function registerRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  shell: Shell | null = null,
): PageRenderers | null {
  // The reads rendered pages are made from: declared by their routes, answered in-process for renders.
  const reads = new ApiReads();
  // Before any route: it puts its onSend hook on the rendered pages' routes as they are declared.
  const renderers = registerPageRendering(app, ctx, shell, reads);
  const renderPostedForm = renderers?.postedForm ?? null;
  registerHealthRoutes(app, ctx);
  registerSessionRoutes(app, ctx);
  registerAuthRoutes(app, ctx, renderPostedForm);
  registerAccountRoutes(app, ctx);
  registerSimilarEventsRoute(app, ctx);
  registerEventRoutes(app, ctx, reads);
  const submit = eventSubmission(ctx);
  registerCreateEventRoute(app, ctx, submit);
  registerImageRoutes(app, ctx);
  // The submit page's plain form, where there is a web app to show it in.
  if (renderPostedForm) registerSubmitForm(app, ctx, submit, renderPostedForm);
  registerScheduleRoute(app, ctx);
  registerOwnershipRoutes(app, ctx);
  registerSeriesRoutes(app, ctx, reads);
  registerReportRoutes(app, ctx);
  registerModerationRoutes(app, ctx);
  registerLogRoutes(app, ctx, reads);
  registerAboutRoutes(app, ctx, reads);
  registerCalendarRoutes(app, ctx, shell);
  registerPageRoutes(app, ctx, shell);
  return renderers;
}
