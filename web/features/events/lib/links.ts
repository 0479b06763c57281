/**
 * True for an absolute http(s) address. The server accepts nothing else as a source link; the page
 * checks again before making a link of it, so a bad row can never become a `javascript:` link.
 * (Kept here rather than imported from common/schemas, which would pull zod into the home bundle.)
 */
export function isHttpLink(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
