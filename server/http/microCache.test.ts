import { describe, expect, it } from 'vitest';
import { type CachedResponse, MicroCache, REFRESH_WAIT_MS } from './microCache';

function response(body: string): CachedResponse {
  return { statusCode: 200, headers: ['content-type', 'text/plain'], body: Buffer.from(body) };
}

function clock(start = 1000) {
  const c = { t: start, now: () => c.t };
  return c;
}

describe('MicroCache', () => {
  it('keeps an entry for ttlMs and not a moment longer', () => {
    const c = clock();
    const cache = new MicroCache({ ttlMs: 1000, now: c.now });
    expect(cache.set('/a', response('a'), cache.generation)).toBe(true);
    c.t += 999;
    expect(cache.get('/a')?.body.toString()).toBe('a');
    c.t += 1;
    expect(cache.get('/a')).toBeUndefined();
  });

  it('stores nothing when the TTL is 0', () => {
    const cache = new MicroCache({ ttlMs: 0 });
    expect(cache.enabled).toBe(false);
    expect(cache.set('/a', response('a'), cache.generation)).toBe(false);
    expect(cache.get('/a')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest first', () => {
    const cache = new MicroCache({ ttlMs: 1000, maxEntries: 3 });
    for (const key of ['/1', '/2', '/3', '/4', '/5']) cache.set(key, response(key), cache.generation);
    expect(cache.size).toBe(3);
    expect(cache.get('/1')).toBeUndefined();
    expect(cache.get('/2')).toBeUndefined();
    expect(cache.get('/5')?.body.toString()).toBe('/5');
  });

  it('holds at most maxBytes, and refuses an answer bigger than that', () => {
    const cache = new MicroCache({ ttlMs: 1000, maxBytes: 200 });
    const big = 'x'.repeat(60);
    for (let i = 0; i < 10; i++) cache.set(`/${i}`, response(big), cache.generation);
    // Each entry is 60 body bytes + key + 22 header bytes: two fit in 200.
    expect(cache.size).toBe(2);
    expect(cache.get('/9')).toBeDefined();
    expect(cache.set('/huge', response('y'.repeat(300)), cache.generation)).toBe(false);
    expect(cache.get('/huge')).toBeUndefined();
    // An answer that grew too big replaces the one before it: that one is not kept either.
    expect(cache.set('/9', response('y'.repeat(300)), cache.generation)).toBe(false);
    expect(cache.get('/9')).toBeUndefined();
  });

  it('replacing a key does not count it twice', () => {
    const cache = new MicroCache({ ttlMs: 1000, maxEntries: 2 });
    cache.set('/a', response('1'), cache.generation);
    cache.set('/a', response('2'), cache.generation);
    cache.set('/b', response('3'), cache.generation);
    expect(cache.get('/a')?.body.toString()).toBe('2');
    expect(cache.get('/b')?.body.toString()).toBe('3');
  });

  it('clear() empties it and refuses answers computed before the clear', () => {
    const cache = new MicroCache({ ttlMs: 1000 });
    const started = cache.generation;
    cache.set('/a', response('old'), started);
    cache.clear();
    expect(cache.get('/a')).toBeUndefined();
    // A request that began before the write and ends after it must not store its stale answer.
    expect(cache.set('/a', response('stale'), started)).toBe(false);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.set('/a', response('new'), cache.generation)).toBe(true);
  });
});

describe('MicroCache after expiry', () => {
  it('lets one request refresh an expired entry while the others still get it', () => {
    const c = clock();
    const cache = new MicroCache({ ttlMs: 1000, now: c.now });
    cache.set('/a', response('old'), cache.generation);
    c.t += 1000;
    expect(cache.get('/a')).toBeUndefined(); // this caller refreshes
    expect(cache.get('/a')?.body.toString()).toBe('old'); // everyone else meanwhile
    expect(cache.get('/a')?.body.toString()).toBe('old');
    cache.set('/a', response('new'), cache.generation);
    expect(cache.get('/a')?.body.toString()).toBe('new');
  });

  it('does not let a caller that will not store (HEAD) hold the refresh', () => {
    const c = clock();
    const cache = new MicroCache({ ttlMs: 1000, now: c.now });
    cache.set('/a', response('old'), cache.generation);
    c.t += 1000;
    expect(cache.get('/a', false)).toBeUndefined();
    expect(cache.get('/a', false)).toBeUndefined();
    expect(cache.get('/a')).toBeUndefined(); // a GET takes it on
    expect(cache.get('/a', false)?.body.toString()).toBe('old');
  });

  it('lets another request try when a refresh never comes back, or fails', () => {
    const c = clock();
    const cache = new MicroCache({ ttlMs: 1000, now: c.now });
    cache.set('/a', response('old'), cache.generation);
    c.t += 1000;
    expect(cache.get('/a')).toBeUndefined();
    c.t += REFRESH_WAIT_MS - 1;
    expect(cache.get('/a')?.body.toString()).toBe('old');
    c.t += 1;
    expect(cache.get('/a')).toBeUndefined(); // the first refresher is given up on
    expect(cache.get('/a')?.body.toString()).toBe('old');
    cache.abandon('/a'); // the refresh answered an error: the old answer goes
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('abandon leaves a fresh entry alone, and clear() drops expired ones too', () => {
    const c = clock();
    const cache = new MicroCache({ ttlMs: 1000, now: c.now });
    cache.set('/a', response('a'), cache.generation);
    cache.abandon('/a');
    expect(cache.get('/a')?.body.toString()).toBe('a');
    c.t += 1000;
    expect(cache.get('/a')).toBeUndefined();
    cache.clear();
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/a')).toBeUndefined();
  });
});
