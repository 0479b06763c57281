import type { FastifyInstance } from 'fastify';
import { type AppContext, siteOf } from '../../context';
import { renderDocsPage } from '../../openapi/docsPage';
import { openApiDocument } from '../../openapi/document';

/** The OpenAPI document of the public read API and its server-rendered docs page. */
export function registerApiDocsRoutes(app: FastifyInstance, { env }: AppContext): void {
  const site = siteOf(env);

  app.get('/api/openapi.json', async (_request, reply) => {
    return reply.header('Cache-Control', 'public, max-age=300').send(openApiDocument(site));
  });

  app.get('/api/docs', async (_request, reply) => {
    return reply
      .header('Cache-Control', 'public, max-age=300')
      .type('text/html; charset=utf-8')
      .send(renderDocsPage(openApiDocument(site)));
  });
}
