import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FetchJson } from '../../web/entry-server';
import type { AppContext } from '../context';
import type { Shell } from './shell';
import {
  addPreloads,
  fillRoot,
  hasEmptyRoot,
  loadPageRenderer,
  type PageRenderer,
  pageChunkPreloads,
} from './ssr';

/** The pages a visitor lands on, rendered on the server: home (any filters) and one event. */
const RENDERED_ROUTES = new Set(['/', '/event/:id']);

/**
 * The home page, and server rendering for it and for `/event/:id` (whose route, with its share tags
 * and status code, lives in routes/calendar). Whatever answers the shell for those routes with 200
 * gets the rendered app in its #root on the way out (an onSend hook). Without a renderer bundle, or
 * when rendering fails, the page goes out as the plain shell and the browser renders it, as before.
 */
export function registerPageRoutes(app: FastifyInstance, { env }: AppContext, shell: Shell | null): void {
  if (!shell) return;

  app.get('/', async (_request, reply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(shell.render({ title: env.SITE_TITLE })),
  );

  // The event page's own code, fetched beside the entry script on event pages (read once from the build).
  const eventPagePreloads = pageChunkPreloads(shell.webRoot, 'EventDetailPage');
  // The header's account menu, for someone signed in.
  const accountMenuPreloads = pageChunkPreloads(shell.webRoot, 'AccountMenu');

  // Loaded once at start; a broken bundle is logged and the site works without it.
  let renderer: Promise<PageRenderer | null> | null = null;
  const getRenderer = () => {
    renderer ??= loadPageRenderer(shell.webRoot).catch((error: unknown) => {
      app.log.error({ err: error }, 'could not load the server renderer; pages are rendered in the browser');
      return null;
    });
    return renderer;
  };
  /** The API as the page's own requests would reach it, with this visitor's cookies: one source of truth. */
  const fetchAs =
    (cookie: string | undefined): FetchJson =>
    async (path) => {
      const answer = await app.inject({
        method: 'GET',
        url: path,
        headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) },
      });
      return { status: answer.statusCode, body: answer.statusCode === 200 ? answer.json() : null };
    };

  app.addHook('onReady', async () => {
    const pages = await getRenderer();
    // A process's first render is several times slower than the next (nothing compiled yet): pay for
    // it now, in the background, rather than on the first visitor's page.
    if (pages) {
      setImmediate(() => {
        pages.render('/', fetchAs(undefined), shell.config).catch(() => {});
      });
    }
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (
      request.method !== 'GET' ||
      reply.statusCode !== 200 ||
      !RENDERED_ROUTES.has(request.routeOptions.url ?? '') ||
      typeof payload !== 'string' ||
      !String(reply.getHeader('content-type') ?? '').startsWith('text/html') ||
      !hasEmptyRoot(payload)
    ) {
      return payload;
    }
    const pages = await getRenderer();
    if (!pages) return payload;
    // What the page shows depends on who asks (the header's account, an event only its submitter sees).
    reply.header('Vary', 'Cookie');
    try {
      const result = await pages.render(request.url, fetchAs(request.headers.cookie), shell.config);
      if (!result) return payload;
      const signedIn = result.state.queries.some(
        ({ key, data }) => key[0] === 'session' && Boolean((data as { user?: unknown } | null)?.user),
      );
      const preloads = [
        ...(request.routeOptions.url === '/event/:id' ? eventPagePreloads : []),
        ...(signedIn ? accountMenuPreloads : []),
      ];
      return addPreloads(shell.inlineStyles(fillRoot(payload, result)), preloads);
    } catch (error) {
      request.log.error({ err: error }, 'server rendering failed; sent the page for the browser to render');
      return payload;
    }
  });
}
