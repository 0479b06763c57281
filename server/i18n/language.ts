import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import {
  chooseLanguage,
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  languageOfTag,
} from '../../common/i18n/languages';
import { renderedPageOf } from '../../common/renderedPages';
import { isSecureDeployment } from '../auth/cookies';
import { hashToken, SESSION_COOKIE } from '../auth/sessions';
import type { Env } from '../env';
import type { Database } from '../store/schema';
import { setUserLanguage } from '../store/users';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language this request is answered in (docs/PRODUCT.md#languages). */
    language: Language;
  }
}

/** The remembered choice of language: readable by the page's own script too (nothing secret in it). */
export const LANGUAGE_COOKIE = 'lang';
const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/**
 * The value of `lang=` in a raw query string (`a=1&lang=ar`), or null; a language we speak written
 * another way (`AR`, `ar-EG`, `pt_BR`) is that language, as `Accept-Language` would have it.
 */
export function queryLanguage(url: string): string | null {
  const q = url.indexOf('?');
  if (q === -1) return null;
  const match = /(?:^|&)lang=([^&]*)/.exec(url.slice(q + 1));
  if (!match) return null;
  const value = match[1] ?? '';
  return languageOfTag(value) ?? value;
}

/**
 * Whether a request is for one of the app's pages (common/renderedPages.ts), where `?lang=` is a
 * person's choice of language. Files, feeds, the embed and API calls answer in their `lang=` without
 * making it the browser's or the account's: a calendar app's address, or a feed opened to look at it,
 * in another language is not a choice of the site's language.
 */
export function isPageRequest(url: string): boolean {
  const q = url.indexOf('?');
  return renderedPageOf(q === -1 ? url : url.slice(0, q)) !== null;
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
 * cookie from then on when it is a page's: `isPageRequest`), the cookie, `Accept-Language`, English. Decided before any route runs, so
 * pages, messages and emails agree.
 */
export function registerLanguage(app: FastifyInstance, env: Env): void {
  app.decorateRequest('language', DEFAULT_LANGUAGE);
  app.addHook('onRequest', (request, reply, done) => {
    const query = queryLanguage(request.url);
    const cookie = request.cookies[LANGUAGE_COOKIE];
    request.language = chooseLanguage({ query, cookie, acceptLanguage: request.headers['accept-language'] });
    if (isLanguage(query) && query !== cookie && request.method === 'GET' && isPageRequest(request.url))
      rememberLanguage(reply, env, query);
    done();
  });
}

/**
 * A signed-in person's choice of language (`?lang=` on any of the app's pages) is also the account's: their emails
 * come in it, and other browsers they sign in on take it (docs/PRODUCT.md#languages). Only requests
 * with `?lang=` and a session cookie do anything here (one read; a write when the choice changed), so
 * visitors and ordinary requests cost nothing more. A failure here never fails the page.
 */
export function registerAccountLanguage(app: FastifyInstance, db: Kysely<Database>): void {
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET') return;
    const token = request.cookies[SESSION_COOKIE];
    if (token === undefined || token.length > 100) return;
    const language = queryLanguage(request.url);
    if (!isLanguage(language) || !isPageRequest(request.url)) return;
    try {
      const account = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['users.id', 'users.language'])
        .where('sessions.id', '=', hashToken(token))
        .where('sessions.expires_at', '>', Date.now())
        .where('users.deleted_at', 'is', null)
        .executeTakeFirst();
      if (account && account.language !== language) await setUserLanguage(db, account.id, language);
    } catch (error) {
      request.log.warn({ err: error }, 'could not remember the account’s language');
    }
  });
}
