// The sign-in and submit forms without JavaScript (POST /auth, POST /submit): the JSON API's rules and
// limits, a session cookie and a 303 on success, the page again with the refusal and what was sent
// otherwise, and cross-site posts refused. A stand-in renderer writes the form state it was given into
// the page, so these tests read exactly what the page would be rendered from.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PostedForm } from '../../common/postedForms';
import { AUTH_RATE_RULES } from '../auth/rateLimits';
import { getEventById } from '../store/events';
import { createPasswordAccount, createUser, sessionCookieFor, validEventInput } from '../testing/factories';
import { startTestServer, type TestServer } from '../testing/harness';
import { makeWebBuild } from '../testing/webBuild';
import { awayFromWindowEdge } from '../testing/windows';

const TEMPLATE = `<!doctype html><html><head><title>%TITLE%</title>%HEAD%</head><body>
    <div id="root"></div>
    <noscript>%NOSCRIPT%</noscript>
  </body></html>`;
// What the page is rendered from: the URL, who the session says is signed in, and the refused form.
const RENDERER = `
export async function render(url, fetchJson, config, options) {
  const seen = { url, user: options.session.user ? options.session.user.name : null, posted: options.posted ?? null };
  return { html: '<pre id="seen">' + JSON.stringify(seen).replace(/</g, '\\\\u003c') + '</pre>', state: { queries: [] }, namespaces: [] };
}
`;

interface Seen {
  url: string;
  user: string | null;
  posted: { form: string; data: PostedForm } | null;
}

let dir: string;
let server: TestServer;
beforeAll(async () => {
  dir = makeWebBuild('forms', { template: TEMPLATE, renderer: RENDERER });
  server = await startTestServer({ webRoot: join(dir, 'web') });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `10.9.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/** A form post as a browser without JavaScript sends it, from this site unless `origin` says otherwise. */
function postForm(
  path: string,
  fields: Record<string, string> | [string, string][],
  options: { cookie?: string; origin?: string; ip?: string } = {},
): Promise<Response> {
  return server.fetch(path, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: options.origin ?? server.url,
      'sec-fetch-site': options.origin ? 'cross-site' : 'same-origin',
      'x-forwarded-for': options.ip ?? freshIp(),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

async function seen(res: Response): Promise<Seen> {
  const html = await res.text();
  expect(res.headers.get('content-type')).toContain('text/html');
  const json = /<pre id="seen">(.*?)<\/pre>/s.exec(html)?.[1];
  expect(json, html.slice(0, 300)).toBeDefined();
  return JSON.parse(json ?? 'null') as Seen;
}

/** The refusal the page was rendered with, as the API words it. */
function refusal(page: Seen): { code: string; fields: Record<string, string> } {
  expect(page.posted).not.toBeNull();
  return (
    (page.posted?.data.error as { error: { code: string; fields: Record<string, string> } } | undefined)
      ?.error ?? { code: '', fields: {} }
  );
}

const sessionPair = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))
    ?.split(';')[0];

async function sessionUser(cookie: string): Promise<string | null> {
  const res = await server.fetch('/api/auth/session', { headers: { cookie } });
  return ((await res.json()) as { user: { name: string } | null }).user?.name ?? null;
}

describe('POST /auth (sign in and up without JavaScript)', () => {
  it('signs up, sets the session cookie and goes on to a path of this site with a 303', async () => {
    const email = `form-up-${Date.now()}@example.org`;
    const res = await postForm('/auth?next=%2Fsubmit', {
      intent: 'signUp',
      name: 'Amal',
      email,
      password: 'olive trees',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/submit');
    const cookie = sessionPair(res);
    expect(cookie).toBeDefined();
    expect(await sessionUser(cookie ?? '')).toBe('Amal');
    expect(res.headers.getSetCookie().find((c) => c.startsWith('sid='))).toContain('HttpOnly');
  });

  it('signs in and goes home when `next` is another site or the sign-in page itself', async () => {
    const account = await createPasswordAccount(server.store, { name: 'Karim', password: 'right one' });
    for (const next of ['https%3A%2F%2Fevil.example%2F', '%2F%2Fevil.example', '%2Fauth', '']) {
      const res = await postForm(`/auth?next=${next}`, {
        intent: 'signIn',
        email: ` ${account.email} `,
        password: 'right one',
      });
      expect(res.status, next).toBe(303);
      expect(res.headers.get('location'), next).toBe('/');
      expect(await sessionUser(sessionPair(res) ?? '')).toBe('Karim');
    }
  });

  it('answers a wrong password with the page again: 401, the message, the email kept, no password', async () => {
    const account = await createPasswordAccount(server.store, { password: 'right one' });
    const res = await postForm('/auth?next=%2Flog', {
      intent: 'signIn',
      email: account.email,
      password: 'wrong one',
    });
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('sid='))).toBe(false);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = await seen(res);
    expect(page.url).toBe('/auth?next=%2Flog');
    expect(page.user).toBeNull();
    expect(page.posted?.form).toBe('auth');
    expect(page.posted?.data).toMatchObject({
      intent: 'signIn',
      values: { email: account.email },
      status: 401,
      error: { error: { code: 'auth/invalid-credential', messageCode: 'auth.invalidCredential' } },
    });
    expect(JSON.stringify(page.posted)).not.toContain('wrong one');
  });

  it('answers sign-up validation errors in the request’s language, with the values kept', async () => {
    const res = await server.fetch('/auth?lang=fr', {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: server.url,
        'x-forwarded-for': freshIp(),
      },
      body: new URLSearchParams({
        intent: 'signUp',
        name: 'Léa',
        email: 'not-an-email',
        password: '123',
      }).toString(),
    });
    expect(res.status).toBe(400);
    const page = await seen(res);
    expect(page.posted?.data.values).toEqual({ name: 'Léa', email: 'not-an-email' });
    const error = refusal(page);
    expect(error.code).toBe('auth/invalid-email');
    expect(Object.keys(error.fields).sort()).toEqual(['email', 'password']);
    // In French, as the API answers in the request's language.
    expect(error.fields.email).not.toMatch(/valid email/i);
  });

  it('sends someone signed in already from the sign-in page on where they were going', async () => {
    const cookie = await sessionCookieFor(server.store, await createUser(server.store));
    const res = await server.fetch('/auth?next=%2Flog', { redirect: 'manual', headers: { cookie } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/log');
    const away = await server.fetch('/auth?next=%2F%2Fevil.example', {
      redirect: 'manual',
      headers: { cookie },
    });
    expect(away.headers.get('location')).toBe('/');
    // A visitor, or a session that ended, gets the page.
    expect((await server.fetch('/auth?next=%2Flog', { redirect: 'manual' })).status).toBe(200);
    const ended = await server.fetch('/auth', {
      redirect: 'manual',
      headers: { cookie: 'sid=no-such-session' },
    });
    expect(ended.status).toBe(200);
  });

  it('refuses a post from another site before reading it, and signs no one in', async () => {
    const account = await createPasswordAccount(server.store, { password: 'right one' });
    const res = await postForm(
      '/auth',
      { intent: 'signIn', email: account.email, password: 'right one' },
      { origin: 'https://attacker.example' },
    );
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('cross_site_request');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('sid='))).toBe(false);
  });

  it('counts attempts against the same limits as the API: 429 with the message and Retry-After', async () => {
    const rule = AUTH_RATE_RULES.signInAccount;
    await awayFromWindowEdge(rule.windowMs);
    const account = await createPasswordAccount(server.store, { password: 'the-real-one' });
    // Half through the API, half through the form: one allowance.
    for (let i = 0; i < rule.limit; i++) {
      const res =
        i % 2 === 0
          ? await server.fetch('/api/auth/sign-in', {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
              body: JSON.stringify({ email: account.email, password: `guess-${i}` }),
            })
          : await postForm('/auth', { intent: 'signIn', email: account.email, password: `guess-${i}` });
      expect(res.status).toBe(401);
    }
    const res = await postForm('/auth', { intent: 'signIn', email: account.email, password: 'the-real-one' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const page = await seen(res);
    expect(page.posted?.data.error).toMatchObject({
      error: { code: 'rate_limited', messageCode: 'rateLimit.signInAccount' },
    });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('sid='))).toBe(false);
  }, 60_000);
});

/** The submit form's fields as the browser sends them: every field, text only. */
function eventFields(overrides: Record<string, string> = {}): Record<string, string> {
  const input = validEventInput() as Record<string, unknown>;
  const fields: Record<string, string> = {
    endDate: '',
    endTime: '',
    attendance: 'in_person',
    venue: '',
    address: '',
    joinUrl: '',
    placeVisibility: 'everyone',
    placeHoursBefore: '24',
    organizer: '',
    accessibility: '',
  };
  for (const [name, value] of Object.entries(input)) if (typeof value === 'string') fields[name] = value;
  return { ...fields, ...overrides };
}

describe('POST /submit (submitting without JavaScript)', () => {
  it('stores the event pending and sends the browser to the page’s submitted state', async () => {
    const user = await createUser(server.store);
    const cookie = await sessionCookieFor(server.store, user);
    const res = await postForm('/submit', eventFields({ title: 'Plain form vigil' }), { cookie });
    expect(res.status).toBe(303);
    const id = /^\/submit\?submitted=(\w{16})$/.exec(res.headers.get('location') ?? '')?.[1];
    expect(id).toBeDefined();
    const row = await getEventById(server.store.db, id ?? '');
    expect(row).toMatchObject({ title: 'Plain form vigil', status: 'pending', created_by: user.id });
    // A field its choice does not need (a link to join for an event in person) is not kept.
    expect(row?.join_url ?? null).toBeNull();
  });

  it('answers invalid fields with the page again: 400, the field messages, everything typed kept', async () => {
    const cookie = await sessionCookieFor(server.store, await createUser(server.store));
    const fields = eventFields({ title: 'Kept title', sourceLink: '', date: '' });
    const res = await postForm('/submit', fields, { cookie });
    expect(res.status).toBe(400);
    const page = await seen(res);
    expect(page.user).not.toBeNull();
    expect(page.posted?.form).toBe('submit');
    expect(page.posted?.data.values).toEqual(fields);
    const error = refusal(page);
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields)).toEqual(expect.arrayContaining(['date', 'sourceLink']));
  });

  it('submits a series from the plain Repeats controls; a refused rule comes back with its message and choices', async () => {
    const user = await createUser(server.store);
    const cookie = await sessionCookieFor(server.store, user);
    const plain = (weekdays: string[]): [string, string][] => [
      ...Object.entries(eventFields({ title: 'Plain series', date: '2031-03-14', time: '18:00' })),
      ['repeats', 'biweekly'],
      ...weekdays.map((day): [string, string] => ['repeatsWeekdays', day]),
      ['repeatsNth', '1'],
      ['repeatsEnds', 'count'],
      ['repeatsCount', '3'],
      ['repeatsUntil', ''],
    ];
    const refused = await postForm('/submit', plain([]), { cookie });
    expect(refused.status).toBe(400);
    const page = await seen(refused);
    expect(refusal(page).fields).toEqual({ 'repeats.weekdays': 'Choose at least one weekday' });
    expect(page.posted?.data.values).toMatchObject({
      repeats: 'biweekly',
      repeatsCount: '3',
      repeatsEnds: 'count',
    });

    const res = await postForm('/submit', plain(['TU', 'FR']), { cookie });
    expect(res.status).toBe(303);
    const id = /^\/submit\?submitted=(\w{16})$/.exec(res.headers.get('location') ?? '')?.[1] ?? '';
    const first = await getEventById(server.store.db, id);
    expect(first).toMatchObject({ title: 'Plain series', status: 'pending', series_position: 0 });
    const dates = await server.store.db
      .selectFrom('events')
      .select('series_date')
      .where('series_id', '=', first?.series_id ?? '')
      .orderBy('series_position')
      .execute();
    // Every 2 weeks on Tuesdays and Fridays from Friday 14 March: the 14th, then the week after next.
    expect(dates.map((d) => d.series_date)).toEqual(['2031-03-14', '2031-03-25', '2031-03-28']);
  });

  it('answers a visitor with the page again (401), which asks them to sign in, and stores nothing', async () => {
    const before = await server.store.db.selectFrom('events').select('id').execute();
    const res = await postForm('/submit', eventFields());
    expect(res.status).toBe(401);
    expect((await seen(res)).user).toBeNull();
    expect(await server.store.db.selectFrom('events').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses a post from another site, and stores nothing', async () => {
    const cookie = await sessionCookieFor(server.store, await createUser(server.store));
    const before = await server.store.db.selectFrom('events').select('id').execute();
    const res = await postForm('/submit', eventFields(), { cookie, origin: 'https://attacker.example' });
    expect(res.status).toBe(403);
    expect(await server.store.db.selectFrom('events').select('id').execute()).toHaveLength(before.length);
  });

  it('shares the API’s limit of 10 submissions an hour', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2032-03-03T10:20:00Z') });
    const cookie = await sessionCookieFor(server.store, await createUser(server.store));
    for (let i = 0; i < 10; i++) {
      const res =
        i % 2 === 0
          ? await server.fetch('/api/events', {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie },
              body: JSON.stringify(validEventInput()),
            })
          : await postForm('/submit', eventFields(), { cookie });
      expect(res.status).toBe(i % 2 === 0 ? 201 : 303);
    }
    const refused = await postForm('/submit', eventFields(), { cookie });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(40 * 60));
    expect((await seen(refused)).posted?.data.error).toMatchObject({
      error: { code: 'rate_limited', messageCode: 'rateLimit.submitHour' },
    });
  });
});
