/**
 * A source link as people type it (docs/PRODUCT.md#text-people-write): `example.org/teach-in` means
 * `https://example.org/teach-in`, as in a browser's address bar. The schema in common/schemas/events.ts
 * applies this before its checks, so the form and the server read a link the same way. Zod-free.
 */

// A scheme is letters, digits, '+', '-' or '.' before a ':' (RFC 3986 §3.1).
const SCHEME = /^([a-z][a-z\d+.-]*):/i;
// 'example.org:8080/x' and 'localhost:3000' are a host and a port, not a scheme 'example.org'.
const PORT_AFTER_HOST = /^[a-z\d.-]+:\d+(?:[/?#]|$)/i;
// Only text that starts like a host name gets a scheme: '/relative', '//host' and '../x' stay as typed
// (and are refused).
const STARTS_LIKE_HOST = /^[\p{L}\p{N}]/u;

/** The scheme the text names ('https', 'javascript'), lower-cased, or null when it names none. */
export function linkScheme(text: string): string | null {
  if (PORT_AFTER_HOST.test(text)) return null;
  return SCHEME.exec(text)?.[1]?.toLowerCase() ?? null;
}

/** `text` with `https://` in front when it names no scheme and starts like a host; otherwise as it is. */
export function withDefaultScheme(text: string): string {
  return linkScheme(text) === null && STARTS_LIKE_HOST.test(text) ? `https://${text}` : text;
}

/** False for a link that names a scheme other than http or https (`ftp:`, `javascript:`, `mailto:`). */
export function hasWebScheme(text: string): boolean {
  const scheme = linkScheme(text);
  return scheme === null || scheme === 'http' || scheme === 'https';
}
