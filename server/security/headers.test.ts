import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRow } from '../store/schema';
import { createEvent, createPasswordAccount, createUser, sessionCookieFor } from '../testing/factories';
import { startTestServer, type TestServer } from '../testing/harness';
import { freshIp, pageTemplateRoot } from './support';

/** Payloads in every free-text field of an event (title, description, organizer, city). */
const XSS = {
  title: '<script>alert("title")</script>Hostile vigil',
  description: '<img src=x onerror=alert("description")> and </textarea><script>alert(2)</script>',
  organizer: `"'><svg onload=alert("organizer")>`,
  city: '</title><script>alert("city")</script>',
};

let server: TestServer;
let template: ReturnType<typeof pageTemplateRoot>;
let hostile: EventRow;
let benign: EventRow;
let pending: EventRow;

beforeAll(async () => {
  template = pageTemplateRoot();
  server = await startTestServer({ webRoot: template.dir });
  const store = server.store;
  hostile = await createEvent(store, { ...XSS, country: 'Hostileland' });
  benign = await createEvent(store, {
    title: 'Benign vigil',
    description: 'A quiet vigil.',
    organizer: 'Friends',
    city: 'Leeds',
    country: 'Benignland',
  });
  pending = await createEvent(store, { status: 'pending' });
});

afterAll(async () => {
  await server.close();
  template.remove();
});

/** `default-src 'self'; script-src 'self'` → { 'default-src': ["'self'"], … } */
function parseCsp(header: string | null): Record<string, string[]> {
  const directives: Record<string, string[]> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives[name.toLowerCase()] = values;
  }
  return directives;
}

/** What every answer must carry, framable or not. */
function expectStrictBasics(res: Response, label: string): Record<string, string[]> {
  const csp = parseCsp(res.headers.get('content-security-policy'));
  const scripts = csp['script-src'] ?? csp['default-src'];
  expect(scripts, `${label}: script-src`).toBeDefined();
  for (const loose of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:']) {
    expect(scripts, `${label}: script-src must not allow ${loose}`).not.toContain(loose);
  }
  expect(csp['default-src'], label).toEqual(["'self'"]);
  expect(csp['object-src'], label).toEqual(["'none'"]);
  expect(csp['base-uri'], label).toEqual(["'self'"]);
  expect(csp['form-action'], label).toEqual(["'self'"]);
  expect(res.headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), label).toBe('strict-origin-when-cross-origin');
  return csp;
}

/** Every kind of answer the server gives: pages, the API, feeds, errors. */
const UNFRAMABLE = [
  '/',
  '/moderation',
  '/log',
  '/subscribe',
  '/api/docs',
  '/api/openapi.json',
  '/api/events',
  '/api/health',
  '/api/auth/session',
  '/api/auth/google/start',
  '/api/events/AAAAAAAAAAAAAAAA',
  '/api/nothing-here',
  '/feed.xml',
  '/calendar.ics',
  '/sitemap.xml',
  '/robots.txt',
];

describe('security headers', () => {
  it("sends a strict CSP, nosniff, a Referrer-Policy and frame-ancestors 'none' on everything but the embed", async () => {
    const paths = [...UNFRAMABLE, `/event/${benign.id}`, `/event/${pending.id}`, `/event/${benign.id}.ics`];
    for (const path of paths) {
      const res = await server.fetch(path);
      await res.arrayBuffer();
      expect(res.status, path).toBeLessThan(500);
      const csp = expectStrictBasics(res, path);
      expect(csp['frame-ancestors'], path).toEqual(["'none'"]);
      // Browsers without frame-ancestors: helmet's SAMEORIGIN (no other site may frame it either).
      expect(res.headers.get('x-frame-options'), path).toMatch(/^(DENY|SAMEORIGIN)$/);
      // No page may ask for camera, microphone, location or payment, nor anything it frames.
      const permissions = res.headers.get('permissions-policy') ?? '';
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'browsing-topics']) {
        expect(permissions, path).toContain(`${feature}=()`);
      }
    }
  });

  it('marks every answer made for a signed-in person, and every answer setting a cookie, private, no-store', async () => {
    const cookie = await sessionCookieFor(server.store, await createUser(server.store));
    const personal = [
      '/api/events',
      `/api/events/${benign.id}`,
      `/api/events/${benign.id}/ics`,
      '/api/auth/session',
      '/api/log',
      '/',
      `/event/${benign.id}`,
      // Every page of the app shows who is signed in (common/renderedPages.ts).
      '/about',
      '/log',
      '/submit',
      '/moderation',
    ];
    for (const path of personal) {
      const res = await server.fetch(path, { headers: { cookie } });
      await res.arrayBuffer();
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
    }
    // Without a session the public answers stay cacheable.
    const visitor = await server.fetch(`/api/events/${benign.id}/ics`);
    expect(visitor.headers.get('cache-control')).toBe('public, max-age=300');
    const signIn = await server.fetch('/api/auth/sign-out', { method: 'POST', headers: { cookie } });
    expect(signIn.headers.get('set-cookie')).toContain('sid=');
    expect(signIn.headers.get('cache-control')).toBe('private, no-store');
  });

  it('lets other sites frame the embed page, and only it, with the rest of the policy intact', async () => {
    for (const path of ['/embed', '/embed?type=protest&limit=5', '/embed?limit=nonsense']) {
      const res = await server.fetch(path);
      await res.arrayBuffer();
      const csp = expectStrictBasics(res, path);
      expect(csp['frame-ancestors'], path).toEqual(['*']);
      expect(res.headers.get('x-frame-options'), path).toBeNull();
    }
  });

  it('serves pages with no inline script the CSP would have to allow', async () => {
    for (const path of ['/', '/subscribe', '/api/docs', '/embed', `/event/${hostile.id}`]) {
      const html = await (await server.fetch(path)).text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1] ?? '');
      for (const attrs of scripts) {
        // External scripts, or JSON-LD (data the browser never runs).
        expect(
          /\bsrc=/.test(attrs) || /type="application\/ld\+json"/.test(attrs),
          `${path}: <script${attrs}>`,
        ).toBe(true);
      }
    }
  });

  it('sends HSTS only when PUBLIC_URL is https', async () => {
    const plain = await server.fetch('/api/health');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    expect(
      parseCsp(plain.headers.get('content-security-policy'))['upgrade-insecure-requests'],
    ).toBeUndefined();

    const secure = await startTestServer({ env: { PUBLIC_URL: 'https://calendar.example.org' } });
    try {
      for (const path of ['/api/health', '/embed', '/feed.xml']) {
        const res = await secure.fetch(path);
        const hsts = res.headers.get('strict-transport-security') ?? '';
        expect(hsts, path).toMatch(/max-age=(\d+)/);
        expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(180 * 24 * 3600);
        expect(hsts).toContain('includeSubDomains');
        expect(parseCsp(res.headers.get('content-security-policy'))['upgrade-insecure-requests']).toEqual([]);
      }
    } finally {
      await secure.close();
    }
  });
});

/** The attributes of the `sid` cookie in a response, lower-cased names. */
function sessionCookie(res: Response): { value: string; attrs: Record<string, string | true> } {
  const line = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  expect(line, 'a sid cookie is set').toBeDefined();
  const [pair, ...rest] = (line ?? '').split(';').map((s) => s.trim());
  const attrs: Record<string, string | true> = {};
  for (const item of rest) {
    const [k, v] = item.split('=');
    attrs[k!.toLowerCase()] = v ?? true;
  }
  return { value: pair!.slice('sid='.length), attrs };
}

describe('session cookie flags', () => {
  for (const publicUrl of ['http://localhost:3000', 'https://calendar.example.org']) {
    const secure = publicUrl.startsWith('https:');
    it(`sets HttpOnly, SameSite=Lax, Path=/${secure ? ' and Secure' : ', not Secure'} (${publicUrl})`, async () => {
      const app = await startTestServer({ env: { PUBLIC_URL: publicUrl } });
      try {
        const account = await createPasswordAccount(app.store);
        const post = (path: string, body: unknown, cookie?: string) =>
          app.fetch(path, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': freshIp(),
              ...(cookie ? { cookie } : {}),
            },
            body: JSON.stringify(body),
          });
        const signUp = await post('/api/auth/sign-up', {
          name: 'Cookie Person',
          email: `cookie-${Date.now()}@example.org`,
          password: 'long enough',
        });
        const signIn = await post('/api/auth/sign-in', { email: account.email, password: account.password });
        expect(signUp.status).toBe(201);
        expect(signIn.status).toBe(200);
        const given = sessionCookie(signIn);
        const signOut = await post('/api/auth/sign-out', {}, `sid=${given.value}`);
        expect(signOut.status).toBe(200);
        for (const [label, res] of [
          ['sign-up', signUp],
          ['sign-in', signIn],
          ['sign-out', signOut],
        ] as const) {
          const { attrs } = sessionCookie(res);
          expect(attrs.httponly, label).toBe(true);
          expect(String(attrs.samesite).toLowerCase(), label).toBe('lax');
          expect(attrs.path, label).toBe('/');
          expect(attrs.secure, label).toBe(secure ? true : undefined);
          expect(attrs.domain, `${label}: host-only cookie`).toBeUndefined();
        }
        // Sign-out clears it: empty value, expired.
        const cleared = sessionCookie(signOut);
        expect(cleared.value).toBe('');
        expect(new Date(String(cleared.attrs.expires)).getTime()).toBeLessThan(Date.now());
        // The token is never in a response body.
        expect(await signIn.text()).not.toContain(given.value);
      } finally {
        await app.close();
      }
    });
  }
});

/** Tag names in document order: text that became markup would add to it. */
function tags(html: string): string[] {
  return [...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)/g)].map((m) => m[1]!.toLowerCase());
}

describe('user text is never markup', () => {
  it('renders the event page of a hostile event with exactly the tags of a benign one', async () => {
    const bad = await (await server.fetch(`/event/${hostile.id}`)).text();
    const good = await (await server.fetch(`/event/${benign.id}`)).text();
    expect(tags(bad)).toEqual(tags(good));
    for (const payload of Object.values(XSS)) expect(bad).not.toContain(payload);
    expect(bad).not.toMatch(/<(img|svg)\b/i);
    // It is there, as text: the title is in the document title and the share tags.
    expect(bad).toContain('&#60;script&#62;alert(&#34;title&#34;)&#60;/script&#62;Hostile vigil');
  });

  it('renders the embed list of a hostile event with exactly the tags of a benign one', async () => {
    const bad = await (await server.fetch('/embed?search=hostileland')).text();
    const good = await (await server.fetch('/embed?search=benignland')).text();
    expect(bad).toContain('Hostile vigil');
    expect(good).toContain('Benign vigil');
    expect(tags(bad)).toEqual(tags(good));
    for (const payload of Object.values(XSS)) expect(bad).not.toContain(payload);
  });

  it('keeps it text in the RSS feed, whose descriptions readers render as HTML', async () => {
    const xml = await (await server.fetch('/feed.xml?search=hostileland')).text();
    const items = [...xml.matchAll(/<description>([\s\S]*?)<\/description>/g)].map((m) => m[1]!);
    expect(items.length).toBe(2); // the channel's and the event's
    for (const escaped of items) {
      // What a reader gets after XML parsing: HTML that must hold no tag made from user text.
      const html = escaped
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&');
      expect(tags(html).filter((t) => t !== 'br')).toEqual([]);
    }
    expect(xml).not.toContain('<script');
  });

  it('answers the API with the text as it was typed, as JSON', async () => {
    const res = await server.fetch(`/api/events/${hostile.id}`);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as { title: string; description: string; organizer: string };
    expect(body.title).toBe(XSS.title);
    expect(body.organizer).toBe(XSS.organizer);
  });
});

describe('source links', () => {
  const submission = {
    title: 'Link test',
    description: 'Testing source links.',
    date: '2031-03-01',
    time: '12:00',
    timezone: 'Europe/London',
    city: 'London',
    country: 'United Kingdom',
    type: 'protest',
  };
  it('accepts only http(s) links, and stores nothing for any other', async () => {
    const user = await createUser(server.store);
    const cookie = await sessionCookieFor(server.store, user);
    const submit = (sourceLink: string) =>
      server.fetch('/api/events', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ ...submission, sourceLink }),
      });
    const refused = [
      'javascript:alert(document.cookie)',
      'JAVASCRIPT:alert(1)',
      '  javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.org/file',
      'mailto:someone@example.org',
      '//evil.example/path',
      '/relative/path',
      'https://',
      'https:// example.org',
    ];
    for (const link of refused) {
      const res = await submit(link);
      expect(res.status, link).toBe(400);
      const body = (await res.json()) as { error: { fields?: Record<string, string> } };
      expect(body.error.fields?.sourceLink, link).toBeDefined();
    }
    const stored = await server.store.db
      .selectFrom('events')
      .select('source_link')
      .where('created_by', '=', user.id)
      .execute();
    expect(stored).toEqual([]);
    for (const link of ['https://example.org/event', 'http://example.org/event?x=1']) {
      expect((await submit(link)).status, link).toBe(201);
    }
  });
});

describe('an address the router cannot read', () => {
  it('is the app’s 404 in the reader’s language, with every security header, never the framework’s JSON', async () => {
    const unreadable = ['%E0%A4%A', 'a'.repeat(3000)];
    for (const id of unreadable) {
      const page = await server.fetch(`/event/${id}`, { headers: { 'accept-language': 'fr' } });
      expect(page.status).toBe(404);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toContain('<html lang="fr"');

      const api = await server.fetch(`/api/events/${id}`);
      expect(api.status).toBe(404);
      expect(api.headers.get('content-security-policy')).toContain("default-src 'self'");
      const body = (await api.json()) as { error: { code: string; messageCode: string; message: string } };
      expect(body.error).toMatchObject({ code: 'not_found', messageCode: 'notFound' });
      expect(body.error.message).not.toContain(id.slice(0, 20));
    }
  });
});
