// The rendered pages in the bench (issue 21): the home page and an event page with every cache off,
// and the home page of signed-in people (who never get the micro-cache), beside a bare node:http
// server answering the home page's bytes.
import { get } from 'node:http';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { keepNoBodies } from './load.mjs';

/**
 * What a rendered page's bytes are (issue 21): its inline style sheets (`<style>` elements), the state
 * it hydrates from (the `ssr-state` script) and the rest, its markup (head and #root), in bytes; and
 * how many event cards (`<article>`s) it shows.
 */
export function htmlSplit(html) {
  const bytes = (text) => Buffer.byteLength(text, 'utf8');
  const css = [...html.matchAll(/<style>[\s\S]*?<\/style>/g)].reduce((sum, [m]) => sum + bytes(m), 0);
  const state = bytes(
    /<script type="application\/json" id="ssr-state">[\s\S]*?<\/script>/.exec(html)?.[0] ?? '',
  );
  const cards = (html.match(/<article\b/g) ?? []).length;
  return { css, state, markup: bytes(html) - css - state, cards };
}

/** How many people are signed in at once for the signed-in scenario: one session per connection. */
export const SIGNED_IN_SESSIONS = 50;

/**
 * People with a session each, created straight in the database through the app's own store code (the
 * sign-up route hashes a password and is rate-limited per network, which is not what is measured).
 */
export async function signedInCookies(root, databaseUrl, count = SIGNED_IN_SESSIONS) {
  const { tsImport } = await import('tsx/esm/api');
  const { openDatabase } = await tsImport(join(root, 'server/store/db.ts'), import.meta.url);
  const { createUser, sessionCookieFor } = await tsImport(
    join(root, 'server/testing/factories.ts'),
    import.meta.url,
  );
  const store = await openDatabase(databaseUrl);
  try {
    const cookies = [];
    for (let i = 0; i < count; i++) {
      const user = await createUser(store, { name: `Bench reader ${i + 1}`, emailVerified: true });
      cookies.push(await sessionCookieFor(store, user));
    }
    return cookies;
  } finally {
    await store.close();
  }
}

/**
 * Like load.mjs's `measure`, but each request carries the next of `cookies` (round robin), so the
 * server sees `cookies.length` different signed-in people, not one session asked 50 times at once.
 */
export async function measureWithSessions(url, { connections, durationSeconds, cookies, headers = {} }) {
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url))
    throw new Error(`refusing to load anything but 127.0.0.1: ${url}`);
  let next = 0;
  const result = await autocannon({
    url,
    connections,
    duration: durationSeconds,
    timeout: 30,
    pipelining: 1,
    setupClient: keepNoBodies,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const cookie = cookies[next++ % cookies.length];
          return { ...request, headers: { ...request.headers, ...headers, cookie } };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * Give the first `count` events of the home page a flyer (issue 17: Lighthouse with image cards), the
 * way a visitor's upload makes one: five photographs' worth of noise in five tints, uploaded through
 * `POST /api/images` (re-encoded by the app), then set on the events in the database. Grey noise around
 * the middle, tinted (sharp ignores a `background` beside `noise`: before 2026-11-28 they came out
 * nearly black, ~17 of 255), and softened a little, so each weighs what a detailed photograph does:
 * ~390 KB as sent at 1600 × 1000, and the stored 640 and 800 px WebP ~60 and ~100 KB.
 */
export async function addFlyers(root, databaseUrl, serverUrl, count = 20) {
  const [cookie] = await signedInCookies(root, databaseUrl, 1);
  const { default: sharp } = await import('sharp');
  const uploads = [];
  for (const [r, g, b] of [
    [200, 40, 40],
    [20, 120, 60],
    [30, 60, 160],
    [180, 140, 20],
    [90, 30, 120],
  ]) {
    const jpeg = await sharp({
      create: {
        width: 1600,
        height: 1000,
        channels: 3,
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .tint({ r, g, b })
      .blur(1)
      .jpeg({ quality: 85 })
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'flyer.jpg');
    const res = await fetch(`${serverUrl}/api/images`, { method: 'POST', body: form, headers: { cookie } });
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    uploads.push(await res.json());
  }
  const { events } = await (await fetch(`${serverUrl}/api/events`)).json();
  const { tsImport } = await import('tsx/esm/api');
  const { openDatabase } = await tsImport(join(root, 'server/store/db.ts'), import.meta.url);
  const store = await openDatabase(databaseUrl);
  try {
    for (const [i, event] of events.slice(0, count).entries()) {
      const { id, hash, width, height } = uploads[i % uploads.length];
      const image = { id, hash, width, height, alt: `Flyer of ${event.title}` };
      await store.db
        .updateTable('events')
        .set({ image: JSON.stringify(image), image_id: id })
        .where('id', '=', event.id)
        .execute();
    }
  } finally {
    await store.close();
  }
  return Math.min(count, events.length);
}

/**
 * A page's bytes as the server sends them to a browser (`AS_BROWSERS_ASK`): compressed, and its coding
 * ('br', 'gzip' or none). node:http, not fetch, which would decode them.
 */
export function fetchAsBrowsers(url, headers) {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve({ body: Buffer.concat(chunks), coding: res.headers['content-encoding'] ?? null })
          : reject(new Error(`${url} answered ${res.statusCode}`)),
      );
    }).on('error', reject);
  });
}
