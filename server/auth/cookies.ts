import type { FastifyReply } from 'fastify';
import type { Env } from '../env';
import { SESSION_COOKIE, SESSION_TTL_MS } from './sessions';

/** Cookies are `Secure` whenever the public address is https (behind a TLS proxy too). */
export const isSecureDeployment = (env: Env): boolean => env.PUBLIC_URL.startsWith('https:');

/**
 * The session cookie: unreadable by scripts (HttpOnly), not sent on cross-site sub-requests or POSTs
 * (SameSite=Lax), for the whole site, and only over TLS when the site is served over TLS.
 */
export function setSessionCookie(reply: FastifyReply, env: Env, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isSecureDeployment(env),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, env: Env): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isSecureDeployment(env),
  });
}
