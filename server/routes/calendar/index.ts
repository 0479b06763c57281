import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Shell } from '../../html/shell';
import { registerApiDocsRoutes } from './apiDocs';
import { registerCrawlerRoutes } from './crawlers';
import { registerEmbedRoutes } from './embed';
import { registerEventFileRoutes } from './eventFiles';
import { registerFeedRoutes } from './feeds';

/**
 * Everything other software reads: .ics files and feeds, share previews of event pages, the embeddable
 * list, the OpenAPI document and its docs page, sitemap and robots.txt. Read-only, approved events only
 * (one event's own .ics and page also follow canViewEvent, like the API).
 */
export function registerCalendarRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  shell: Shell | null = null,
): void {
  registerEventFileRoutes(app, ctx, shell);
  registerEmbedRoutes(app, ctx, shell);
  registerFeedRoutes(app, ctx);
  registerApiDocsRoutes(app, ctx);
  registerCrawlerRoutes(app, ctx);
}
