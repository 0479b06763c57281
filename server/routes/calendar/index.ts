import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EventType } from '../../../common/enums';
import type { FeedFilters } from '../../../common/filters';
import { isId } from '../../../common/ids';
import { eventPageUrl, filterQuery } from '../../../common/links';
import { actorForToken, SESSION_COOKIE } from '../../auth/sessions';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { renderEmbedError, renderEmbedPage } from '../../html/embedPage';
import { eventHead } from '../../html/eventHead';
import { escapeHtml, type Shell } from '../../html/shell';
import { renderDocsPage } from '../../openapi/docsPage';
import { openApiDocument } from '../../openapi/document';
import { canViewEvent } from '../../policies/events';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../../storableText';
import { getEventById } from '../../store/events';
import {
  FEED_MAX_EVENTS,
  listApprovedForSitemap,
  listFeedEvents,
  listRecentlyApproved,
  RSS_MAX_ITEMS,
  SITEMAP_MAX_EVENTS,
} from '../../store/feeds';
import type { EventRow } from '../../store/schema';
import { parseInput } from '../../validate';
import { EVENT_NOT_FOUND } from '../events/index';
import { sendWithEtag } from './etag';
import { eventCalendar, feedCalendar, icsFileName } from './ics';
import { rssFeed } from './rss';
import { embedQuerySchema, feedQuerySchema } from './schemas';
import { escapeXml } from './xml';

const TYPE_NAMES: Record<EventType, string> = {
  protest: 'protests and rallies',
  cultural: 'cultural events',
  educational: 'educational events',
  digital: 'digital events',
};

/** 'Protests and rallies in london matching "gaza"': what a filtered feed holds, for its name. */
function describeFilters(filters: FeedFilters): string {
  const parts: string[] = [];
  parts.push(filters.type === 'all' ? 'Events' : TYPE_NAMES[filters.type]);
  if (filters.location) parts.push(`in ${filters.location}`);
  if (filters.search) parts.push(`matching “${filters.search}”`);
  const text = parts.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Everything other software reads: .ics files and feeds, share previews of event pages, the embeddable
 * list, the OpenAPI document and its docs page, sitemap and robots.txt. Read-only, approved events only
 * (one event's own .ics and page also follow canViewEvent, like the API).
 */
export function registerCalendarRoutes(
  app: FastifyInstance,
  { store, env }: AppContext,
  shell: Shell | null = null,
): void {
  const site = { publicUrl: env.PUBLIC_URL, siteTitle: env.SITE_TITLE };

  /** The event behind an id if this person may see it; anything else is "not found". */
  async function visibleEvent(request: FastifyRequest, id: string): Promise<EventRow | null> {
    if (!isId(id)) return null;
    const row = await getEventById(store.db, id);
    if (!row) return null;
    if (row.status === 'approved') return row;
    // Only /api requests carry the actor; pages read the session here, and only when it matters.
    const actor = request.actor ?? (await actorForToken(store.db, request.cookies[SESSION_COOKIE]));
    return canViewEvent(actor, row) ? row : null;
  }

  async function sendEventIcs(request: FastifyRequest, reply: FastifyReply, id: string) {
    const row = await visibleEvent(request, id);
    if (!row) throw notFound(EVENT_NOT_FOUND);
    return reply
      .header('Cache-Control', row.status === 'approved' ? 'public, max-age=300' : 'private, no-cache')
      .header('Content-Disposition', `attachment; filename="${icsFileName(row.title)}"`)
      .type('text/calendar; charset=utf-8')
      .send(eventCalendar(row, site));
  }

  app.get<{ Params: { id: string } }>('/api/events/:id/ics', (request, reply) =>
    sendEventIcs(request, reply, request.params.id),
  );

  // One route for the page and its .ics twin: `/event/:id.ics` would need a second parametric
  // segment rule, and both answer "not found" the same way.
  app.get<{ Params: { id: string } }>('/event/:id', async (request, reply) => {
    const { id } = request.params;
    if (id.endsWith('.ics')) return sendEventIcs(request, reply, id.slice(0, -'.ics'.length));
    if (!shell) throw notFound();
    const row = await visibleEvent(request, id);
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Cookie').type('text/html; charset=utf-8');
    if (!row) {
      // The web app still renders its "Event Not Found" page; crawlers and chats see a 404 and no tags.
      return reply.code(404).send(
        shell.render({
          title: `Event Not Found · ${env.SITE_TITLE}`,
          head: '<meta name="robots" content="noindex">',
        }),
      );
    }
    if (row.status !== 'approved') {
      // Its submitter or a moderator: the page works, but nothing about it is offered for sharing.
      return reply.send(
        shell.render({
          title: `${row.title} · ${env.SITE_TITLE}`,
          head: '<meta name="robots" content="noindex">',
        }),
      );
    }
    return reply.send(shell.render(eventHead(row, site)));
  });

  // The "Embed and subscribe" page is a web app route; its own title and description make a shared
  // link to it say what it offers.
  app.get('/subscribe', async (_request, reply) => {
    if (!shell) throw notFound();
    const description = `Subscribe to ${env.SITE_TITLE} in your calendar app, follow new events by RSS, or embed the list of upcoming events on your website.`;
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(
        shell.render({
          title: `Embed and subscribe · ${env.SITE_TITLE}`,
          head: [
            `<meta name="description" content="${escapeHtml(description)}">`,
            `<link rel="canonical" href="${escapeHtml(`${env.PUBLIC_URL}/subscribe`)}">`,
            `<meta property="og:title" content="${escapeHtml(`Embed and subscribe · ${env.SITE_TITLE}`)}">`,
            `<meta property="og:description" content="${escapeHtml(description)}">`,
            `<meta property="og:site_name" content="${escapeHtml(env.SITE_TITLE)}">`,
            '<meta property="og:type" content="website">',
          ].join('\n    '),
        }),
      );
  });

  app.get('/calendar.ics', async (request, reply) => {
    const filters = parseInput(feedQuerySchema, request.query);
    const rows = await listFeedEvents(store.db, filters, FEED_MAX_EVENTS);
    const what = describeFilters(filters);
    reply
      .header('Cache-Control', 'public, max-age=600')
      .header('Content-Disposition', 'inline; filename="calendar.ics"')
      .type('text/calendar; charset=utf-8');
    return sendWithEtag(
      request,
      reply,
      await feedCalendar(rows, site, {
        name: what === 'Events' ? env.SITE_TITLE : `${env.SITE_TITLE}: ${what}`,
        description: `${what} from ${env.SITE_TITLE}, a community calendar of events in support of Palestine. Always verify details on each event's official source.`,
      }),
    );
  });

  app.get('/feed.xml', async (request, reply) => {
    const filters = parseInput(feedQuerySchema, request.query);
    const rows = await listRecentlyApproved(store.db, filters, RSS_MAX_ITEMS);
    const what = describeFilters(filters);
    reply.header('Cache-Control', 'public, max-age=600').type('application/rss+xml; charset=utf-8');
    return sendWithEtag(
      request,
      reply,
      rssFeed(rows, site, {
        selfUrl: `${env.PUBLIC_URL}/feed.xml${filterQuery(filters)}`,
        title: what === 'Events' ? `${env.SITE_TITLE}: new events` : `${env.SITE_TITLE}: ${what}`,
        description: `Events newly approved by the moderators of ${env.SITE_TITLE}.`,
      }),
    );
  });

  app.get('/embed', async (request, reply) => {
    // Framing is allowed on this page only: every other page keeps frame-ancestors 'none'.
    const csp = String(reply.getHeader('content-security-policy') ?? '');
    reply
      .header('Content-Security-Policy', csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'))
      .removeHeader('x-frame-options')
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .header('Cache-Control', 'public, max-age=300')
      .type('text/html; charset=utf-8');
    const parsed = embedQuerySchema.safeParse(request.query ?? {});
    if (parsed.success && findUnstorableText(parsed.data)) {
      return reply.code(400).send(renderEmbedError(env.SITE_TITLE, UNSTORABLE_TEXT_MESSAGE));
    }
    if (!parsed.success) {
      return reply
        .code(400)
        .send(renderEmbedError(env.SITE_TITLE, parsed.error.issues[0]?.message ?? 'Invalid filters.'));
    }
    const { limit, ...filters } = parsed.data;
    // Here "upcoming" is strict: a partner's page lists what people can still go to.
    const rows = await listFeedEvents(store.db, filters, limit, { lookbackMs: 0 });
    return reply.send(renderEmbedPage({ ...site, filters, rows }));
  });

  app.get('/api/openapi.json', async (_request, reply) => {
    return reply.header('Cache-Control', 'public, max-age=300').send(openApiDocument(site));
  });

  app.get('/api/docs', async (_request, reply) => {
    return reply
      .header('Cache-Control', 'public, max-age=300')
      .type('text/html; charset=utf-8')
      .send(renderDocsPage(openApiDocument(site)));
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const rows = await listApprovedForSitemap(store.db, SITEMAP_MAX_EVENTS);
    const url = (loc: string, lastmod?: number) =>
      `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${new Date(lastmod).toISOString()}</lastmod>` : ''}</url>`;
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      url(`${env.PUBLIC_URL}/`),
      url(`${env.PUBLIC_URL}/subscribe`),
      ...rows.map((row) => url(eventPageUrl(env.PUBLIC_URL, row.id), row.updated_at)),
      '</urlset>',
      '',
    ].join('\n');
    return reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(body);
  });

  app.get('/robots.txt', async (_request, reply) => {
    const body = [
      'User-agent: *',
      'Allow: /api/docs',
      'Allow: /api/openapi.json',
      'Disallow: /api/',
      'Disallow: /moderation',
      'Disallow: /auth',
      'Disallow: /embed',
      'Allow: /',
      '',
      `Sitemap: ${env.PUBLIC_URL}/sitemap.xml`,
      '',
    ].join('\n');
    return reply.header('Cache-Control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(body);
  });
}
