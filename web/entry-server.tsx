/**
 * The server's renderer of the web app (built with `vite build --ssr`, loaded by server/html/ssr.ts).
 * For every page of the app (common/renderedPages.ts) it asks the API exactly what the browser would ask, puts the answers in a TanStack Query cache under the keys the hooks use, renders
 * the same React tree as web/main.tsx around a ServerRouter, and hands back the HTML and the cache
 * (dehydrated) so the browser hydrates without asking again.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { filtersFromParams, rangeTooLong } from '../common/filters';
import { DEFAULT_LANGUAGE, type Language } from '../common/i18n/languages';
import { type PostedForm, type PostedFormName, postedFormKey } from '../common/postedForms';
import { type RenderedPage, renderedPageOf } from '../common/renderedPages';
import type { SessionResponse } from '../common/schemas/auth';
import { AppRoutes } from './app/router';
// The first screen's styles (web/critical.css, and with the month grid), which the server inlines in
// the home page.
import criticalStyles from './critical.css?inline';
import criticalEventStyles from './critical-event.css?inline';
import criticalMonthStyles from './critical-month.css?inline';
import { aboutPath, aboutQueryKey } from './features/about/api/about';
import { eventPath, eventQueryKey } from './features/events/api/event';
import {
  eventListPath,
  eventListQueryKey,
  monthEventsPath,
  monthEventsQueryKey,
} from './features/events/api/events';
import { logPath, logQueryKey, pageFromParam } from './features/log/api/log';
import { logStatsPath, logStatsQueryKey } from './features/log/api/stats';
import i18n from './i18n/index';
import { I18nProvider } from './i18n/react';
import { rememberingGetFixedT } from './i18n/rememberingT';
import { sessionQueryKey } from './lib/api';
import { type ClientConfig, setServerConfig } from './lib/config';
import { ServerRouter } from './lib/router';
import { seriesPath, seriesQueryKey } from './lib/series';
import { SiteOriginContext } from './lib/siteOrigin';
import { DocumentTitleSink } from './lib/useDocumentTitle';

// The server renders in any language at any moment: every catalog is loaded once, at start.
const everyCatalog = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', {
  import: 'default',
  eager: true,
});
for (const [path, messages] of Object.entries(everyCatalog)) {
  const [, language = '', namespace = ''] = /\/locales\/([\w-]+)\/([\w-]+)\.json$/.exec(path) ?? [];
  i18n.addResourceBundle(language, namespace, messages, true, true);
}

/**
 * The style sheets pages need for their first screen, minified: the home page's (web/critical.css),
 * `list` for its list and `month` for its month view, and an event's page's (web/critical-event.css).
 */
export const criticalCss: CriticalCss = {
  list: criticalStyles,
  month: criticalMonthStyles,
  event: criticalEventStyles,
};

export interface CriticalCss {
  list: string;
  month: string;
  event: string;
}

/** One API call made for the page, answered by the server itself (server/http/apiReads.ts): status and JSON. */
export type FetchJson = (path: string) => Promise<{ status: number; body: unknown }>;

/** The answers a page was rendered from, keyed as the query hooks key them (read by web/main.tsx). */
export interface PageState {
  queries: { key: readonly unknown[]; data: unknown; updatedAt: number }[];
}

export interface RenderResult {
  /** What goes inside <div id="root">. */
  html: string;
  /** The page's title as it says it (useDocumentTitle), or null when it leaves the shell's. */
  title: string | null;
  /** The query cache the browser starts from, as plain JSON. */
  state: PageState;
  /** The catalogs (i18next namespaces) the rendered page read: the browser needs them to hydrate it. */
  namespaces: string[];
}

/** What the server knows of the request beyond its URL and cookies. */
export interface RenderOptions {
  /**
   * On an event page: the query of the home view the visitor came from (`?type=protest`), taken from
   * the request's Referer only when that is this site's own home page (server/html/pages.ts), for the
   * Back link of a page read without JavaScript. Undefined or null otherwise.
   */
  homeViewQuery?: string | null;
  /** The language to render in (the request's, server/i18n/language.ts); English when absent. */
  language?: Language;
  /** The origin the request came to (the browser's), for addresses pages hand out whole. */
  origin?: string | null;
  /** A form the server refused, shown again with what was sent and why (common/postedForms.ts). */
  posted?: { form: PostedFormName; data: PostedForm };
  /** An address the app has no page for: render the router's "Page not found" (sent with a 404). */
  notFound?: boolean;
  /**
   * Who the page is for, as the API's session call answers (`SESSION_PATH`): the server has read it
   * already (server/html/pages.ts), so the render does not ask for it.
   */
  session: SessionResponse;
}

/** What the router's location state carries on the server: the page's landing Referer, see above. */
export interface ServerLocationState {
  homeViewQuery: string;
}

/** The router's page for any other address (its `*` route): rendered only when the server asks. */
const NOT_FOUND = { name: 'notFound' } as const;

/**
 * A render that cannot be sent as it is: the mark React leaves where a Suspense boundary's content did
 * not render (pending or failed), or an inline script (which completing one would need). One pattern,
 * so that a finished page (~50 KB) is scanned once.
 */
const INCOMPLETE = /<!--\$[?!]-->|<script/;

/** Longest a render may take before the page is sent without it (the browser then renders it). */
const RENDER_TIMEOUT_MS = 3000;

/**
 * Fields of a listed event that nothing on the home page reads (its cards, their "Add to calendar"
 * menu): left out of the state sent with the page (issue 21: ~15 % of it), never out of the render.
 * The browser refetches the whole answer whenever it asks again; a card that starts reading one of
 * these shows as a hydration mismatch in e2e/ssr.test.ts.
 */
const UNREAD_LIST_FIELDS = ['createdAt', 'status', 'submittedByViewer', 'can', 'version'] as const;
const UNREAD: ReadonlySet<string> = new Set(UNREAD_LIST_FIELDS);

/** The home list's answer as the page's state carries it (`UNREAD_LIST_FIELDS` left out). */
function leanList(data: unknown): unknown {
  const list = data as { events?: unknown } | null;
  if (!list || !Array.isArray(list.events)) return data;
  return {
    ...list,
    // Copied without them rather than deleted from a copy: `delete` turns an object into a slow
    // dictionary, which the page's JSON then walks.
    events: list.events.map((event: Record<string, unknown>) => {
      const lean: Record<string, unknown> = {};
      for (const field in event) if (!UNREAD.has(field)) lean[field] = event[field];
      return lean;
    }),
  };
}

/** The series an event answer's event is a date of, if any. */
function seriesOf(answer: { status: number; body: unknown } | undefined): string | undefined {
  if (answer?.status !== 200) return undefined;
  return (answer.body as { series?: { id?: unknown } } | null)?.series?.id as string | undefined;
}

/** A call a rendered page makes on its first render: its cache key and its API path. */
type PageQuery = [readonly unknown[], string];

/**
 * The calls a rendered page makes on its first render for anyone, beside the session's. What else it
 * asks depends on who asks (`signedInQueries`).
 */
function pageQueries(page: RenderedPage | typeof NOT_FOUND, search: string): PageQuery[] {
  const params = new URLSearchParams(search);
  switch (page.name) {
    case 'home': {
      const filters = filtersFromParams(params);
      if (filters.view === 'month') return [[monthEventsQueryKey(filters), monthEventsPath(filters)]];
      // A range the API refuses: the page says so without a list (web/app/routes/HomePage.tsx).
      if (rangeTooLong(filters)) return [];
      return [[eventListQueryKey(filters), eventListPath(filters)]];
    }
    case 'event':
      return [[eventQueryKey(page.id), eventPath(page.id)]];
    case 'about':
      return [[aboutQueryKey, aboutPath]];
    case 'log':
      return [[logStatsQueryKey, logStatsPath]];
    // The session is all these need: their forms, or a notice that they need JavaScript.
    case 'subscribe':
    case 'auth':
    case 'submit':
    case 'moderation':
    case 'account':
    case 'myEvents':
    case 'editEvent':
    case 'forgotPassword':
    case 'resetPassword':
    case 'verifyEmail':
    case 'notFound':
      return [];
  }
}

/** What a page asks beyond `pageQueries` for someone signed in: the log's entries. */
function signedInQueries(page: RenderedPage | typeof NOT_FOUND, search: string): PageQuery[] {
  if (page.name !== 'log') return [];
  const logPage = pageFromParam(new URLSearchParams(search).get('page'));
  return [[logQueryKey(logPage), logPath(logPage)]];
}

function locationState({ homeViewQuery }: RenderOptions): ServerLocationState | null {
  return homeViewQuery ? { homeViewQuery } : null;
}

/**
 * The i18n instance renders in `language` read through: one per language, made on its first render
 * and shared by every later one (renders in different languages may overlap, so not the app's own
 * instance, whose language is one at a time). Nothing changes one once made: every catalog is loaded
 * at start, no component changes the language while rendering, and subscriptions (where
 * `useTranslation` listens for changes) do not run on the server. Making a clone for each render was
 * ~0.3 ms of a home page (issue 21).
 *
 * Seen through an object of its own whose properties are the remembering `getFixedT`
 * (web/i18n/rememberingT.ts) and `hasLoadedNamespace`; every other read falls through to the clone.
 */
const translators = new Map<Language, typeof i18n>();
function translatorFor(language: Language): typeof i18n {
  let translator = translators.get(language);
  if (!translator) {
    const clone = i18n.cloneInstance({ lng: language, initAsync: false });
    translator = Object.create(clone, {
      getFixedT: { value: rememberingGetFixedT(clone) },
      hasLoadedNamespace: { value: rememberingLoaded(clone) },
    }) as typeof i18n;
    translators.set(language, translator);
  }
  return translator;
}

/**
 * The clone's `hasLoadedNamespace`, remembering the namespaces it found loaded: a loaded catalog stays
 * loaded here, and every component that translates asks (~150 times a home page).
 */
function rememberingLoaded(clone: typeof i18n): typeof i18n.hasLoadedNamespace {
  const loaded = new Set<string>();
  return (ns, options) => {
    if (options !== undefined || typeof ns !== 'string') return clone.hasLoadedNamespace(ns, options);
    if (loaded.has(ns)) return true;
    const found = clone.hasLoadedNamespace(ns);
    if (found) loaded.add(ns);
    return found;
  };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Render `url` (path and query) for the person whose cookies `fetchJson` carries. Resolves to null when
 * this page is not rendered on the server or its data did not come back as 200 (the browser then
 * renders it as before); rejects when rendering itself fails.
 */
export async function render(
  url: string,
  fetchJson: FetchJson,
  config: ClientConfig,
  options: RenderOptions,
): Promise<RenderResult | null> {
  const { pathname, search } = new URL(url, 'http://localhost');
  const page = renderedPageOf(pathname) ?? (options.notFound ? NOT_FOUND : null);
  if (!page) return null;
  setServerConfig(config);

  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // What the page shows anyone, and what only people signed in see, asked together (one wait, not two:
  // the answers come from another thread, or from PostgreSQL).
  const queries = [
    ...pageQueries(page, search),
    ...(options.session.user ? signedInQueries(page, search) : []),
  ];
  const answers = await Promise.all(queries.map(([, path]) => fetchJson(path)));
  // A date of a recurring event lists the others (web/features/events/components/SeriesDates.tsx): read
  // once the event says which series, so the list is there without JavaScript and moves nothing when
  // the page runs.
  const seriesId = page.name === 'event' ? seriesOf(answers[0]) : undefined;
  if (seriesId) {
    const path = seriesPath(seriesId);
    const answer = await fetchJson(path);
    // Without it the page still says how it repeats; the list comes once the page runs, as before.
    if (answer.status === 200) {
      queries.push([seriesQueryKey(seriesId), path]);
      answers.push(answer);
    }
  }
  // An event page for an event that is not there (removed, never was, or not for this person) says
  // so, as the browser would: its query holds null (web/app/routes/EventDetailPage.tsx).
  const gone = (status: number) => page.name === 'event' && status === 404;
  if (answers.some((answer) => answer.status !== 200 && !gone(answer.status))) return null;
  const updatedAt = Date.now();
  const state: PageState = {
    queries: [
      { key: sessionQueryKey, data: options.session, updatedAt },
      ...queries.map(([key], i) => ({
        key,
        data: gone(answers[i]?.status ?? 200) ? null : answers[i]?.body,
        updatedAt,
      })),
      ...(options.posted
        ? [{ key: postedFormKey(options.posted.form), data: options.posted.data, updatedAt }]
        : []),
    ],
  };
  for (const { key, data } of state.queries) queryClient.setQueryData(key, data, { updatedAt });

  const translator = translatorFor(options.language ?? DEFAULT_LANGUAGE);
  const errors: unknown[] = [];
  const titleSink: { title: string | null } = { title: null };
  const namespaces = new Set<string>();
  const tree = (
    <StrictMode>
      <I18nProvider i18n={translator} used={namespaces}>
        <QueryClientProvider client={queryClient}>
          <DocumentTitleSink value={titleSink}>
            <SiteOriginContext value={options.origin ?? null}>
              <ServerRouter pathname={pathname} search={search} state={locationState(options)}>
                <AppRoutes />
              </ServerRouter>
            </SiteOriginContext>
          </DocumentTitleSink>
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>
  );
  // React's string renderer first: everything a page shows is in its query cache already, so a render
  // normally completes in one synchronous pass, and the string renderer skips the stream's work of
  // encoding the page to UTF-8 in chunks and reading them back (~0.5 of a home render's 2.8 ms: issue 21,
  // bench/NOTES.md). A part that is not loaded yet (a lazy chunk on the process's first render of that
  // page) leaves a boundary unfinished: that render is thrown away and the page is rendered again by the
  // streaming renderer, which waits for it.
  let html = renderToString(tree);
  if (INCOMPLETE.test(html)) {
    titleSink.title = null;
    const { prelude } = await prerenderToNodeStream(tree, {
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      // Never split the page into parts completed by inline scripts: the CSP would refuse them.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError: (error) => {
        errors.push(error);
      },
    });
    html = await readAll(prelude);
    // An error React recovered from would leave a part for the browser to render: not worth sending.
    if (errors.length > 0) throw errors[0];
    // Anything unfinished (a pending or failed boundary) would need an inline script to complete.
    if (INCOMPLETE.test(html)) throw new Error(`${pathname}: the render is incomplete`);
  }
  queryClient.clear();
  const listKey =
    page.name === 'home' ? eventListQueryKey(filtersFromParams(new URLSearchParams(search))) : null;
  const sent: PageState = {
    queries: state.queries.map((query) =>
      listKey && query.key.join('\n') === listKey.join('\n')
        ? { ...query, data: leanList(query.data) }
        : query,
    ),
  };
  return { html, state: sent, title: titleSink.title, namespaces: [...namespaces] };
}
