import type { FastifyInstance } from 'fastify';
import { type AppContext, siteOf } from '../../context';
import { notFound } from '../../errors';
import { renderEmbedError, renderEmbedPage } from '../../html/embedPage';
import { escapeHtml, type Shell } from '../../html/shell';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../../storableText';
import { listFeedEvents } from '../../store/feeds';
import { embedQuerySchema } from './schemas';

/** The list partner sites embed, and the web app's page that hands out its snippet and the feeds. */
export function registerEmbedRoutes(
  app: FastifyInstance,
  { store, env }: AppContext,
  shell: Shell | null,
): void {
  const site = siteOf(env);

  // The "Embed and subscribe" page is a web app route; its own title and description make a shared
  // link to it say what it offers.
  app.get('/subscribe', async (request, reply) => {
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
          language: request.language,
          alternatesOf: '/subscribe',
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
    const { limit, theme, ...filters } = parsed.data;
    // Here "upcoming" is strict: a partner's page lists what people can still go to.
    const rows = await listFeedEvents(store.db, filters, limit, { lookbackMs: 0 });
    return reply.send(renderEmbedPage({ ...site, filters, rows, theme }));
  });
}
