import type { ServerResponse } from 'node:http';
import type { Env } from '../env';

/**
 * The security headers of every answer (pages, API, feeds, errors), computed once at start-up.
 *
 * They used to come from @fastify/helmet, which builds a new helmet middleware, and with it the
 * Content-Security-Policy string, on every request (~9% of the CPU of a listing request). The values
 * never change while the server runs, so this is the same set helmet 8 produced for our options, in the
 * same order and spelling, as a constant list: one `setHeader` per header and nothing else.
 * securityHeaders.test.ts checks it against @fastify/helmet with those options, for http and https.
 *
 * The embed page rewrites `frame-ancestors` and drops X-Frame-Options for itself
 * (server/routes/calendar/index.ts); everything else sends these as they are. Server-rendered HTML
 * can use `applySecurityHeaders(reply.raw, headers)` or the list itself.
 */
export type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

export function contentSecurityPolicy(env: Pick<Env, 'PUBLIC_URL'>): string {
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (isHttps(env)) directives.push('upgrade-insecure-requests');
  return directives.join(';');
}

/** Features no page of ours uses, turned off for every page and anything it frames. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ');

export function securityHeaders(env: Pick<Env, 'PUBLIC_URL'>): HeaderList {
  const headers: Array<readonly [string, string]> = [
    ['Content-Security-Policy', contentSecurityPolicy(env)],
    // The Google sign-in pop-up must be able to reach back to the page that opened it.
    ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ];
  // HSTS only makes sense (and is only honoured) over HTTPS: 180 days, subdomains too.
  if (isHttps(env)) headers.push(['Strict-Transport-Security', 'max-age=15552000; includeSubDomains']);
  headers.push(
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    // Browsers without frame-ancestors: no other site may frame us either.
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
    // Beyond helmet's set: no page of ours uses these powerful features, so no page (or anything
    // injected into one, or a frame in it) may ask for them.
    ['Permissions-Policy', PERMISSIONS_POLICY],
  );
  return Object.freeze(headers.map((h) => Object.freeze(h)));
}

/** Set the headers on a response that has not started yet (names keep their spelling). */
export function applySecurityHeaders(res: ServerResponse, headers: HeaderList): void {
  for (const [name, value] of headers) res.setHeader(name, value);
}

function isHttps(env: Pick<Env, 'PUBLIC_URL'>): boolean {
  return env.PUBLIC_URL.startsWith('https:');
}
