import type { FastifyRequest } from 'fastify';

/**
 * The origin the browser used (`http://127.0.0.1:3000` in development), from the Host header. Never
 * from X-Forwarded-Host, which Fastify would believe from a trusted proxy: nginx passes on whatever a
 * client sent in it, so a client could name any host it liked (docs/DEPLOY.md clears it too). The
 * scheme may come from X-Forwarded-Proto, which the documented proxy sets itself.
 */
export function requestOrigin(request: FastifyRequest): string | null {
  const host = request.headers.host;
  return host ? `${request.protocol}://${host}` : null;
}
