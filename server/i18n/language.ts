import type { FastifyInstance, FastifyReply } from 'fastify';
import { chooseLanguage, DEFAULT_LANGUAGE, isLanguage, type Language } from '../../common/i18n/languages';
import { isSecureDeployment } from '../auth/cookies';
import type { Env } from '../env';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language this request is answered in (docs/PRODUCT.md#languages). */
    language: Language;
  }
}

/** The remembered choice of language: readable by the page's own script too (nothing secret in it). */
export const LANGUAGE_COOKIE = 'lang';
const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** The value of `lang=` in a raw query string (`a=1&lang=ar`), or null. */
export function queryLanguage(url: string): string | null {
  const q = url.indexOf('?');
  if (q === -1) return null;
  const match = /(?:^|&)lang=([^&]*)/.exec(url.slice(q + 1));
  return match ? (match[1] ?? null) : null;
}

export function rememberLanguage(reply: FastifyReply, env: Env, language: Language): void {
  reply.setCookie(LANGUAGE_COOKIE, language, {
    sameSite: 'lax',
    path: '/',
    secure: isSecureDeployment(env),
    maxAge: LANGUAGE_COOKIE_MAX_AGE_S,
  });
}

/**
 * Every request gets its language: `?lang=` (a link that works without JavaScript, remembered in a
 * cookie from then on), the cookie, `Accept-Language`, English. Decided before any route runs, so
 * pages, messages and emails agree.
 */
export function registerLanguage(app: FastifyInstance, env: Env): void {
  app.decorateRequest('language', DEFAULT_LANGUAGE);
  app.addHook('onRequest', (request, reply, done) => {
    const query = queryLanguage(request.url);
    const cookie = request.cookies[LANGUAGE_COOKIE];
    request.language = chooseLanguage({ query, cookie, acceptLanguage: request.headers['accept-language'] });
    if (isLanguage(query) && query !== cookie && request.method === 'GET')
      rememberLanguage(reply, env, query);
    done();
  });
}
