import { isId } from './ids';

/**
 * The pages the server renders to HTML (docs/ARCHITECTURE.md#rendering-and-the-hot-path): every page
 * of the app, by its route, so that each one arrives with its header and its content and reads without
 * JavaScript. This list is the one place that says so: the server puts its renderer on these routes
 * (server/html/pages.ts), the listing micro-cache keeps these paths for visitors
 * (server/http/listingCache.ts), and the renderer asks the API for each page's data
 * (web/entry-server.tsx, one case per page, which the compiler holds to this list).
 *
 * The pages of `NEEDS_JAVASCRIPT` are rendered as their header and a notice that says they need
 * JavaScript, with a way back (docs/PRODUCT.md#pages); with JavaScript they work as the browser renders them.
 */
export const RENDERED_PAGES = {
  home: '/',
  event: '/event/:id',
  about: '/about',
  log: '/log',
  subscribe: '/subscribe',
  auth: '/auth',
  submit: '/submit',
  moderation: '/moderation',
  account: '/account',
  myEvents: '/my-events',
  editEvent: '/event/:id/edit',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
} as const;

export type RenderedPageName = keyof typeof RENDERED_PAGES;

/** The routes of the rendered pages, as Fastify names them (`/event/:id`). */
export const RENDERED_ROUTES: ReadonlySet<string> = new Set(Object.values(RENDERED_PAGES));

/** Pages that cannot work without JavaScript (dashboards, dialogs, one-time links read by the page). */
export const NEEDS_JAVASCRIPT: ReadonlySet<RenderedPageName> = new Set([
  'moderation',
  'account',
  'myEvents',
  'editEvent',
  'forgotPassword',
  'resetPassword',
  'verifyEmail',
]);

export type RenderedPage =
  | { name: Exclude<RenderedPageName, 'event' | 'editEvent'> }
  | { name: 'event' | 'editEvent'; id: string };

const FIXED_PATHS: ReadonlyMap<string, RenderedPage> = new Map(
  (Object.entries(RENDERED_PAGES) as [RenderedPageName, string][])
    .filter(([, route]) => !route.includes(':'))
    .map(([name, route]) => [route, { name } as RenderedPage]),
);

/** Which rendered page a path (without its query) is, or null. An event's path holds a well-formed id. */
export function renderedPageOf(pathname: string): RenderedPage | null {
  const fixed = FIXED_PATHS.get(pathname);
  if (fixed) return fixed;
  const event = /^\/event\/([^/]+)(\/edit)?$/.exec(pathname);
  if (!event?.[1] || !isId(event[1])) return null;
  return { name: event[2] ? 'editEvent' : 'event', id: event[1] };
}
