import type { FastifyRequest } from 'fastify';
import { msg } from '../../common/i18n/messages';
import type { Env } from '../env';
import { crossSiteRequest } from '../errors';
import { requestOrigin } from '../http/requestOrigin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE = msg('crossSite');

/**
 * Cross-site request forgery guard for every state-changing /api request (see docs/ARCHITECTURE.md,
 * "Accounts"). Browsers send `Origin` on every cross-origin POST/PUT/PATCH/DELETE (and `Sec-Fetch-Site`
 * too), so a request from another site always carries one of them and is refused here. A request with
 * neither comes from a program (curl, a script, Node's fetch), which a forging website cannot make on
 * a visitor's behalf; such requests are allowed.
 */
export function isCrossSiteRequest(request: FastifyRequest, env: Env): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== '') {
    // "null" (sandboxed frames, privacy-sensitive redirects) is never one of ours.
    return !allowedOrigins(request, env).has(origin);
  }
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== '') return site !== 'same-origin' && site !== 'none';
  return false;
}

function allowedOrigins(request: FastifyRequest, env: Env): Set<string> {
  const allowed = new Set([new URL(env.PUBLIC_URL).origin]);
  // The address the browser actually used (e.g. 127.0.0.1 instead of localhost in development).
  const used = requestOrigin(request);
  if (used) allowed.add(used);
  return allowed;
}

export function assertSameOrigin(request: FastifyRequest, env: Env): void {
  if (isCrossSiteRequest(request, env)) throw crossSiteRequest(CROSS_SITE_MESSAGE);
}
