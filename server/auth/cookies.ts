import type { FastifyReply } from 'fastify';
import type { Env } from '../env';
import { SESSION_COOKIE } from './sessions';

/**
 * The cookie only carries the token; the server decides when a session ends (30 days after its last
 * use, sliding). So the cookie lives as long as browsers allow (400 days in Chromium), and an active
 * person is not signed out 30 days after signing in.
 */
const COOKIE_MAX_AGE_S = 400 * 24 * 3600;

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
    maxAge: COOKIE_MAX_AGE_S,
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
