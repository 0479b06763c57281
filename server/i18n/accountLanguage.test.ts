// The account remembers its language (docs/PRODUCT.md#languages): set at sign-up, by `?lang=` on any
// page while signed in, and handed to a browser that has no choice of its own at sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordAccount, createUser, sessionCookieFor } from '../testing/factories';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let ipCounter = 0;
/** Each sign-up or sign-in from its own address, so the per-IP limits stay out of the way. */
const freshIp = () => {
  ipCounter += 1;
  return `10.77.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  server.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp(), ...headers },
    body: JSON.stringify(body),
  });

const languageOf = async (id: string) =>
  (
    await server.store.db
      .selectFrom('users')
      .select('language')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).language;

const languageOfEmail = async (email: string) =>
  (
    await server.store.db
      .selectFrom('users')
      .select('language')
      .where('email_lc', '=', email.toLowerCase())
      .executeTakeFirstOrThrow()
  ).language;

/** The `lang=…` pair a response sets, or '' when it sets none. */
const langCookie = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('lang='))
    ?.split(';')[0] ?? '';

let n = 0;
const newEmail = () => {
  n += 1;
  return `lang-${n}-${Date.now()}@example.org`;
};

describe('the account’s language', () => {
  it('is the language of the sign-up: the remembered choice, else the browser’s', async () => {
    const chosen = newEmail();
    const byCookie = await post(
      '/api/auth/sign-up',
      { name: 'Amal', email: chosen, password: 'olive-tree-1948' },
      { cookie: 'lang=ar', 'accept-language': 'fr' },
    );
    expect(byCookie.status).toBe(201);
    expect(await languageOfEmail(chosen)).toBe('ar');

    const browsers = newEmail();
    const byHeader = await post(
      '/api/auth/sign-up',
      { name: 'Inès', email: browsers, password: 'olive-tree-1948' },
      { 'accept-language': 'fr-CA,fr;q=0.9' },
    );
    expect(byHeader.status).toBe(201);
    expect(await languageOfEmail(browsers)).toBe('fr');
  });

  it('follows `?lang=` on any of the app’s pages while signed in, and only then', async () => {
    const person = await createUser(server.store, { language: 'en' });
    const cookie = await sessionCookieFor(server.store, person);
    // (This server has no built web app: its pages answer 404, after the choice is taken.)
    await server.fetch('/about?lang=ur', { headers: { cookie } });
    expect(await languageOf(person.id)).toBe('ur');
    // The same choice again changes nothing; another one is remembered.
    await server.fetch('/?type=protest&lang=ur', { headers: { cookie } });
    expect(await languageOf(person.id)).toBe('ur');
    await server.fetch('/log?lang=de', { headers: { cookie: `${cookie}; lang=ur` } });
    expect(await languageOf(person.id)).toBe('de');
    // Not a language we speak, not a GET, or not this person's session: nothing.
    await server.fetch('/about?lang=xx', { headers: { cookie } });
    await server.fetch('/api/auth/sign-out?lang=es', { method: 'POST', headers: { cookie } });
    expect(await languageOf(person.id)).toBe('de');
    const other = await createUser(server.store);
    await server.fetch('/about?lang=it', { headers: { cookie: 'sid=not-a-session' } });
    expect(await languageOf(other.id)).toBeNull();
  });

  it('is not changed, nor the browser’s choice, by a file, a feed, the embed or an API call in another language', async () => {
    const person = await createUser(server.store, { language: 'de' });
    const cookie = `${await sessionCookieFor(server.store, person)}; lang=de`;
    for (const path of [
      '/feed.xml?lang=fr',
      '/calendar.ics?type=protest&lang=fr',
      '/embed?lang=tr',
      '/api/events?lang=es',
      '/api/auth/session?lang=it',
    ]) {
      const res = await server.fetch(path, { headers: { cookie } });
      expect(res.status, path).toBe(200);
      // Answered in the language asked for all the same (a feed's own words), without remembering it.
      expect(res.headers.get('content-language') ?? '', path).not.toBe('de');
      expect(langCookie(res), path).toBe('');
    }
    expect(await languageOf(person.id)).toBe('de');
  });

  it('is handed to a browser without a choice of its own at sign-in', async () => {
    const person = await createPasswordAccount(server.store, { language: 'ar' });
    const res = await post('/api/auth/sign-in', { email: person.email, password: person.password });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('lang=')) ?? '';
    expect(cookie).toMatch(/^lang=ar; Max-Age=\d+; Path=\/; SameSite=Lax/);
  });

  it('leaves a browser’s own choice alone at sign-in, and takes it when the account has none', async () => {
    const arabic = await createPasswordAccount(server.store, { language: 'ar' });
    const keeps = await post(
      '/api/auth/sign-in',
      { email: arabic.email, password: arabic.password },
      { cookie: 'lang=fr' },
    );
    expect(keeps.status).toBe(200);
    expect(langCookie(keeps)).toBe('');
    expect(await languageOf(arabic.id)).toBe('ar');

    const none = await createPasswordAccount(server.store);
    const takes = await post(
      '/api/auth/sign-in',
      { email: none.email, password: none.password },
      { cookie: 'lang=id' },
    );
    expect(takes.status).toBe(200);
    expect(langCookie(takes)).toBe('');
    expect(await languageOf(none.id)).toBe('id');

    // Neither has one: nothing is set, nothing is written.
    const neither = await createPasswordAccount(server.store);
    const plain = await post('/api/auth/sign-in', { email: neither.email, password: neither.password });
    expect(langCookie(plain)).toBe('');
    expect(await languageOf(neither.id)).toBeNull();
  });
});
