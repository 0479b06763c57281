import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../common/schemas/errors';
import { createEvent, createModerator, createUser, sessionCookieFor } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';
import { onSendHooksByRoute } from '../../testing/routes';

// Moderation answers are private and change with every action: no browser or proxy may keep one, whatever
// its status. And the hook that says so is the moderation routes' own, not one every request pays for.

let server: TestServer;
let modCookie: string;
let userCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  modCookie = await sessionCookieFor(server.store, await createModerator(server.store));
  userCookie = await sessionCookieFor(server.store, await createUser(server.store));
});
afterAll(() => server.close());

interface Call {
  cookie?: string;
  /** JSON body (a POST); a string is sent as it is. */
  body?: unknown;
  origin?: string;
  method?: string;
}

async function call(path: string, { cookie, body, origin, method }: Call = {}) {
  const res = await server.fetch(path, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(origin ? { origin } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  return { status: res.status, cacheControl: res.headers.get('cache-control'), text: await res.text() };
}

const errorCode = (text: string) => (JSON.parse(text) as ApiError).error.code;

describe('every moderation answer says Cache-Control: no-store', () => {
  it('on success: the counts, a tab, the same GET as HEAD, and an action', async () => {
    const counts = await call('/api/moderation/counts', { cookie: modCookie });
    expect([counts.status, counts.cacheControl]).toEqual([200, 'no-store']);
    const tab = await call('/api/moderation/events?tab=pending', { cookie: modCookie });
    expect([tab.status, tab.cacheControl]).toEqual([200, 'no-store']);
    const head = await call('/api/moderation/counts', { cookie: modCookie, method: 'HEAD' });
    expect([head.status, head.cacheControl]).toEqual([200, 'no-store']);
    const event = await createEvent(server.store, { status: 'pending' });
    const approved = await call(`/api/moderation/events/${event.id}/approve`, {
      cookie: modCookie,
      body: {},
    });
    expect([approved.status, approved.cacheControl]).toEqual([200, 'no-store']);
  });

  it('on 401 to a visitor and 403 to a user', async () => {
    const visitor = await call('/api/moderation/counts');
    expect([visitor.status, errorCode(visitor.text), visitor.cacheControl]).toEqual([
      401,
      'unauthenticated',
      'no-store',
    ]);
    const user = await call('/api/moderation/events?tab=reported', { cookie: userCookie });
    expect([user.status, errorCode(user.text), user.cacheControl]).toEqual([403, 'forbidden', 'no-store']);
  });

  it('on 403 to a request from another website (refused before the route runs)', async () => {
    const event = await createEvent(server.store, { status: 'pending' });
    const res = await call(`/api/moderation/events/${event.id}/approve`, {
      cookie: modCookie,
      body: {},
      origin: 'https://attacker.example',
    });
    expect([res.status, errorCode(res.text), res.cacheControl]).toEqual([
      403,
      'cross_site_request',
      'no-store',
    ]);
  });

  it('on 404 for an event that does not exist', async () => {
    const res = await call('/api/moderation/events/AAAAAAAAAAAAAAAA/remove', { cookie: modCookie, body: {} });
    expect([res.status, errorCode(res.text), res.cacheControl]).toEqual([404, 'not_found', 'no-store']);
  });

  it('on 409 when the event is no longer in a state the action applies to', async () => {
    const event = await createEvent(server.store, { status: 'approved' });
    const res = await call(`/api/moderation/events/${event.id}/approve`, { cookie: modCookie, body: {} });
    expect(res.status).toBe(409);
    expect(res.cacheControl).toBe('no-store');
  });

  it('on 400 for bad input, whether the handler or Fastify refuses it', async () => {
    const tab = await call('/api/moderation/events?tab=nonsense', { cookie: modCookie });
    expect([tab.status, errorCode(tab.text), tab.cacheControl]).toEqual([
      400,
      'validation_failed',
      'no-store',
    ]);
    const event = await createEvent(server.store, { status: 'pending' });
    const malformed = await call(`/api/moderation/events/${event.id}/reject`, {
      cookie: modCookie,
      body: '{"reason": ',
    });
    expect([malformed.status, malformed.cacheControl]).toEqual([400, 'no-store']);
  });
});

describe('the no-store hook', () => {
  it('runs on the moderation routes and on no other route', () => {
    const hooks = onSendHooksByRoute(server.app);
    const moderation = [...hooks.keys()].filter((key) => key.split(' ')[1]!.startsWith('/api/moderation/'));
    // The six GETs (preset reasons, notes and people among them), their HEAD twins, the seven actions,
    // the three writes of preset reasons, the eight of moderators' time (bulk, claim, release, two
    // notes and a deletion, trust, checked) and the removal of a whole series.
    expect(moderation).toHaveLength(31);
    for (const key of moderation) expect(hooks.get(key), key).toContain('"noStore()"');
    const others = [...hooks].filter(([key]) => !moderation.includes(key));
    expect(others.length).toBeGreaterThan(10);
    expect(others.filter(([, list]) => list.includes('noStore'))).toEqual([]);
  });

  it('leaves the public listing as it was', async () => {
    const res = await server.fetch('/api/events');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });
});
