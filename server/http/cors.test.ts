import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRow } from '../store/schema';
import { createEvent, createUser, sessionCookieFor } from '../testing/factories';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
let event: EventRow;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer();
  event = await createEvent(server.store, { title: 'Open vigil' });
  cookie = await sessionCookieFor(server.store, await createUser(server.store));
});
afterAll(() => server.close());

const ORIGIN = 'https://local-group.example';

describe('CORS for the public read API', () => {
  it('lets any site read the listing, an event, its .ics and the feeds, without credentials', async () => {
    const paths = [
      '/api/events',
      '/api/events?type=protest',
      `/api/events/${event.id}`,
      `/api/events/${event.id}/ics`,
    ];
    for (const path of [...paths, '/feed.xml', '/calendar.ics', '/api/events']) {
      for (const method of ['GET', 'HEAD']) {
        const res = await server.fetch(path, { method, headers: { origin: ORIGIN } });
        await res.arrayBuffer();
        expect(res.status, `${method} ${path}`).toBe(200);
        expect(res.headers.get('access-control-allow-origin'), `${method} ${path}`).toBe('*');
        expect(res.headers.get('access-control-allow-credentials'), `${method} ${path}`).toBeNull();
      }
    }
  });

  it('sends no CORS header to a signed-in request, nor on anything else', async () => {
    for (const path of ['/api/events', `/api/events/${event.id}`, '/feed.xml']) {
      const res = await server.fetch(path, { headers: { origin: ORIGIN, cookie } });
      await res.arrayBuffer();
      expect(res.status, path).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), path).toBeNull();
    }
    for (const path of ['/api/health', '/api/auth/session', '/api/log', '/api/moderation/counts', '/embed']) {
      const res = await server.fetch(path, { headers: { origin: ORIGIN } });
      await res.arrayBuffer();
      expect(res.headers.get('access-control-allow-origin'), path).toBeNull();
    }
    const post = await server.fetch('/api/events', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(post.status).toBe(403);
    expect(post.headers.get('access-control-allow-origin')).toBeNull();
  });
});
