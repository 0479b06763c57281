import type { FastifyInstance } from 'fastify';
import { eventPageUrl } from '../../../common/links';
import type { AppContext } from '../../context';
import { listApprovedForSitemap, SITEMAP_MAX_EVENTS } from '../../store/feeds';
import { escapeXml } from './xml';

/** What search engines read: the sitemap of approved event pages, and robots.txt. */
export function registerCrawlerRoutes(app: FastifyInstance, { store, env }: AppContext): void {
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
