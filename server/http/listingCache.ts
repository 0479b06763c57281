import { randomUUID } from 'node:crypto';
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerFactory, onSendHookHandler } from 'fastify';
import { chooseLanguage } from '../../common/i18n/languages';
import { renderedPageOf } from '../../common/renderedPages';
import { SESSION_COOKIE } from '../auth/sessions';
import { refersToHomeView } from '../html/pages';
import { LANGUAGE_COOKIE, queryLanguage } from '../i18n/language';
import type { ChangeCounter } from '../store/changes';
import {
  COMPRESS_MIN_BYTES,
  type Coding,
  compress,
  isCompressibleType,
  preferredCoding,
  withVary,
} from './compression';
import { type CachedResponse, MicroCache } from './microCache';

/**
 * The micro-cache of the public listing (`GET`/`HEAD /api/events` and its month view
 * `/api/events/month`, any query) and of the pages rendered on the server (`/`, any query,
 * `/event/:id` and the app's other pages), for visitors without
 * a session cookie: the home page and its listing call are by far the most frequent requests, and a
 * rendered page costs tens of milliseconds of CPU.
 *
 * Hits are answered by the node:http request listener before Fastify sees the request (Fastify's
 * `serverFactory`): no routing, no hooks, no session lookup, no query, no serialisation. Fastify's own
 * path through hooks and routing costs more than the whole rest of a hit, and only this reaches half the
 * bare in-memory limit (bench/NOTES.md). A hit replays the status, headers (security headers included,
 * in the same order and spelling) and body of the miss that filled the entry; Node adds Date and the
 * connection headers as it does for every answer. When the log level is info or lower, a hit writes
 * the same "request completed" line as any other request.
 *
 * What is cached: only 200 answers to GET without a session cookie and without Set-Cookie. A signed-in
 * person never gets a cached answer (their listing says which events they submitted; their pages show
 * their account). A 404 (an event not public, or not yet) is never kept. Bounded in entries and total
 * bytes (MicroCache's defaults: 500 entries, 16 MiB; a rendered page with its inlined CSS is ~50–100 KB).
 *
 * Freshness: every request handled by this process that changed rows visitors can see (counted by the
 * store, server/store/changes.ts) empties the cache before its answer is sent, so a moderator's
 * approve or remove shows at once here, whatever command made it. Other processes on the same database (several app servers, the admin command) are
 * seen after at most the TTL (LISTING_CACHE_MS, 1 s by default) plus the time one refresh takes (an
 * expired answer is replayed while one request computes it again: see MicroCache), and so is the clock moving on
 * (`when=upcoming`): an event that started a second ago may still be listed as upcoming for that second.
 *
 * What is cached, by path (the query is part of the key, in name order): the listing, and the pages
 * rendered on the server (common/renderedPages.ts: each render costs tens of
 * milliseconds of CPU). An event's path holds a well-formed id (common/ids.ts); anything else under
 * /event/ is not a page worth keeping.
 */
const isCacheablePath = (path: string) =>
  path === '/api/events' || path === '/api/events/month' || renderedPageOf(path) !== null;

/** The options of Fastify's own HTTP/1 server that the factory receives. */
interface FastifyServerOptions {
  http?: ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

interface PendingStore {
  key: string;
  generation: number;
}
const kPending = Symbol('listingCachePending');
const kChangesAtStart = Symbol('listingCacheChangesAtStart');
type MarkedRequest = IncomingMessage & { [kPending]?: PendingStore; [kChangesAtStart]?: number };

const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

/**
 * Fastify's cookie parser (`app.parseCookie`): the one that finds the session of a request decides who
 * is a visitor here too, so that a looser or stricter test (`sid =TOKEN`, with a space, is a session to
 * it) never serves a signed-in person from the visitors' cache nor keeps their answer for visitors.
 */
export type CookieParser = (header: string) => Record<string, string | undefined>;

/** The path of a URL, without its query. */
function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/**
 * The cache key of a cacheable URL (isCacheablePath), or null for any other URL. Query parameters are
 * put in order of their names (stable, so repeated names keep their order): `?type=protest&page=2` and
 * `?page=2&type=protest` share an entry. Nothing is decoded: other spellings are other entries.
 */
export function listingCacheKey(url: string): string | null {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (!isCacheablePath(path)) return null;
  if (q === -1) return path;
  const pairs = url
    .slice(q + 1)
    .split('&')
    .filter((p) => p !== '');
  if (pairs.length === 0) return path;
  const name = (p: string) => {
    const eq = p.indexOf('=');
    return eq === -1 ? p : p.slice(0, eq);
  };
  pairs.sort((a, b) => {
    const na = name(a);
    const nb = name(b);
    return na < nb ? -1 : na > nb ? 1 : 0;
  });
  return `${path}?${pairs.join('&')}`;
}

export interface ListingCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  maxBytes?: number;
}

export class ListingCache {
  readonly cache: MicroCache;

  constructor(options: ListingCacheOptions) {
    this.cache = new MicroCache(options);
  }

  /**
   * Fastify's `serverFactory`: the same HTTP server Fastify would make, with hits answered first.
   * `log` is read per hit (the Fastify instance, and its logger, exist only after the factory ran).
   */
  serverFactory(log: () => FastifyBaseLogger, parseCookie: CookieParser): FastifyServerFactory {
    return (handler, options) => {
      const opts = options as FastifyServerOptions;
      const server = createServer(
        opts.http ?? {},
        this.listener(handler as RequestListener, log, parseCookie),
      );
      // As Fastify sets up its default server (fastify/lib/server.js).
      if (opts.keepAliveTimeout) server.keepAliveTimeout = opts.keepAliveTimeout;
      if (opts.requestTimeout !== undefined) server.requestTimeout = opts.requestTimeout;
      server.setTimeout(opts.connectionTimeout ?? 0);
      if (opts.maxRequestsPerSocket && opts.maxRequestsPerSocket > 0) {
        server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
      }
      return server;
    };
  }

  /** The request listener: a hit is answered here, anything else goes on to `next` (Fastify). */
  listener(next: RequestListener, log: () => FastifyBaseLogger, parseCookie: CookieParser): RequestListener {
    const cache = this.cache;
    return (req: MarkedRequest, res: ServerResponse) => {
      const method = req.method;
      const url = req.url;
      const cookies = req.headers.cookie === undefined ? {} : parseCookie(req.headers.cookie);
      if (
        (method === 'GET' || method === 'HEAD') &&
        url !== undefined &&
        cache.enabled &&
        cookies[SESSION_COOKIE] === undefined
      ) {
        // Pages come in the visitor's language (server/i18n/language.ts): one entry per language.
        const language = chooseLanguage({
          query: queryLanguage(url),
          cookie: cookies[LANGUAGE_COOKIE],
          acceptLanguage: req.headers['accept-language'],
        });
        const path = listingCacheKey(url);
        const key = path === null ? null : `${language} ${path}`;
        // An event page's Back link follows a Referer naming a filtered home view (server/html/pages.ts):
        // such a page belongs to that visit alone, so it is neither replayed nor kept.
        if (key !== null && !(path?.startsWith('/event/') && refersToHomeView(req.headers.referer))) {
          // Only a GET stores its answer, so only a GET may take on refreshing an expired entry.
          const hit = cache.get(key, method === 'GET');
          if (hit !== undefined) {
            answer(replayed(hit, req.headers['accept-encoding']), method, pathOf(url), res, log());
            return;
          }
          if (method === 'GET') req[kPending] = { key, generation: cache.generation };
        }
      }
      next(req, res);
    };
  }

  /**
   * The Fastify side: store what a miss answered, and empty the cache on every write. A route-level
   * onSend hook, added last to every route as it is declared: route hooks run after every instance
   * hook, and the server renderer's route hook is put before this one (server/html/pages.ts), so the
   * answer stored is the one written, after the renderer filled the page and set its headers.
   */
  register(app: FastifyInstance, changes: ChangeCounter): void {
    const cache = this.cache;
    if (!cache.enabled) return;
    // Only a request that changed rows visitors can see empties the cache (server/store/changes.ts):
    // otherwise anyone could empty it at will (a sign-out without a session, a refused write).
    app.addHook('onRequest', (request, _reply, done) => {
      if (isWrite(request.method)) (request.raw as MarkedRequest)[kChangesAtStart] = changes.count;
      done();
    });
    const onSend: onSendHookHandler = (request, reply, payload, done) => {
      if (isWrite(request.method)) {
        if ((request.raw as MarkedRequest)[kChangesAtStart] !== changes.count) cache.clear();
      } else {
        const pending = (request.raw as MarkedRequest)[kPending];
        if (pending !== undefined) {
          const response = reply.statusCode === 200 ? capture(reply.raw, reply.getHeaders(), payload) : null;
          if (response) cache.set(pending.key, response, pending.generation);
          else cache.abandon(pending.key);
        }
      }
      done(null, payload);
    };
    app.addHook('onRoute', (route) => {
      const own = route.onSend;
      route.onSend = own === undefined ? [onSend] : Array.isArray(own) ? [...own, onSend] : [own, onSend];
    });
  }
}

/**
 * What a hit is answered with for this `Accept-Encoding`: the entry as kept, or its Brotli or gzip
 * form, made once per entry and coding (server/http/compression.ts), with its headers to match.
 */
// Kept beside the entry (a WeakMap: gone with it); compressed forms are a fraction of the entry's size.
const encodedForms = new WeakMap<CachedResponse, Map<Coding | 'identity', CachedResponse>>();
function replayed(hit: CachedResponse, acceptEncoding: string | undefined): CachedResponse {
  const at = (name: string) => hit.headers.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === name);
  const typeAt = at('content-type');
  if (typeAt === -1 || hit.body.length < COMPRESS_MIN_BYTES || !isCompressibleType(hit.headers[typeAt + 1]))
    return hit;
  const coding = preferredCoding(acceptEncoding);
  let forms = encodedForms.get(hit);
  if (!forms) {
    forms = new Map();
    encodedForms.set(hit, forms);
  }
  const key = coding ?? 'identity';
  const known = forms.get(key);
  if (known) return known;
  const body = coding ? compress(hit.body, coding) : hit.body;
  // The headers in the order the first answer had them, as Fastify wrote them for that coding: Vary
  // names Accept-Encoding (where it was, or added before the length), the coding and length follow.
  const headers: string[] = [];
  const hadVary = at('vary') !== -1;
  for (let i = 0; i < hit.headers.length; i += 2) {
    const name = hit.headers[i] ?? '';
    const value = hit.headers[i + 1] ?? '';
    const lower = name.toLowerCase();
    if (lower === 'vary') headers.push(name, withVary(value, 'Accept-Encoding'));
    else if (lower === 'content-length') {
      if (!hadVary) headers.push('vary', 'Accept-Encoding');
      if (coding) headers.push('content-encoding', coding);
      headers.push(name, String(body.length));
    } else headers.push(name, value);
  }
  const form: CachedResponse = { statusCode: 200, headers, body };
  forms.set(key, form);
  return form;
}

function answer(
  hit: CachedResponse,
  method: string,
  path: string,
  res: ServerResponse,
  log: FastifyBaseLogger,
): void {
  const logging = infoEnabled(log);
  const started = logging ? performance.now() : 0;
  res.writeHead(hit.statusCode, hit.headers);
  if (method === 'HEAD') res.end();
  else res.end(hit.body);
  if (logging) {
    log.info(
      {
        reqId: randomUUID(),
        method,
        path,
        statusCode: hit.statusCode,
        responseTime: Math.round((performance.now() - started) * 10) / 10,
      },
      'request completed',
    );
  }
}

/**
 * The answer as it is about to be written: headers set on the raw response first (security headers,
 * names as spelled), then Fastify's, then content-length as Fastify adds it. Null when it cannot or must
 * not be replayed (a cookie being set, a streamed body).
 */
function capture(
  raw: ServerResponse,
  all: Record<string, number | string | string[] | undefined>,
  payload: unknown,
): CachedResponse | null {
  let body: Buffer;
  if (typeof payload === 'string') body = Buffer.from(payload);
  else if (Buffer.isBuffer(payload)) body = payload;
  else return null;
  if ('set-cookie' in all) return null;
  // An answer that says it is for this once (a page the renderer could not fill: server/html/pages.ts).
  if (/\bno-store\b/i.test(String(all['cache-control'] ?? ''))) return null;
  const headers: string[] = [];
  const done = new Set<string>();
  // getRawHeaderNames (Node ≥ 15) keeps the names as they were set; not in every @types/node.
  const rawNames = (raw as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames();
  for (const name of [...rawNames, ...Object.keys(all)]) {
    const lower = name.toLowerCase();
    if (done.has(lower)) continue;
    done.add(lower);
    const value = all[lower];
    if (value === undefined) continue;
    if (Array.isArray(value)) return null;
    headers.push(name, String(value));
  }
  if (!done.has('content-length')) headers.push('content-length', String(body.length));
  return { statusCode: 200, headers, body };
}

/** Whether `log` writes info lines: false for Fastify's logger when logging is off. */
export function infoEnabled(log: FastifyBaseLogger): boolean {
  const check = (log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return typeof check === 'function' ? check.call(log, 'info') : false;
}
