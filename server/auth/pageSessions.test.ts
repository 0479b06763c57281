// A rendered page's in-process API calls read the visitor's session once between them
// (server/auth/pageSessions.ts); nothing from the network can borrow a page session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../common/schemas/auth';
import { createUser, sessionCookieFor } from '../testing/factories';
import { startTestServer, type TestServer } from '../testing/harness';
import { openPageSession } from './pageSessions';
import { SESSION_COOKIE } from './sessions';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const tokenOf = (cookie: string) => cookie.slice(`${SESSION_COOKIE}=`.length);

/** Who `/api/auth/session` says is signed in, asked in-process as a render asks. */
async function injectedName(headers: Record<string, string>): Promise<string | null> {
  const answer = await server.app.inject({ method: 'GET', url: '/api/auth/session', headers });
  expect(answer.statusCode).toBe(200);
  return (answer.json() as SessionResponse).user?.name ?? null;
}

/** The same, from the network. */
async function fetchedName(headers: Record<string, string>): Promise<string | null> {
  const answer = await server.fetch('/api/auth/session', { headers });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as SessionResponse).user?.name ?? null;
}

/** Sign `cookie`'s session out behind the page's back, as another tab would. */
async function endSessionOf(cookie: string) {
  const answer = await server.fetch('/api/auth/sign-out', {
    method: 'POST',
    headers: { cookie, origin: server.url },
  });
  expect(answer.status).toBeLessThan(300);
}

describe('page sessions', () => {
  it("give a render's calls the session the first of them read", async () => {
    const user = await createUser(server.store, { name: 'Rania' });
    const cookie = await sessionCookieFor(server.store, user);
    const page = openPageSession(tokenOf(cookie));
    try {
      expect(await injectedName({ cookie, ...page.headers })).toBe('Rania');
      await endSessionOf(cookie);
      // The page goes on as it began: its calls agree on who it is for.
      expect(await injectedName({ cookie, ...page.headers })).toBe('Rania');
      // Any call outside it reads the session as it is now.
      expect(await injectedName({ cookie })).toBeNull();
    } finally {
      page.end();
    }
    // An ended page session is nobody's: its id reads the session afresh.
    expect(await injectedName({ cookie, ...page.headers })).toBeNull();
  });

  it('are read for the same cookie only', async () => {
    const first = await sessionCookieFor(server.store, await createUser(server.store, { name: 'Omar' }));
    const second = await sessionCookieFor(server.store, await createUser(server.store, { name: 'Lina' }));
    const page = openPageSession(tokenOf(first));
    try {
      expect(await injectedName({ cookie: first, ...page.headers })).toBe('Omar');
      expect(await injectedName({ cookie: second, ...page.headers })).toBe('Lina');
    } finally {
      page.end();
    }
  });

  it('cannot be borrowed by a request from the network', async () => {
    const owner = await createUser(server.store, { name: 'Samir' });
    const ownerCookie = await sessionCookieFor(server.store, owner);
    const other = await sessionCookieFor(server.store, await createUser(server.store, { name: 'Dana' }));
    const page = openPageSession(tokenOf(ownerCookie));
    try {
      expect(await injectedName({ cookie: ownerCookie, ...page.headers })).toBe('Samir');
      // Someone who learnt the id: without the cookie, or with their own, they are who they are.
      expect(await fetchedName({ ...page.headers })).toBeNull();
      expect(await fetchedName({ cookie: other, ...page.headers })).toBe('Dana');
      // Even with the owner's cookie, a request from the network reads the session itself.
      await endSessionOf(ownerCookie);
      expect(await fetchedName({ cookie: ownerCookie, ...page.headers })).toBeNull();
    } finally {
      page.end();
    }
  });
});
