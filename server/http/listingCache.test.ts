import { rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EventList } from '../../common/schemas/events';
import { createEvent, createModerator, createUser, sessionCookieFor } from '../testing/factories';
import { startTestServer, type TestServer } from '../testing/harness';
import { makeWebBuild, RENDER_COUNTER, rendersIn } from '../testing/webBuild';
import { listingCacheKey } from './listingCache';

const DAY = 24 * 3600 * 1000;

/** One raw HTTP/1.1 exchange: the exact bytes the server wrote, with the Date line taken out. */
function rawExchange(url: string, path: string, method = 'GET', headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(url);
  return new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () =>
      resolve(
        Buffer.concat(chunks)
          .toString('utf8')
          .replace(/\r\nDate: [^\r]*/, ''),
      ),
    );
    const extra = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
    socket.write(
      `${method} ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n${extra.join('')}Connection: close\r\n\r\n`,
    );
  });
}

async function titles(server: TestServer, query = '', init?: RequestInit): Promise<string[]> {
  const res = await server.fetch(`/api/events${query}`, init);
  expect(res.status).toBe(200);
  return ((await res.json()) as EventList).events.map((e) => e.title);
}

describe('listing cache (1 s, the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await createEvent(server.store, { title: 'First vigil', startsAt: Date.now() + DAY });
  });
  afterAll(() => server.close());

  it('replays the miss byte for byte, security headers included, and does not query again', async () => {
    const miss = await rawExchange(server.url, '/api/events?type=protest&when=upcoming');
    // Written straight to the database: no request, so nothing tells this process's cache.
    await createEvent(server.store, { title: 'Direct write', type: 'protest', startsAt: Date.now() + DAY });
    const hit = await rawExchange(server.url, '/api/events?type=protest&when=upcoming');
    expect(hit).toBe(miss);
    expect(hit).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(hit).toContain("\r\nContent-Security-Policy: default-src 'self';");
    expect(hit).toContain('\r\nX-Content-Type-Options: nosniff\r\n');
    expect(hit).toContain('\r\nX-Frame-Options: SAMEORIGIN\r\n');
    expect(hit).toContain('\r\ncontent-type: application/json; charset=utf-8\r\n');
    expect(hit).not.toContain('Direct write');
    // The same parameters in another order are the same entry.
    expect(await titles(server, '?when=upcoming&type=protest')).not.toContain('Direct write');
    // Another query is another entry, computed now.
    expect(await titles(server, '?type=protest&when=upcoming&pageSize=50')).toContain('Direct write');
  });

  it('answers HEAD from the entry with the same headers and no body', async () => {
    const get = await rawExchange(server.url, '/api/events?search=vigil');
    const head = await rawExchange(server.url, '/api/events?search=vigil', 'HEAD');
    const [getHead, getBody] = get.split('\r\n\r\n');
    expect(head).toBe(`${getHead}\r\n\r\n`);
    expect(getBody).toContain('First vigil');
    expect(getHead).toContain(`content-length: ${Buffer.byteLength(getBody ?? '')}`);
    // HEAD with nothing cached yet goes through the app and answers the same headers.
    const cold = await rawExchange(server.url, '/api/events?search=nothing-like-it', 'HEAD');
    expect(cold).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(cold).toContain("Content-Security-Policy: default-src 'self';");
    expect(cold.endsWith('\r\n\r\n')).toBe(true);
  });

  it('never answers a request with a session cookie from the cache, nor fills it from one', async () => {
    const user = await createUser(server.store);
    const cookie = await sessionCookieFor(server.store, user);
    const before = await titles(server, '?when=upcoming');
    const mine = await createEvent(server.store, {
      title: 'My own picnic',
      createdBy: user.id,
      startsAt: Date.now() + 2 * DAY,
    });
    const signedIn = await server.fetch('/api/events?when=upcoming', { headers: { cookie } });
    const body = (await signedIn.json()) as EventList;
    const own = body.events.find((e) => e.id === mine.id);
    expect(own?.submittedByViewer).toBe(true);
    // The visitor still gets the cached answer: the signed-in one was not stored for them.
    expect(await titles(server, '?when=upcoming')).toEqual(before);
    // Another cookie that is not a session is still a visitor.
    expect(await titles(server, '?when=upcoming', { headers: { cookie: 'theme=dark' } })).toEqual(before);
  });

  it('takes `sid =TOKEN` (a space before =) for the session it is: never served from or kept in the cache', async () => {
    const user = await createUser(server.store);
    const token = (await sessionCookieFor(server.store, user)).split('=')[1];
    const query = '?search=spaced';
    // A visitor's answer is cached first; the event is then written straight to the database.
    expect(await titles(server, query)).toEqual([]);
    const mine = await createEvent(server.store, {
      title: 'Spaced picnic',
      createdBy: user.id,
      startsAt: Date.now() + 3 * DAY,
    });
    const spaced = await server.fetch(`/api/events${query}`, { headers: { cookie: `sid =${token}` } });
    const body = (await spaced.json()) as EventList;
    expect(body.events.find((e) => e.id === mine.id)?.submittedByViewer).toBe(true);
    expect(spaced.headers.get('access-control-allow-origin')).toBeNull();
    // And nothing of theirs was kept for visitors: a visitor still gets the visitors' entry.
    const other = '?search=spaced&pageSize=13';
    const own = await server.fetch(`/api/events${other}`, { headers: { cookie: `sid =${token}` } });
    expect(((await own.json()) as EventList).events[0]?.submittedByViewer).toBe(true);
    const visitor = await server.fetch(`/api/events${other}`);
    expect(((await visitor.json()) as EventList).events[0]?.submittedByViewer).toBe(false);
  });

  it('is not emptied by a sign-out without a session, nor by any request that changed nothing', async () => {
    const before = await titles(server, '?when=past&pageSize=20');
    await createEvent(server.store, { title: 'Unseen past picnic', startsAt: Date.now() - DAY });
    for (const path of ['/api/auth/sign-out', '/%61pi/auth/sign-out', '/api/auth/sign-out?x=1']) {
      const res = await server.fetch(path, { method: 'POST' });
      expect(res.status, path).toBeLessThan(500);
    }
    // A sign-out of a real session deletes only the session: still nothing a visitor sees.
    const cookie = await sessionCookieFor(server.store, await createUser(server.store));
    expect((await server.fetch('/api/auth/sign-out', { method: 'POST', headers: { cookie } })).status).toBe(
      200,
    );
    expect(await titles(server, '?when=past&pageSize=20')).toEqual(before);
  });

  it('is emptied at once by approve and by remove in this process', async () => {
    const moderator = await createModerator(server.store);
    const cookie = await sessionCookieFor(server.store, moderator);
    const pending = await createEvent(server.store, {
      title: 'Waiting for approval',
      status: 'pending',
      startsAt: Date.now() + DAY,
    });
    expect(await titles(server)).not.toContain('Waiting for approval');
    const approve = await server.fetch(`/api/moderation/events/${pending.id}/approve`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ verified: true }),
    });
    expect(approve.status).toBe(200);
    expect(await titles(server)).toContain('Waiting for approval');

    const remove = await server.fetch(`/api/moderation/events/${pending.id}/remove`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Duplicate of another listing' }),
    });
    expect(remove.status).toBe(200);
    expect(await titles(server)).not.toContain('Waiting for approval');
  });

  it('is not emptied by a refused write', async () => {
    const before = await titles(server, '?when=past');
    await createEvent(server.store, { title: 'Quiet past vigil', startsAt: Date.now() - DAY });
    const pending = await createEvent(server.store, { status: 'pending' });
    // A visitor cannot approve (401): nothing changed, so the cached answer stays.
    const refused = await server.fetch(`/api/moderation/events/${pending.id}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ verified: false }),
    });
    expect(refused.status).toBe(401);
    expect(await titles(server, '?when=past')).toEqual(before);
  });

  it('caches only 200 answers', async () => {
    const bad = await server.fetch('/api/events?page=0');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-security-policy')).toContain("default-src 'self'");
    const again = await server.fetch('/api/events?page=0');
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual(await bad.json());
  });
});

describe('listing cache lifetime', () => {
  it('serves an entry for LISTING_CACHE_MS, then computes it again', async () => {
    // Long enough that a loaded machine still answers the second call from the entry.
    const server = await startTestServer({ env: { LISTING_CACHE_MS: '1500' } });
    try {
      expect(await titles(server)).toEqual([]);
      await createEvent(server.store, { title: 'Later vigil', startsAt: Date.now() + DAY });
      expect(await titles(server)).toEqual([]);
      await new Promise((r) => setTimeout(r, 1700));
      expect(await titles(server)).toEqual(['Later vigil']);
    } finally {
      await server.close();
    }
  });

  it('is off with LISTING_CACHE_MS=0', async () => {
    const server = await startTestServer({ env: { LISTING_CACHE_MS: '0' } });
    try {
      expect(await titles(server)).toEqual([]);
      await createEvent(server.store, { title: 'Instant vigil', startsAt: Date.now() + DAY });
      expect(await titles(server)).toEqual(['Instant vigil']);
    } finally {
      await server.close();
    }
  });
});

describe('request log on cache hits', () => {
  it('writes the same "request completed" line for a hit as for a miss', async () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    const server = await startTestServer({ logStream: stream });
    try {
      // A search word no request id (hexadecimal), time or host name can hold by chance, as `abc` could.
      await titles(server, '?search=vigilqz');
      await titles(server, '?search=vigilqz');
      const completed = () =>
        lines
          .map((l) => JSON.parse(l) as Record<string, unknown>)
          .filter((e) => e.msg === 'request completed');
      // pino writes asynchronously: wait for both lines (a loaded machine may take a while).
      await vi.waitFor(() => expect(completed().length).toBeGreaterThanOrEqual(2), { timeout: 5000 });
      const entries = completed();
      expect(entries).toHaveLength(2);
      const [miss, hit] = entries;
      expect(Object.keys(hit ?? {})).toEqual(Object.keys(miss ?? {}));
      for (const entry of entries) {
        expect(entry).toMatchObject({ level: 30, method: 'GET', path: '/api/events', statusCode: 200 });
        expect(entry.reqId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        expect(typeof entry.responseTime).toBe('number');
      }
      expect(hit?.reqId).not.toBe(miss?.reqId);
      expect(lines.join('\n')).not.toContain('vigilqz');
    } finally {
      await server.close();
    }
  });
});

describe('listingCacheKey', () => {
  it('keys only the listing path, with parameters in name order', () => {
    expect(listingCacheKey('/api/events')).toBe('/api/events');
    expect(listingCacheKey('/api/events?')).toBe('/api/events');
    expect(listingCacheKey('/api/events?type=protest&page=2')).toBe('/api/events?page=2&type=protest');
    expect(listingCacheKey('/api/events?page=2&type=protest')).toBe('/api/events?page=2&type=protest');
    // Repeated names keep their order: the app may read the first or the last.
    expect(listingCacheKey('/api/events?type=b&page=1&type=a')).toBe('/api/events?page=1&type=b&type=a');
    expect(listingCacheKey('/api/events/AAAAAAAAAAAAAAAA')).toBeNull();
    expect(listingCacheKey('/api/events/')).toBeNull();
    expect(listingCacheKey('/api/eventsx')).toBeNull();
  });

  it('keys the app’s pages (home with any query, events, the others), and nothing else', () => {
    expect(listingCacheKey('/')).toBe('/');
    expect(listingCacheKey('/?when=past&type=protest')).toBe('/?type=protest&when=past');
    expect(listingCacheKey('/event/AAAAAAAAAAAAAAAA')).toBe('/event/AAAAAAAAAAAAAAAA');
    expect(listingCacheKey('/event/AAAAAAAAAAAAAAAA?x=1')).toBe('/event/AAAAAAAAAAAAAAAA?x=1');
    // The .ics twin of the event page, and anything that is not an id, go through.
    expect(listingCacheKey('/event/AAAAAAAAAAAAAAAA.ics')).toBeNull();
    expect(listingCacheKey('/event/AAAAAAAAAAAAAAAA/')).toBeNull();
    expect(listingCacheKey('/event/')).toBeNull();
    // Every page of the app is rendered on the server, and the same for every visitor.
    for (const path of ['/submit', '/subscribe', '/moderation', '/about']) {
      expect(listingCacheKey(path), path).toBe(path);
    }
    for (const path of ['/embed', '/assets/index-abc.js', '//', '/nowhere']) {
      expect(listingCacheKey(path), path).toBeNull();
    }
  });
});

// The pages rendered on the server, with a stand-in renderer (as server/html/ssr.test.ts does) that
// writes how many times it ran into the page: a replayed page still says the number of the first render.
const TEMPLATE = `<!doctype html><html><head><title>%TITLE%</title>%HEAD%<link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body>
    <div id="root"></div>
    <noscript>This calendar needs JavaScript to show events.</noscript>
    <script type="module" src="/assets/index-abc.js"></script>
  </body></html>`;
const RENDERER = `${RENDER_COUNTER}
import { existsSync } from 'node:fs';
export async function render(url, fetchJson, config, options) {
  if (existsSync(new URL('./fail', import.meta.url))) throw new Error('render exploded');
  const count = countRender();
  const list = await fetchJson('/api/events');
  const who = options.session.user ? options.session.user.name : 'visitor';
  const titles = list.body.events.map((e) => e.title).join(', ');
  return {
    html: '<p>Render ' + count + ' of ' + url + ' for ' + who + ': ' + titles + '</p>',
    state: { queries: [] },
    namespaces: [],
  };
}
`;

function makeBuild(): string {
  return makeWebBuild('pagecache', {
    template: TEMPLATE,
    renderer: RENDERER,
    files: { 'assets/index-abc.css': 'body{color:#111}' },
  });
}

describe('page cache: the rendered home and event pages', () => {
  let dir: string;
  let server: TestServer;
  let eventId: string;

  beforeAll(async () => {
    dir = makeBuild();
    server = await startTestServer({ webRoot: join(dir, 'web') });
    eventId = (await createEvent(server.store, { title: 'Harbour vigil', startsAt: Date.now() + DAY })).id;
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('replays the home page byte for byte, security headers and Vary: Cookie included, without rendering', async () => {
    const miss = await rawExchange(server.url, '/?type=protest&when=upcoming');
    expect(miss).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(miss).toContain('Harbour vigil');
    const before = rendersIn(dir);
    await createEvent(server.store, { title: 'Direct write', startsAt: Date.now() + DAY });
    const hit = await rawExchange(server.url, '/?type=protest&when=upcoming');
    expect(hit).toBe(miss);
    expect(rendersIn(dir)).toBe(before);
    expect(hit).toContain("\r\nContent-Security-Policy: default-src 'self';");
    expect(hit).toContain('\r\nX-Content-Type-Options: nosniff\r\n');
    expect(hit).toMatch(/\r\nvary: [^\r]*Cookie/i);
    expect(hit).toContain('<style>body{color:#111}</style>');
    expect(hit).not.toContain('Direct write');
    // The same filters in another order are the same entry.
    expect(await rawExchange(server.url, '/?when=upcoming&type=protest')).toBe(miss);
    // HEAD answers the same headers, and no body.
    const head = await rawExchange(server.url, '/?type=protest&when=upcoming', 'HEAD');
    expect(head).toBe(`${miss.split('\r\n\r\n')[0]}\r\n\r\n`);
    // Other filters are another page, rendered now.
    expect(await (await server.fetch('/?type=cultural')).text()).toContain('Direct write');
    expect(rendersIn(dir)).toBe(before + 1);
  });

  it('replays an event page byte for byte', async () => {
    const miss = await rawExchange(server.url, `/event/${eventId}`);
    expect(miss).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(miss).toContain(`of /event/${eventId} for visitor`);
    const before = rendersIn(dir);
    const hit = await rawExchange(server.url, `/event/${eventId}`);
    expect(hit).toBe(miss);
    expect(rendersIn(dir)).toBe(before);
    // Its calendar file is not a page, and is answered by the app.
    const ics = await server.fetch(`/event/${eventId}.ics`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toContain('text/calendar');
  });

  it('never answers someone signed in from the cache, nor keeps their page for visitors', async () => {
    const user = await createUser(server.store, { name: 'Nadia' });
    const cookie = await sessionCookieFor(server.store, user);
    const visitor = await (await server.fetch('/?search=harbour')).text();
    expect(visitor).toContain('for visitor');
    const signedIn = await (await server.fetch('/?search=harbour', { headers: { cookie } })).text();
    expect(signedIn).toContain('for Nadia');
    expect(await (await server.fetch('/?search=harbour')).text()).toBe(visitor);
    // Another cookie is still a visitor.
    expect(await (await server.fetch('/?search=harbour', { headers: { cookie: 'theme=dark' } })).text()).toBe(
      visitor,
    );
  });

  it('never keeps a 404: an event that is not public yet shows once it is', async () => {
    const pending = await createEvent(server.store, {
      title: 'Quiet pending picnic',
      status: 'pending',
      startsAt: Date.now() + DAY,
    });
    expect((await server.fetch(`/event/${pending.id}`)).status).toBe(404);
    // Approved behind the app's back (another process): nothing empties this cache.
    await server.store.db
      .updateTable('events')
      .set({ status: 'approved' })
      .where('id', '=', pending.id)
      .execute();
    const page = await server.fetch(`/event/${pending.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`of /event/${pending.id} for visitor`);
  });

  it('never keeps a page the renderer could not fill: the next visitor gets it filled', async () => {
    // The stand-in renderer fails while this file is beside it.
    const failing = join(dir, 'ssr', 'fail');
    writeFileSync(failing, '');
    try {
      const plain = await server.fetch('/?search=vigil');
      expect(plain.status).toBe(200);
      expect(plain.headers.get('cache-control')).toBe('no-store');
      expect(await plain.text()).toContain('<div id="root"></div>');
    } finally {
      rmSync(failing);
    }
    const filled = await server.fetch('/?search=vigil');
    expect(await filled.text()).toContain('for visitor: Harbour vigil');
  });

  it('is emptied at once by approve and by remove in this process', async () => {
    const moderator = await createModerator(server.store);
    const cookie = await sessionCookieFor(server.store, moderator);
    const pending = await createEvent(server.store, {
      title: 'Waiting for approval',
      status: 'pending',
      startsAt: Date.now() + DAY,
    });
    expect(await (await server.fetch('/?when=upcoming')).text()).not.toContain('Waiting for approval');
    expect((await server.fetch(`/event/${eventId}`)).status).toBe(200);
    const approve = await server.fetch(`/api/moderation/events/${pending.id}/approve`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ verified: true }),
    });
    expect(approve.status).toBe(200);
    expect(await (await server.fetch('/?when=upcoming')).text()).toContain('Waiting for approval');

    const page = await rawExchange(server.url, `/event/${eventId}`);
    const remove = await server.fetch(`/api/moderation/events/${eventId}/remove`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Duplicate of another listing' }),
    });
    expect(remove.status).toBe(200);
    expect(page).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect((await server.fetch(`/event/${eventId}`)).status).toBe(404);
    expect(await (await server.fetch('/?when=upcoming')).text()).not.toContain('Harbour vigil');
  });
});

describe('page cache off', () => {
  it('renders every home and event page with LISTING_CACHE_MS=0', async () => {
    const dir = makeBuild();
    const server = await startTestServer({ webRoot: join(dir, 'web'), env: { LISTING_CACHE_MS: '0' } });
    try {
      const { id } = await createEvent(server.store, {
        title: 'Open air reading',
        startsAt: Date.now() + DAY,
      });
      // The renderer loads, and renders once to warm up (server/html/pages.ts), with the first page.
      expect((await server.fetch('/')).status).toBe(200);
      await new Promise((r) => setTimeout(r, 100));
      const before = rendersIn(dir);
      for (const path of ['/', '/', `/event/${id}`, `/event/${id}`]) {
        expect((await server.fetch(path)).status, path).toBe(200);
      }
      expect(rendersIn(dir)).toBe(before + 4);
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
