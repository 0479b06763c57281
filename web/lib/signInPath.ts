/**
 * Where sign-in sends people once they are in (docs/PRODUCT.md#sign-in): back where they were going,
 * carried in `/auth?next=`. Only a path of this site is followed, never another site's address.
 */

/** The page to go to after signing in, if `next` is a path of this site; otherwise null (home). */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || next.length > 2000) return null;
  // '/x' only: not '//host' or '/\\host' (browsers read both as another site), no scheme, no controls.
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (/[\p{Cc}\\]/u.test(next)) return null;
  // Back to the sign-in page itself would be a loop.
  if (next === '/auth' || next.startsWith('/auth?') || next.startsWith('/auth#')) return null;
  return next;
}

/** The sign-in page, to come back to `location` afterwards (home needs no return). */
export function signInPath(location: { pathname: string; search?: string; hash?: string }): string {
  const here = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  const next = safeNextPath(here);
  return next && next !== '/' ? `/auth?next=${encodeURIComponent(next)}` : '/auth';
}
