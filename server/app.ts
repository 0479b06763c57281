import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { chooseLanguage } from '../common/i18n/languages';
import { msg } from '../common/i18n/messages';
import { RENDERED_ROUTES, renderedPageOf } from '../common/renderedPages';
import type { Actor } from './auth/actor';
import { assertSameOrigin } from './auth/csrf';
import { actorForToken, SESSION_COOKIE } from './auth/sessions';
import type { AppContext } from './context';
import { googleEnabled, mailEnabled } from './env';
import { AppError, errorBody, frameworkRefusal } from './errors';
import { catalogPreloads } from './html/catalogs';
import { Shell } from './html/shell';
import { registerCompression } from './http/compression';
import { isPublicRead } from './http/cors';
import { infoEnabled, ListingCache } from './http/listingCache';
import { registerMemoryAssets } from './http/memoryAssets';
import { applySecurityHeaders, securityHeaders } from './http/securityHeaders';
import { LANGUAGE_COOKIE, queryLanguage, registerAccountLanguage, registerLanguage } from './i18n/language';
import { registerMailSender } from './mail/plugin';
import { registerMaintenance } from './maintenance';
import { registerRoutes } from './routes/index';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor. Set for every /api request. */
    actor: Actor | null;
  }
}

export interface BuildOptions extends AppContext {
  /** Folder of the built web app (index.html and assets); omit to serve the API only. */
  webRoot?: string | null;
  /**
   * Log requests (pino, JSON lines, one per request). Off in tests; `{ stream }` writes the lines to that
   * stream instead of stdout (the log tests read them).
   */
  logger?: boolean | { stream: NodeJS.WritableStream };
}

/**
 * Whose `X-Forwarded-For` to believe: only a proxy on this machine or the private network (nginx).
 * A client that reaches the app directly cannot pick the address the per-IP rate limits see.
 */
export const TRUSTED_PROXIES = 'loopback, linklocal, uniquelocal';

/** Requests carry little: 64 KiB is far above any form of this app and stops memory abuse. */
const BODY_LIMIT = 64 * 1024;

/** Whether the request reached an /api route (by Fastify's routing, which decodes the path). */
const isApiRoute = (request: FastifyRequest) => request.routeOptions.url?.startsWith('/api/') === true;

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { store, env } = options;
  // Anonymous reads of the listing and of the rendered pages answered from a one-second
  // cache before Fastify (server/http/listingCache.ts).
  const listingCache = new ListingCache({ ttlMs: env.LISTING_CACHE_MS });
  const app: FastifyInstance = Fastify({
    bodyLimit: BODY_LIMIT,
    // A slow client (headers or body dribbled in) must not hold a connection and its memory for ever:
    // the whole request within REQUEST_TIMEOUT_MS, its headers within a third of it, and a connection
    // with nothing moving closed after twice that. Checked every second rather than Node's 30 s.
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    connectionTimeout: 2 * env.REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: Math.ceil(env.REQUEST_TIMEOUT_MS / 3),
      connectionsCheckingInterval: 1000,
    },
    routerOptions: { maxParamLength: 500 },
    // An address the router cannot read (a broken percent-escape) or with a part longer than any id:
    // it names nothing here, so it is the app's own 404, with the security headers every answer has
    // (these are answered before any hook runs), never Fastify's JSON.
    frameworkErrors: (_error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      applySecurityHeaders(reply.raw, headers);
      const url = request.raw.url ?? '/';
      const language = chooseLanguage({
        query: queryLanguage(url),
        cookie: app.parseCookie(request.headers.cookie ?? '')[LANGUAGE_COOKIE],
        acceptLanguage: request.headers['accept-language'],
      });
      reply.code(404).header('Cache-Control', 'no-cache');
      if (!shell || url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD'))
        return reply.send(errorBody('not_found', msg('notFound'), language));
      return reply.type('text/html; charset=utf-8').send(shell.render({ title: env.SITE_TITLE, language }));
    },
    trustProxy: TRUSTED_PROXIES,
    genReqId: () => randomUUID(),
    // One line per request, written by the onResponse hook below, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    logger: options.logger
      ? {
          level: env.LOG_LEVEL,
          ...(typeof options.logger === 'object' ? { stream: options.logger.stream } : {}),
          redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          serializers: {
            // Path only (queries can carry OAuth codes), and no IP address: logs must not locate people.
            req: (req) => ({ method: req.method, path: req.url.split('?')[0], id: req.id }),
          },
        }
      : false,
    ...(listingCache.cache.enabled
      ? {
          // The session's own cookie parser decides who is a visitor (registered below; run per request).
          serverFactory: listingCache.serverFactory(
            () => app.log,
            (header) => app.parseCookie(header),
          ),
        }
      : {}),
  });

  await app.register(cookie);
  registerLanguage(app, env);
  registerAccountLanguage(app, store.db);

  // Security headers: the same constant set on every answer, computed once (server/http/securityHeaders.ts
  // says why this replaced @fastify/helmet). Set on the raw response so that routes can still read and
  // adjust them (the embed page) and a cached listing replays them as they were.
  const headers = securityHeaders(env);
  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(reply.raw, headers);
    // Other sites may read the public calendar from a browser, never with credentials (server/http/cors.ts).
    if (isPublicRead(request.raw, request.cookies[SESSION_COOKIE] !== undefined)) {
      reply.raw.setHeader('Access-Control-Allow-Origin', '*');
    }
    done();
  });

  // The request log: method, path without its query (queries can carry OAuth codes), status and time;
  // pino adds the request id. No IP address, no headers, no cookies. No hook at all when that level is off.
  if (infoEnabled(app.log)) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        {
          method: request.method,
          path: request.url.split('?')[0],
          statusCode: reply.statusCode,
          responseTime: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request completed',
      );
      done();
    });
  }

  app.decorateRequest('actor', null);
  // The signed-in user, from the session cookie; a request without one costs nothing here. Decided by
  // the route the request reached, never by how its URL is spelled (`/%61pi/…` reaches /api routes).
  app.addHook('onRequest', (request, _reply, done) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token === undefined || !isApiRoute(request)) return done();
    actorForToken(store.db, token).then(
      (actor) => {
        request.actor = actor;
        done();
      },
      (error: Error) => done(error),
    );
  });
  // Cross-site request forgery: state-changing API requests must come from this site (server/auth/csrf.ts).
  // GET, HEAD and OPTIONS change nothing and are never refused, so they skip the check.
  app.addHook('onRequest', (request, _reply, done) => {
    const method = request.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || !isApiRoute(request)) return done();
    try {
      assertSameOrigin(request, env);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
  // An answer made for one person is theirs alone: no shared cache, and not kept on their disk either.
  // That is every /api answer and rendered page for a request with a session (whatever the route set),
  // and every answer that sets a cookie.
  app.addHook('onSend', (request, reply, payload, done) => {
    const forThisPerson =
      request.cookies[SESSION_COOKIE] !== undefined &&
      (isApiRoute(request) || RENDERED_ROUTES.has(request.routeOptions.url ?? ''));
    if (forThisPerson || reply.hasHeader('set-cookie')) reply.header('Cache-Control', 'private, no-store');
    done(null, payload);
  });
  // Before any route is declared: it adds its onSend hook to each route as it is (onRoute).
  listingCache.register(app, store.changes);
  // After it: the cache keeps answers as written and compresses its replays itself.
  registerCompression(app);

  // Every error is answered in the request's language, with its messages' codes (docs/PRODUCT.md#messages).
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply
        .code(error.statusCode)
        .send(errorBody(error.code, error.message, request.language, error.fields));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, wrong content type, body too large…
      const refusal = frameworkRefusal(status, error.code);
      return reply.code(status).send(errorBody(refusal.code, refusal.message, request.language));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody('internal', msg('internal'), request.language));
  });

  const webRoot = options.webRoot;
  const shell =
    webRoot && existsSync(join(webRoot, 'index.html'))
      ? new Shell(
          webRoot,
          { siteTitle: env.SITE_TITLE, googleEnabled: googleEnabled(env), mailEnabled: mailEnabled(env) },
          new URL(env.PUBLIC_URL).origin,
          catalogPreloads(webRoot),
        )
      : null;
  // Routes get the shell so that pages with server-filled tags (share previews) can render it.
  const pages = registerRoutes(app, options, shell);
  registerMailSender(app, options);
  registerMaintenance(app, options);

  if (webRoot && shell) {
    registerMemoryAssets(app, webRoot);
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      wildcard: false,
      // /assets/* are answered from memory (server/http/memoryAssets.ts); the few other files from disk.
      globIgnore: ['assets/**'],
      // The build writes .br and .gz beside each asset (vite.config.ts): served as they are, no CPU per request.
      preCompressed: true,
      // Other sites' pages load embed.js to size the calendar's frame (docs/PRODUCT.md#subscribe-and-embed).
      setHeaders: (res, path) => {
        if (path.endsWith(`${sep}embed.js`)) res.header('Cross-Origin-Resource-Policy', 'cross-origin');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const api = request.url.startsWith('/api/') || request.url === '/api' || !shell;
    if (api || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send(errorBody('not_found', msg('notFound'), request.language));
    }
    // A page's address with a slash at the end: the page's own address.
    const [path = '', query] = request.url.split(/\?(.*)/s);
    if (path.length > 1 && path.endsWith('/') && renderedPageOf(path.replace(/\/+$/, '') || '/')) {
      const canonical = path.replace(/\/+$/, '') || '/';
      return reply.redirect(query === undefined ? canonical : `${canonical}?${query}`, 301);
    }
    // Any other address is a page saying there is nothing here (the router's), with a 404 status so
    // that search engines and link checkers know; rendered on the server like every page.
    reply.code(404).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    if (!pages || request.method === 'HEAD') {
      return reply.send(shell.render({ title: env.SITE_TITLE, language: request.language }));
    }
    return pages.notFound(request, reply).then((html) => reply.send(html));
  });

  return app;
}
