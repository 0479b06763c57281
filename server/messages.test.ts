import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../common/i18n/languages';
import type { ApiError } from '../common/schemas/errors';
import { ACCOUNT_RATE_RULES } from './routes/account/rateLimits';
import {
  createEvent,
  createModerator,
  createUser,
  sessionCookieFor,
  validEventInput,
} from './testing/factories';
import { startTestServer, type TestServer } from './testing/harness';
import { awayFromWindowEdge } from './testing/windows';

/**
 * Errors are answered in the request's language (`?lang=`, the `lang` cookie, `Accept-Language`),
 * English by default and worded as ever, always with the message's stable code
 * (docs/PRODUCT.md#messages).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function errorOf(
  path: string,
  init: RequestInit = {},
): Promise<ApiError['error'] & { status: number }> {
  const res = await server.fetch(path, init);
  return { status: res.status, ...((await res.json()) as ApiError).error };
}

describe('error messages', () => {
  it('404: English by default, Arabic for Accept-Language: ar, French for the cookie lang=fr', async () => {
    expect(await errorOf('/api/nothing-here')).toEqual({
      status: 404,
      code: 'not_found',
      message: 'Not found.',
      messageCode: 'notFound',
    });
    const arabic = await errorOf('/api/nothing-here', { headers: { 'accept-language': 'ar-EG,ar;q=0.9' } });
    expect(arabic).toEqual({
      status: 404,
      code: 'not_found',
      message: 'غير موجود.',
      messageCode: 'notFound',
    });
    const french = await errorOf('/api/nothing-here', {
      method: 'DELETE',
      headers: { cookie: 'lang=fr', 'accept-language': 'ar' },
    });
    expect(french).toEqual({
      status: 404,
      code: 'not_found',
      message: 'Introuvable.',
      messageCode: 'notFound',
    });
  });

  it('413 from Fastify itself, translated', async () => {
    const big = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: ' '.repeat(100_000),
    };
    expect(await errorOf('/api/events', big)).toMatchObject({
      status: 413,
      message: 'The request body is too large.',
      messageCode: 'tooLarge',
    });
    expect(
      await errorOf('/api/events?lang=de', { ...big, headers: { ...big.headers, 'accept-language': 'fr' } }),
    ).toMatchObject({ status: 413, message: 'Der Inhalt der Anfrage ist zu groß.', messageCode: 'tooLarge' });
  });

  it('a refused submission: the same codes in every language, its words in the request’s', async () => {
    const cookie = await sessionCookieFor(server.store, await createUser(server.store));
    const body = JSON.stringify(
      validEventInput({ title: 'x'.repeat(201), description: ' ', sourceLink: 'ftp://example.org/march' }),
    );
    const submit = (headers: Record<string, string> = {}, extraCookie = '') =>
      errorOf('/api/events', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookie + extraCookie, ...headers },
        body,
      });
    const codes = {
      status: 400,
      code: 'validation_failed',
      messageCode: 'field.tooLong',
      messageParams: { label: 'eventTitle', max: 200 },
      fieldCodes: {
        title: { code: 'field.tooLong', params: { label: 'eventTitle', max: 200 } },
        description: { code: 'event.descriptionRequired' },
        sourceLink: { code: 'link.webScheme' },
      },
    };
    expect(await submit()).toEqual({
      ...codes,
      message: 'Event title must be at most 200 characters',
      fields: {
        title: 'Event title must be at most 200 characters',
        description: 'Event description is required',
        sourceLink: 'The link must start with http:// or https://',
      },
    });
    expect(await submit({ 'accept-language': 'ar' })).toEqual({
      ...codes,
      message: 'يجب ألا يزيد عدد أحرف حقل «عنوان الفعالية» على 200',
      fields: {
        title: 'يجب ألا يزيد عدد أحرف حقل «عنوان الفعالية» على 200',
        description: 'وصف الفعالية مطلوب',
        // The schemes isolated, so that they read left to right ("https://", not "//:https").
        sourceLink: 'يجب أن يبدأ الرابط بـ \u2066http://\u2069 أو \u2066https://\u2069',
      },
    });
    expect(await submit({ 'accept-language': 'ar' }, '; lang=fr')).toEqual({
      ...codes,
      message: 'Le champ «\u00a0Titre de l’événement\u00a0» ne doit pas dépasser 200 caractères',
      fields: {
        title: 'Le champ «\u00a0Titre de l’événement\u00a0» ne doit pas dépasser 200 caractères',
        description: 'La description de l’événement est obligatoire',
        sourceLink: 'Le lien doit commencer par http:// ou https://',
      },
    });
  });

  it('a refused sign-in in Spanish, with the same code', async () => {
    const res = await errorOf('/api/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'es-ES' },
      body: JSON.stringify({ email: 'nobody@example.org', password: 'not-it' }),
    });
    expect(res).toEqual({
      status: 401,
      code: 'auth/invalid-credential',
      message: 'Correo electrónico o contraseña incorrectos. Revisa tus datos e inténtalo de nuevo.',
      messageCode: 'auth.invalidCredential',
    });
  });

  it('Fastify’s own refusals say the catalog’s message in every language, English too, never Fastify’s', async () => {
    const send = (language: string, contentType: string, body: string) =>
      errorOf(`/api/events?lang=${language}`, {
        method: 'POST',
        headers: { 'content-type': contentType, origin: server.url },
        body,
      });
    for (const { code: language } of LANGUAGES) {
      const catalog = JSON.parse(
        readFileSync(new URL(`../web/locales/${language}/messages.json`, import.meta.url), 'utf8'),
      ) as Record<string, string>;
      for (const [contentType, body, status, code, messageCode] of [
        ['application/json', '{"title": ', 400, 'FST_ERR_CTP_INVALID_JSON_BODY', 'invalidBody'],
        ['application/json', '', 400, 'FST_ERR_CTP_EMPTY_JSON_BODY', 'invalidBody'],
        ['application/xml', '<title/>', 415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE', 'unsupportedMediaType'],
      ] as const) {
        expect(await send(language, contentType, body), `${language} ${code}`).toEqual({
          status,
          code,
          message: catalog[messageCode],
          messageCode,
        });
      }
    }
  });

  it('what zod would say in its own English is coded too: a body that is no object, a repeated parameter', async () => {
    const cookie = await sessionCookieFor(server.store, await createUser(server.store));
    for (const body of ['"a title"', '[]', '42']) {
      expect(
        await errorOf('/api/events', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'accept-language': 'fr',
            origin: server.url,
            cookie,
          },
          body,
        }),
      ).toMatchObject({
        status: 400,
        code: 'validation_failed',
        messageCode: 'invalidBody',
        message: 'Le corps de la requête doit être un objet JSON',
      });
    }
    expect(
      await errorOf('/api/events?search=gaza&search=march', { headers: { 'accept-language': 'ar' } }),
    ).toMatchObject({
      status: 400,
      messageCode: 'param.text',
      messageParams: { param: 'search' },
      message: 'يجب أن تكون قيمة search نصًا، مرة واحدة',
    });
  });

  it('the Google pop-up tells a refusal, and everything else it says, in the request’s language', async () => {
    const res = await server.fetch('/api/auth/google/start?lang=fr');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<html lang="fr" dir="ltr">');
    expect(html).toContain('<title>Connexion avec Google</title>');
    expect(html).toContain('<p>La connexion avec Google n’est pas configurée sur ce serveur.</p>');
    expect(html).toContain('<a href="/auth">Retour à la connexion</a>');
    const arabic = await (await server.fetch('/api/auth/google/start?lang=ar')).text();
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain('العودة إلى تسجيل الدخول');
    expect(html).toContain('&#34;code&#34;:&#34;auth/operation-not-allowed&#34;');
  });

  it('an account’s answers and refusals in the request’s language too', async () => {
    const cookie = await sessionCookieFor(server.store, await createUser(server.store));
    const post = (path: string, body: unknown) =>
      server.fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `${cookie}; lang=de` },
        body: JSON.stringify(body),
      });
    // An account without a password deletes only after confirming with Google (docs/PRODUCT.md#deleting-an-account).
    const refused = await post('/api/account/delete', {});
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ApiError).error).toEqual({
      code: 'reauthentication_required',
      message:
        'Bestätigen Sie zuerst mit Google: Um Ihr Konto zu löschen, müssen Sie sich in den letzten 5 Minuten erneut bei Google angemeldet haben.',
      messageCode: 'account.reauthenticationRequired',
      messageParams: { minutes: 5 },
    });
    const ended = await post('/api/account/sign-out-everywhere', {});
    expect(await ended.json()).toEqual({
      ok: true,
      message: 'Sie sind auf allen Geräten abgemeldet, auch auf diesem.',
      endedSessions: 0,
    });
  });

  it('429: the limit’s own sentence in the request’s language, with Retry-After', async () => {
    const rule = ACCOUNT_RATE_RULES.exportData;
    await awayFromWindowEdge(rule.windowMs);
    const cookie = await sessionCookieFor(server.store, await createUser(server.store));
    const get = () => server.fetch('/api/account/export', { headers: { cookie, 'accept-language': 'ur' } });
    for (let i = 0; i < rule.limit; i++) expect((await get()).status).toBe(200);
    const refused = await get();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as ApiError).error).toEqual({
      code: 'rate_limited',
      message:
        'آپ اس گھنٹے میں کئی بار اپنا ڈیٹا ڈاؤن لوڈ کر چکے ہیں۔ براہِ کرم کچھ دیر انتظار کر کے دوبارہ کوشش کریں۔',
      messageCode: 'rateLimit.exports',
    });
  });

  it('a moderation action that came too late (409) in Italian, with its code', async () => {
    const cookie = await sessionCookieFor(server.store, await createModerator(server.store));
    const event = await createEvent(server.store, { status: 'approved' });
    const res = await errorOf(`/api/moderation/events/${event.id}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'accept-language': 'it-IT,it;q=0.9,en;q=0.5' },
      body: JSON.stringify({}),
    });
    expect(res).toEqual({
      status: 409,
      code: 'status_changed',
      message: 'Questo evento è già stato approvato, forse da un altro moderatore.',
      messageCode: 'moderation.alreadyApproved',
    });
  });

  it('an edit based on a stale version (409) in Turkish, with its code', async () => {
    const user = await createUser(server.store);
    const cookie = await sessionCookieFor(server.store, user);
    const event = await createEvent(server.store, { status: 'pending', createdBy: user.id });
    const res = await errorOf(`/api/events/${event.id}/edit?lang=tr`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ ...validEventInput(), version: event.version + 1 }),
    });
    expect(res).toEqual({
      status: 409,
      code: 'stale_version',
      message:
        'Bu etkinlik, siz açtıktan sonra değişti. Neyin değiştiğini görmek için yeniden yükleyin, ardından değişikliklerinizi tekrar yapın.',
      messageCode: 'event.stale',
    });
  });
});
