import { isId } from './ids';

/**
 * The pages the server renders to HTML (docs/ARCHITECTURE.md#rendering-and-the-hot-path): the home page,
 * with any filters, and one event's page, each by its route. This list is the one place that says so:
 * the server puts its renderer on these routes (server/html/pages.ts), the listing micro-cache keeps
 * these paths (server/http/listingCache.ts), and the renderer asks the API for each page's data
 * (web/entry-server.tsx, one case per page, which the compiler holds to this list).
 */
export const RENDERED_PAGES = { home: '/', event: '/event/:id' } as const;

export type RenderedPage = { name: 'home' } | { name: 'event'; id: string };

/** Which rendered page a path (without its query) is, or null. An event's path holds a well-formed id. */
export function renderedPageOf(pathname: string): RenderedPage | null {
  if (pathname === RENDERED_PAGES.home) return { name: 'home' };
  const event = /^\/event\/([^/]+)$/.exec(pathname);
  return event?.[1] && isId(event[1]) ? { name: 'event', id: event[1] } : null;
}
