import type { IncomingMessage } from 'node:http';

/**
 * CORS for the public read API, so that other sites (a local group's website, a map, a bot) can read
 * the public calendar from a browser: `Access-Control-Allow-Origin: *` on GET and HEAD of the listing,
 * an event, its .ics, and the feeds, for requests without a session cookie. Never
 * `Access-Control-Allow-Credentials`: a browser does not hand another site an answer made for a
 * signed-in person, and a request with a session cookie (as the session's own parser finds it) gets
 * no CORS header at all. These are simple
 * requests (no preflight); nothing that changes state is opened to other sites.
 */
export function isPublicRead(req: IncomingMessage, hasSession: boolean): boolean {
  const method = req.method;
  if (method !== 'GET' && method !== 'HEAD') return false;
  const url = req.url ?? '';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (
    path !== '/api/events' &&
    !path.startsWith('/api/events/') &&
    path !== '/feed.xml' &&
    path !== '/calendar.ics'
  ) {
    return false;
  }
  return !hasSession;
}
