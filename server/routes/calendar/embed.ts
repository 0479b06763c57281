import type { FastifyInstance } from 'fastify';
import { msg } from '../../../common/i18n/messages';
import { type AppContext, siteOf } from '../../context';
import { notFound } from '../../errors';
import { renderEmbedError, renderEmbedPage } from '../../html/embedPage';
import { escapeHtml, type Shell } from '../../html/shell';
import { translatorFor } from '../../i18n/translate';
import { translate } from '../../messages';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../../storableText';
import { listFeedEvents } from '../../store/feeds';
import { embedQuerySchema } from './schemas';

const INVALID_REQUEST = msg('invalidRequest');

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
    const t = translatorFor(request.language, 'calendar');
    const description = t('subscribeDescription', { site: env.SITE_TITLE });
    const title = `${t('page.title')} · ${env.SITE_TITLE}`;
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(
        shell.render({
          title,
          head: [
            `<meta name="description" content="${escapeHtml(description)}">`,
            `<link rel="canonical" href="${escapeHtml(`${env.PUBLIC_URL}/subscribe`)}">`,
            `<meta property="og:title" content="${escapeHtml(title)}">`,
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
      // In the frame address's `?lang=`, else the visitor's language: caches key on what decides it.
      .header('Vary', 'Cookie, Accept-Language')
      .type('text/html; charset=utf-8');
    const language = request.language;
    const parsed = embedQuerySchema.safeParse(request.query ?? {});
    // An address it cannot read is said in the page's language, as the API would say it.
    const refuse = (message: string) =>
      reply.code(400).send(renderEmbedError(env.SITE_TITLE, translate(message, language), language));
    if (parsed.success && findUnstorableText(parsed.data)) return refuse(UNSTORABLE_TEXT_MESSAGE);
    if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? INVALID_REQUEST);
    const { limit, theme, ...filters } = parsed.data;
    // Here "upcoming" is strict: a partner's page lists what people can still go to.
    const rows = await listFeedEvents(store.db, filters, limit, { lookbackMs: 0 });
    return reply.send(renderEmbedPage({ ...site, filters, rows, theme, language }));
  });
}
