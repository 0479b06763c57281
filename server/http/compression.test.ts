// Compression from Node itself (server/http/compression.ts): what a client that takes Brotli or gzip
// gets, from Fastify and from the listing cache's replays alike, decoded to the very same bytes.
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../testing/factories';
import { startTestServer, type TestServer } from '../testing/harness';
import { brotliWindowBits, compress, compressLater, preferredCoding, withVary } from './compression';

const DAY = 24 * 3600 * 1000;

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One GET with exactly these headers (fetch would add its own Accept-Encoding and decode). */
function get(server: TestServer, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decoded = (r: Raw): string => {
  const coding = r.headers['content-encoding'];
  const body =
    coding === 'br'
      ? brotliDecompressSync(r.body)
      : coding === 'gzip'
        ? gunzipSync(r.body)
        : coding === 'zstd'
          ? zstdDecompressSync(r.body)
          : r.body;
  return body.toString('utf8');
};

let server: TestServer;
beforeAll(async () => {
  // The listing cache on, for long enough that the second request of a test is surely a replay.
  server = await startTestServer({ env: { LISTING_CACHE_MS: '60000' } });
  for (let i = 0; i < 12; i++) {
    await createEvent(server.store, {
      title: `Vigil for Gaza, evening ${i}`,
      description: 'We gather at the square with candles and the names of the children.',
      startsAt: Date.now() + (i + 1) * DAY,
    });
  }
});
afterAll(() => server.close());

describe('answers in the coding the client takes', () => {
  it('sends the listing in Brotli to a browser, the same JSON once decoded, and its replay too', async () => {
    const plain = await get(server, '/api/events?type=all');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const json = decoded(plain);
    expect(JSON.parse(json).events).toHaveLength(12);

    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    for (const _ of [1, 2]) {
      // The first was kept by the listing cache with the identity answer; this is its replay.
      const br = await get(server, '/api/events?type=all', browser);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('Accept-Encoding');
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
      expect(br.body.length).toBeLessThan(plain.body.length / 2);
      expect(decoded(br)).toBe(json);
    }
  });

  it('sends gzip to a client that takes only gzip, or refuses Brotli', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip']) {
      const res = await get(server, '/api/events?when=upcoming', { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(JSON.parse(decoded(res)).events.length).toBeGreaterThan(0);
    }
  });

  it('sends text with Arabic in it whole to a client that takes no compression, its length exact', async () => {
    const title = 'وقفة من أجل غزة — Vigil';
    await createEvent(server.store, { title, startsAt: Date.now() + 20 * DAY });
    const feed = await get(server, '/feed.xml');
    expect(feed.headers['content-encoding']).toBeUndefined();
    expect(Number(feed.headers['content-length'])).toBe(feed.body.length);
    expect(feed.body.toString('utf8')).toContain(title);
    const br = await get(server, '/feed.xml', { 'accept-encoding': 'br' });
    expect(decoded(br)).toBe(feed.body.toString('utf8'));
  });

  it('sends what it compresses for each request (a feed, a calendar) in Zstandard to a browser that takes it', async () => {
    for (const path of ['/feed.xml', '/calendar.ics']) {
      const plain = await get(server, path);
      const chromium = await get(server, path, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(chromium.headers['content-encoding'], path).toBe('zstd');
      expect(chromium.headers.vary).toContain('Accept-Encoding');
      expect(chromium.body.length).toBeLessThan(plain.body.length / 2);
      // A calendar file is stamped with the moment it was made: compared by what every answer shares.
      expect(decoded(chromium).slice(0, 200)).toBe(plain.body.toString('utf8').slice(0, 200));
      expect(decoded(chromium).length).toBeGreaterThan(plain.body.length - 100);
      // Safari takes no Zstandard: Brotli.
      const safari = await get(server, path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(safari.headers['content-encoding'], path).toBe('br');
      expect(decoded(safari).slice(0, 200)).toBe(plain.body.toString('utf8').slice(0, 200));
    }
    const feed = await get(server, '/feed.xml', { 'accept-encoding': 'zstd;q=0.5, br' });
    expect(feed.headers['content-encoding']).toBe('br');
  });

  it('compresses what the cache never keeps (a feed), and leaves small answers as they are', async () => {
    const feed = await get(server, '/feed.xml', { 'accept-encoding': 'br' });
    expect(feed.headers['content-encoding']).toBe('br');
    expect(decoded(feed)).toContain('Vigil for Gaza, evening 0');
    const health = await get(server, '/api/health', { 'accept-encoding': 'br' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(decoded(health))).toMatchObject({ status: 'ok' });
  });
});

describe('the rules it goes by', () => {
  it('prefers Brotli, follows the client’s q-values, and takes nothing it was not offered', () => {
    expect(preferredCoding('gzip, deflate, br')).toBe('br');
    expect(preferredCoding('br;q=0.1, gzip;q=0.9')).toBe('gzip');
    expect(preferredCoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredCoding('deflate')).toBeNull();
    expect(preferredCoding('identity')).toBeNull();
    expect(preferredCoding(undefined)).toBeNull();
  });

  it('gives Brotli a window that holds the whole body, and bodies of every size come back whole', async () => {
    for (const length of [0, 1, 1008, 1009, 120_000, 131_056, 131_057, 5_000_000]) {
      const bits = brotliWindowBits(length);
      expect(bits).toBeGreaterThanOrEqual(10);
      expect(bits).toBeLessThanOrEqual(24);
      if (length <= 2 ** 24 - 16) expect(2 ** bits - 16).toBeGreaterThanOrEqual(length);
      if (bits > 10) expect(2 ** (bits - 1) - 16).toBeLessThan(length);
    }
    // Text that repeats far apart (a page's cards, after its style sheet), around the window's edges.
    const card = (i: number) =>
      `<article><h3>Vigil ${i}</h3><p>العربية · Français · ${'x'.repeat(i % 50)}</p></article>`;
    for (const count of [10, 1_400, 1_500, 40_000]) {
      const body = Buffer.from(Array.from({ length: count }, (_, i) => card(i % 200)).join(''));
      expect(brotliDecompressSync(await compressLater(body, 'br')).equals(body)).toBe(true);
      expect(brotliDecompressSync(compress(body, 'br')).equals(body)).toBe(true);
      expect(gunzipSync(await compressLater(body, 'gzip')).equals(body)).toBe(true);
    }
  });

  it('names Accept-Encoding in Vary once, beside what was there', () => {
    expect(withVary('', 'Accept-Encoding')).toBe('Accept-Encoding');
    expect(withVary('Cookie, Accept-Language', 'Accept-Encoding')).toBe(
      'Cookie, Accept-Language, Accept-Encoding',
    );
    expect(withVary('Cookie, accept-encoding', 'Accept-Encoding')).toBe('Cookie, accept-encoding');
    expect(withVary('*', 'Accept-Encoding')).toBe('*');
  });
});
