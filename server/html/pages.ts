import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_FILTERS, filtersFromParams, HOME_FILTER_PARAMS } from '../../common/filters';
import { DEFAULT_LANGUAGE, type Language } from '../../common/i18n/languages';
import { safeNextPath } from '../../common/nextPath';
import type { PostedForm, PostedFormName } from '../../common/postedForms';
import {
  RENDERED_PAGES,
  RENDERED_ROUTES,
  type RenderedPageName,
  renderedPageOf,
} from '../../common/renderedPages';
import type { CriticalCss } from '../../web/entry-server';
import type { Actor } from '../auth/actor';
import { actorForToken, SESSION_COOKIE } from '../auth/sessions';
import type { AppContext } from '../context';
import type { ApiReads } from '../http/apiReads';
import { requestOrigin } from '../http/requestOrigin';
import { sessionAnswer } from '../routes/auth/session';
import { pageCatalogPreloads } from './catalogs';
import { renderQueue } from './renderQueue';
import { type FetchText, type PageRenderer, startBuiltRenderer } from './renderThread';
import type { Shell } from './shell';
import { addPreloads, fillHead, fillRoot, hasEmptyRoot, pageChunkPreloads } from './ssr';

/** The app's pages, rendered on the server (common/renderedPages.ts). */

const HOME_PARAMS: ReadonlySet<string> = new Set(HOME_FILTER_PARAMS);
/**
 * Values the filter form sends without JavaScript that say what the default says. The form sends no
 * `when=upcoming` or `page=1`; such addresses are written by hand or by others, and left as they are.
 */
const FORM_DEFAULTS: Readonly<Record<string, string>> = {
  type: DEFAULT_FILTERS.type,
  period: DEFAULT_FILTERS.period,
  km: String(DEFAULT_FILTERS.km),
};

/**
 * The home address `url` (path `/` and its query) without its blank filter parameters (`search=`,
 * `location=`: what the filter form sends without JavaScript for fields left empty) and without those
 * the form sends at their default (`type=all`, `period=any`, `km=25`), and the distance when no city
 * is given (the form always sends its select); everything else is kept as it was written, in its
 * order (other parameters are not the form's business). Null when nothing would be dropped. Never
 * leads anywhere but `/`.
 */
export function cleanHomeUrl(url: string): string | null {
  const q = url.indexOf('?');
  if (q === -1) return null;
  const pairs = url.slice(q + 1).split('&');
  // Each pair decoded on its own, so the ones kept can be kept exactly as written.
  const entries = pairs.map((pair) => [...new URLSearchParams(pair)][0]);
  const count = new Map<string, number>();
  for (const entry of entries) if (entry) count.set(entry[0], (count.get(entry[0]) ?? 0) + 1);
  const near = entries.some((entry) => entry?.[0] === 'near' && entry[1].trim() !== '');
  const kept = pairs.filter((_pair, i) => {
    const entry = entries[i];
    if (!entry) return false;
    const [name, value] = entry;
    // A name given twice is left alone: the page reads the first, and dropping it would change the view.
    if (!HOME_PARAMS.has(name) || (count.get(name) ?? 0) > 1) return true;
    if (name === 'km' && !near) return false;
    return value.trim() !== '' && FORM_DEFAULTS[name] !== value;
  });
  if (kept.length === pairs.length) return null;
  return kept.length === 0 ? '/' : `/?${kept.join('&')}`;
}

/**
 * A Referer that may name a home view with filters: this site's home page with a query, as browsers
 * send it (`https://host/?type=protest`). The event page's Back link follows such a Referer without
 * JavaScript (below), so an event page asked for with one is personal to that visit: the listing
 * micro-cache neither replays nor keeps it (server/http/listingCache.ts). Deliberately loose (any host):
 * which ones are this site's is checked when the page is rendered.
 */
export function refersToHomeView(referer: string | undefined): boolean {
  return referer !== undefined && /^https?:\/\/[^/?#\\]+\/\?./i.test(referer);
}

/**
 * The query of the home view the visitor came from (`?type=protest`), read from the request's Referer
 * when it is this site's own home page with filters (the origin of PUBLIC_URL, or the one the browser
 * used, as for the CSRF check); null for any other Referer, a malformed one, or none. The web app turns
 * it into the Back link's address, keeping only valid filters.
 */
export function homeViewQuery(request: FastifyRequest, publicUrl: string): string | null {
  const referer = request.headers.referer;
  if (referer === undefined || !refersToHomeView(referer)) return null;
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return null;
  }
  const origins = [new URL(publicUrl).origin, requestOrigin(request)];
  if (!origins.includes(from.origin) || from.pathname !== '/' || from.search === '') return null;
  return from.search;
}

/**
 * The line server renders wait in (server/html/renderQueue.ts): eight at a time, so that while the
 * render thread renders one page (server/html/renderThread.ts), the server's own thread reads the next
 * ones' sessions and events and PostgreSQL answers others (two at a time, the signed-in home page at
 * 10,000 events served 190 req/s; four, 250; eight, 330; sixteen, 340, with a longer tail: bench/NOTES.md);
 * a render that takes longer than the renderer's own limit (3 s) plus its API calls' fair share gives
 * up its place; with 200 waiting (over a second of renders), a page goes out for the browser to render
 * instead.
 */
const RENDER_LINE = { concurrency: 8, maxHoldMs: 5000, maxWaiting: 200 };
/** What a render's turn gives once the server is stopping: no render. */
const STOPPING = Symbol('stopping');

/** Each page's chunk in the build (Vite names a chunk after its module); home is in the entry script. */
const PAGE_CHUNKS: Record<Exclude<RenderedPageName, 'home'>, string> = {
  event: 'EventDetailPage',
  about: 'AboutPage',
  log: 'LogPage',
  subscribe: 'SubscribePage',
  auth: 'AuthPage',
  submit: 'SubmitPage',
  moderation: 'ModerationPage',
  account: 'AccountPage',
  myEvents: 'MyEventsPage',
  editEvent: 'EditEventPage',
  forgotPassword: 'ForgotPasswordPage',
  resetPassword: 'ResetPasswordPage',
  verifyEmail: 'VerifyEmailPage',
};

/**
 * The catalogs a page's code reads as soon as it runs, beyond those its server render read (which the
 * render reports): the parts only the browser renders (the add-to-calendar menu, the report dialog kept
 * ready, the confirm-your-address notice, the submit form's duplicate check and flyer field) and the
 * dashboards and forms of the pages that need JavaScript, rendered on the server as a notice. Hinted like the
 * others in another language than English; e2e/languages.test.ts checks, page by page in Arabic, that a
 * page fetched no catalog before it showed its heading that its HTML did not hint.
 */
const BROWSER_CATALOGS: Partial<Record<RenderedPageName, readonly string[]>> = {
  event: ['calendar', 'confirmEmail', 'report'],
  submit: ['confirmEmail', 'similar', 'flyer'],
  myEvents: ['mine', 'series'],
  account: ['account', 'confirmEmail', 'messages'],
  moderation: ['moderation', 'queue', 'messages', 'submit', 'flyer', 'series'],
  editEvent: ['submit', 'messages', 'flyer', 'series', 'similar'],
  forgotPassword: ['account', 'messages'],
  resetPassword: ['account', 'messages'],
  verifyEmail: ['account', 'messages', 'confirmEmail'],
};

/**
 * The page of a form posted without JavaScript that the server refused, rendered again for this
 * request with what was sent and why (common/postedForms.ts): the whole HTML page. The caller sets
 * the status.
 */
export type RenderPostedForm = (
  request: FastifyRequest,
  reply: FastifyReply,
  posted: { form: PostedFormName; data: PostedForm },
) => Promise<string | Buffer>;

/**
 * The page of an address the app has no page for ("Page not found", with the header), rendered for
 * this request: the whole HTML page. The caller sets the status (404).
 */
export type RenderNotFound = (request: FastifyRequest, reply: FastifyReply) => Promise<string | Buffer>;

/** What registerPageRendering hands the routes that answer with a page of their own. */
export interface PageRenderers {
  postedForm: RenderPostedForm;
  notFound: RenderNotFound;
}

/** App pages whose route is declared elsewhere: `/event/:id` (share tags, its .ics twin), `/subscribe` (its own tags). */
const ROUTED_ELSEWHERE: ReadonlySet<RenderedPageName> = new Set(['event', 'subscribe']);

/** Pages the same for everyone that are worth finding in each language (`hreflang` alternates). */
const PUBLIC_PAGES: ReadonlySet<RenderedPageName> = new Set(['about', 'log']);

/**
 * The app's pages (common/renderedPages.ts): home, and every page whose route is not declared elsewhere.
 * Each answers the shell; `registerPageRendering` fills it.
 */
export function registerPageRoutes(
  app: FastifyInstance,
  { env, store }: AppContext,
  shell: Shell | null,
): void {
  if (!shell) return;

  app.get(RENDERED_PAGES.home, async (request, reply) => {
    // The filter form without JavaScript sends every field, empty or not: answer with the clean,
    // shareable address of the same view. A 303 is never kept by the listing micro-cache (200s only).
    const clean = cleanHomeUrl(request.url);
    if (clean !== null) return reply.header('Cache-Control', 'no-store').redirect(clean, 303);
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(shell.render({ title: env.SITE_TITLE, language: request.language, alternatesOf: request.url }));
  });

  for (const [name, route] of Object.entries(RENDERED_PAGES) as [RenderedPageName, string][]) {
    if (name === 'home' || ROUTED_ELSEWHERE.has(name)) continue;
    app.get<{ Querystring: { next?: unknown } }>(route, async (request, reply) => {
      // Signed in already: the sign-in page has nothing to offer and goes on where the person was going
      // (what the page itself does with JavaScript; without it, its answer has to).
      if (name === 'auth' && (await actorForToken(store.db, request.cookies[SESSION_COOKIE]))) {
        const next = typeof request.query.next === 'string' ? request.query.next : null;
        return reply.header('Cache-Control', 'no-store').redirect(safeNextPath(next) ?? '/', 303);
      }
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(
          shell.render({
            title: env.SITE_TITLE,
            language: request.language,
            ...(PUBLIC_PAGES.has(name) ? { alternatesOf: route } : {}),
          }),
        );
    });
  }
}

/** The first-screen sheet a rendered page inlines instead of the whole one, or null for the whole. */
export function criticalSheet(
  sheets: CriticalCss,
  page: RenderedPageName | undefined,
  url: string,
): string | null {
  if (page === 'event') return sheets.event;
  if (page !== 'home') return null;
  const monthView = filtersFromParams(new URLSearchParams(url.split('?')[1] ?? '')).view === 'month';
  return monthView ? sheets.month : sheets.list;
}

/**
 * Server rendering for the app's pages (common/renderedPages.ts; `/event/:id`'s route, with its share
 * tags and status code, lives in routes/calendar/eventFiles.ts, `/subscribe`'s in routes/calendar/embed.ts).
 * Whatever answers the shell for those routes with 200 gets the rendered app in its #root on the way
 * out: an onSend hook on those routes only (no other request pays for it), put FIRST in their onSend list as each is declared, so that the listing micro-cache's
 * own route hook (server/http/listingCache.ts) keeps the rendered page. Call it before any route is
 * declared. Without a renderer bundle, or when rendering fails, the page goes out as the plain shell
 * and the browser renders it, as before.
 */
export function registerPageRendering(
  app: FastifyInstance,
  { env, store }: AppContext,
  shell: Shell | null,
  reads: ApiReads,
): PageRenderers | null {
  if (!shell) return null;

  // Each page's own code, fetched beside the entry script (read once from the build); home's is in it.
  const pagePreloads = new Map(
    (Object.entries(PAGE_CHUNKS) as [RenderedPageName, string][]).map(([name, chunk]) => [
      name,
      pageChunkPreloads(shell.webRoot, chunk),
    ]),
  );
  // The header's account menu, for someone signed in.
  const accountMenuPreloads = pageChunkPreloads(shell.webRoot, 'AccountMenu');
  const notFoundPreloads = pageChunkPreloads(shell.webRoot, 'NotFoundPage');
  const catalogPreloads = pageCatalogPreloads(shell.webRoot);

  // Loaded once at start, on a thread of its own (server/html/renderThread.ts); a broken bundle is
  // logged and the site works without it.
  let renderer: Promise<PageRenderer | null> | null = null;
  const getRenderer = () => {
    renderer ??= startBuiltRenderer(shell.webRoot).catch((error: unknown) => {
      app.log.error({ err: error }, 'could not load the server renderer; pages are rendered in the browser');
      return null;
    });
    return renderer;
  };
  /**
   * The API's answers for `who`, made in-process by the functions that answer its routes
   * (server/http/apiReads.ts): one source of truth. Their JSON goes to the render's thread as text.
   */
  const readFor =
    (request: FastifyRequest | null, who: { actor: Actor | null; language: Language }): FetchText =>
    async (path) => {
      try {
        return await reads.answer(path, who);
      } catch (error) {
        // The route would have answered 500 and logged it; the page goes out for the browser to render.
        request?.log.error(
          { err: error, path: path.split('?')[0] },
          'an API read for a rendered page failed',
        );
        throw error;
      }
    };

  const renders = renderQueue(RENDER_LINE);
  // Once the server is stopping, the pages still waiting their turn go out for the browser to render.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onClose', async () => {
    await (await renderer)?.close();
  });
  app.addHook('onReady', async () => {
    const pages = await getRenderer();
    // A process's first render is several times slower than the next (nothing compiled yet): pay for
    // it now, in the background, rather than on the first visitor's page.
    if (pages) {
      setImmediate(() => {
        pages
          .render('/', readFor(null, { actor: null, language: DEFAULT_LANGUAGE }), shell.config, {
            language: DEFAULT_LANGUAGE,
            session: sessionAnswer(null, env),
          })
          .catch(() => {});
      });
    }
  });

  /** The shell `page` with the app rendered for this request in it; the shell as it was when that fails. */
  const renderInto = async (
    request: FastifyRequest,
    reply: FastifyReply,
    page: string,
    posted?: { form: PostedFormName; data: PostedForm },
    notFound = false,
  ): Promise<string | Buffer> => {
    const pages = await getRenderer();
    // No renderer, or so many renders already waiting that this one would wait longer than the
    // browser takes to render the page itself.
    if (!pages) return page;
    if (renders.full) return unfilled(reply, page);
    const isEvent = request.routeOptions.url === RENDERED_PAGES.event;
    // What the page shows depends on who asks (the header's account, an event only its submitter sees),
    // and an event page's Back link on where the visitor came from (their filtered home view).
    reply.header('Vary', isEvent ? 'Cookie, Accept-Language, Referer' : 'Cookie, Accept-Language');
    const options = isEvent ? { homeViewQuery: homeViewQuery(request, env.PUBLIC_URL) } : {};
    const token = request.cookies[SESSION_COOKIE];
    try {
      const rendered = await renders.run(async () => {
        // A render whose turn comes once the server is stopping would read from a closed database.
        if (closing) return STOPPING;
        // Who the page is for, read once: the render is handed it as /api/auth/session says it, and
        // the API's answers it reads are made for them, in the page's language.
        const actor = token === undefined ? null : await actorForToken(store.db, token);
        const who = { actor, language: request.language };
        const result = await pages.render(request.url, readFor(request, who), shell.config, {
          ...options,
          ...(posted ? { posted } : {}),
          ...(notFound ? { notFound } : {}),
          origin: requestOrigin(request),
          language: request.language,
          session: sessionAnswer(actor, env),
        });
        return { result, signedIn: actor !== null };
      });
      if (rendered === STOPPING) return unfilled(reply, page);
      const { result, signedIn } = rendered;
      if (!result) return page;
      const name = renderedPageOf(request.url.split('?')[0] ?? '')?.name;
      const preloads = [
        ...((name && pagePreloads.get(name)) || (notFound ? notFoundPreloads : [])),
        // In another language than English, the catalogs the page read beyond the first ones (the log's
        // words, an event page's) and those its code reads once it runs: none waits to be discovered.
        ...catalogPreloads(request.language, [
          ...result.namespaces,
          ...((name && BROWSER_CATALOGS[name]) || []),
        ]),
        ...(signedIn ? accountMenuPreloads : []),
      ];
      // The shell's own edits before the rendered app goes in: each would otherwise scan and copy the
      // whole page (~100 KB) again.
      const head = fillHead(addPreloads(page, preloads), result.title);
      // Someone signed in comes back to the site on this browser page after page: the build's sheet
      // (immutable, cached for good) is fetched once and kept, and their pages link it in the head rather
      // than carry 55-67 KB of it each time. Their pages are never kept by a cache, so every view is
      // rendered and sent anew (issue 21: half the bytes of a signed-in home page, ~6% more of them a second).
      if (signedIn) return fillRoot(Buffer.from(head), result);
      // For everyone else, the home page (the page most visitors land on) and an event's page (the one a
      // shared link opens) carry only their first screen's styles; the others the whole sheet
      // (server/html/shell.ts). (The month view is read from the address as the renderer reads it.)
      const critical =
        notFound || reply.statusCode !== 200 || !pages.criticalCss
          ? null
          : criticalSheet(pages.criticalCss, name, request.url);
      return fillRoot(shell.inlineStyles(head, critical), result);
    } catch (error) {
      // Renders cut short by the server stopping are no error.
      if (!closing) {
        request.log.error({ err: error }, 'server rendering failed; sent the page for the browser to render');
      }
      return unfilled(reply, page);
    }
  };

  /** The page as the shell has it, for the browser to render, and kept by no cache: the next may be filled. */
  const unfilled = (reply: FastifyReply, page: string): string => {
    reply.header('Cache-Control', 'no-store');
    return page;
  };

  const renderPage = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    // An event's page that has no event (404) is rendered too: its "Event Not Found", with the site
    // around it, rather than an empty page for a link to a removed event read without JavaScript.
    const eventGone = reply.statusCode === 404 && request.routeOptions.url === RENDERED_PAGES.event;
    if (
      request.method !== 'GET' ||
      (reply.statusCode !== 200 && !eventGone) ||
      typeof payload !== 'string' ||
      !String(reply.getHeader('content-type') ?? '').startsWith('text/html') ||
      !hasEmptyRoot(payload)
    ) {
      return payload;
    }
    return renderInto(request, reply, payload);
  };

  app.addHook('onRoute', (route) => {
    if (!RENDERED_ROUTES.has(route.url)) return;
    // Fastify declares a GET route's HEAD twin with the GET's hooks: the twin renders nothing.
    const own = [route.onSend ?? []].flat().filter((hook) => hook !== renderPage);
    const get = [route.method].flat().includes('GET');
    route.onSend = get ? [renderPage, ...own] : own;
  });

  return {
    postedForm: async (request, reply, posted) => {
      const page = shell.render({ title: env.SITE_TITLE, language: request.language });
      return renderInto(request, reply, page, posted);
    },
    notFound: async (request, reply) => {
      const page = shell.render({ title: env.SITE_TITLE, language: request.language });
      return renderInto(request, reply, page, undefined, true);
    },
  };
}
