/**
 * The site's addresses, written once for the server (absolute under PUBLIC_URL: feeds, calendar files,
 * share previews, the embed page) and the web app (under its own origin). Zod-free, so the first bundle
 * can use it.
 */
import { type FeedFilters, feedFilters, filtersToParams } from './filters';

/** An event's page in the web app. */
export function eventPagePath(id: string): string {
  return `/event/${encodeURIComponent(id)}`;
}

/** The same, absolute: `origin` is PUBLIC_URL on the server and the page's own origin in the browser. */
export function eventPageUrl(origin: string, id: string): string {
  return `${origin}${eventPagePath(id)}`;
}

/** One event's calendar file (same origin as its page, so a `download` link keeps the file name). */
export function eventIcsPath(id: string): string {
  return `${eventPagePath(id)}.ics`;
}

/**
 * The query of the feed filters that are set (`?type=protest&location=Paris`, `&near=Leeds&km=50`; ''
 * when none is), by the
 * home page's own rules (filtersToParams), plus `extra` parameters (the embed's limit). Feed addresses
 * name the type first, as they always have, so addresses handed out before stay the same.
 */
export function filterQuery(filters: Partial<FeedFilters>, extra: Record<string, string> = {}): string {
  const set = filtersToParams(feedFilters(filters));
  const params = new URLSearchParams();
  for (const name of ['type', 'location', 'search', 'near', 'km'] as const) {
    const value = set.get(name);
    if (value !== null) params.set(name, value);
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `webcal:` variant of an http(s) address: calendar apps open it as a subscription, not a download. */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:/i, 'webcal:');
}

/**
 * True for an absolute http(s) address with a host. The server accepts nothing else as a source link
 * (common/schemas/events.ts); the web app checks again before making a link of one, so a bad row can
 * never become a `javascript:` link.
 */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * An OpenStreetMap search for a place (docs/PRODUCT.md#events): a plain link, followed only when someone
 * chooses to; the page itself loads nothing from OpenStreetMap.
 */
export function mapSearchUrl(place: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(place)}`;
}

/** The embedded list's colours (/embed?theme=): the visitor's system's, or always light or dark. */
export const EMBED_THEMES = ['auto', 'light', 'dark'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];
