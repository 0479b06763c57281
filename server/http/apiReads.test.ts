// An API read answers its HTTP route and a rendered page's in-process call alike (server/http/apiReads.ts):
// the same path finds the same read, with the same parameters and query, and the same outcome.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../auth/actor';
import { AppError } from '../errors';
import { ApiReads } from './apiReads';

const reads = new ApiReads();
let app: FastifyInstance;
let base: string;

const someone = { id: 'u1', name: 'Hana', role: 'user' } as Actor;

beforeAll(async () => {
  app = Fastify();
  app.decorateRequest('actor', null);
  app.decorateRequest('language', 'en');
  reads.get(app, '/api/things/:id', async ({ params, query, actor, language }) => ({
    id: (params as { id: string }).id,
    query,
    who: actor?.name ?? null,
    language,
  }));
  // Declared after the pattern it would also match: a path of its own still comes first.
  reads.get(app, '/api/things/count', async () => ({ count: 3 }), { 'Cache-Control': 'no-store' });
  reads.get(app, '/api/missing', async () => {
    throw new AppError(404, 'not_found', 'Nothing here');
  });
  reads.get(app, '/api/broken', async () => {
    throw new Error('the database went away');
  });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await app.close();
});

/** The HTTP answer to `path`: its status, JSON when 200, and its Cache-Control. */
async function overHttp(path: string) {
  const res = await fetch(base + path);
  return {
    status: res.status,
    body: res.status === 200 ? await res.json() : null,
    cacheControl: res.headers.get('cache-control'),
  };
}

async function inProcess(path: string, actor: Actor | null = null) {
  const answer = await reads.answer(path, { actor, language: 'ar' });
  return { status: answer.status, body: answer.text === null ? null : JSON.parse(answer.text) };
}

describe('API reads', () => {
  it('find the same read, parameters and query in-process as over HTTP', async () => {
    for (const path of [
      '/api/things/abc',
      '/api/things/a%20b%C3%A9',
      '/api/things/abc?tag=x&tag=y&q=two+words&empty=',
      '/api/things/count',
      '/api/things/count?page=2',
    ]) {
      const http = await overHttp(path);
      const mine = await inProcess(path);
      expect(http.status, path).toBe(200);
      // Over HTTP the request has the decorators' defaults: no one, in English.
      expect(mine.body, path).toEqual(
        'id' in (http.body as object) ? { ...(http.body as object), language: 'ar' } : http.body,
      );
    }
    expect((await inProcess('/api/things/a%20b%C3%A9')).body).toMatchObject({ id: 'a bé' });
    expect((await inProcess('/api/things/x?tag=1&tag=2')).body).toMatchObject({ query: { tag: ['1', '2'] } });
  });

  it('are made for whoever the page is for', async () => {
    expect((await inProcess('/api/things/abc', someone)).body).toMatchObject({ who: 'Hana', language: 'ar' });
  });

  it('answer a refusal with its status, a path no read declares with 404, and reject on a failure', async () => {
    expect(await overHttp('/api/missing')).toMatchObject({ status: 404 });
    expect(await inProcess('/api/missing')).toEqual({ status: 404, body: null });
    expect(await inProcess('/api/nowhere')).toEqual({ status: 404, body: null });
    expect(await inProcess('/api/things/')).toEqual({ status: 404, body: null });
    expect(await inProcess('/api/things/%E0%A4%A')).toEqual({ status: 404, body: null });
    expect((await overHttp('/api/broken')).status).toBe(500);
    await expect(inProcess('/api/broken')).rejects.toThrow('the database went away');
  });

  it('send their route’s headers over HTTP', async () => {
    expect((await overHttp('/api/things/count')).cacheControl).toBe('no-store');
  });
});
