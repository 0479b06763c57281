import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Send a text body with a strong ETag, or 304 Not Modified when the client already has it. Calendar
 * apps and feed readers poll every hour; most polls then cost no body at all.
 */
export function sendWithEtag(request: FastifyRequest, reply: FastifyReply, body: string) {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  reply.header('ETag', etag);
  const match = request.headers['if-none-match'];
  if (match?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  return reply.send(body);
}
