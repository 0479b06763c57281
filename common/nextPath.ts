/**
 * Where sign-in sends people once they are in (docs/PRODUCT.md#sign-in), carried in `/auth?next=`: the
 * web app's sign-in page and the server's plain sign-in form (server/routes/auth/forms.ts) follow only a
 * path of this site, never another site's address.
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
