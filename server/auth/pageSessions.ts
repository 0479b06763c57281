/**
 * One session lookup for a rendered page, however many API calls its render makes. The server reads
 * who the page is for before it renders it (server/html/pages.ts); the renderer then asks the API
 * in-process (Fastify's inject) with the visitor's cookie, and each call would otherwise read the same
 * session again (issue 21). A render opens a page session; its calls carry its id in a header, and
 * whichever needs the actor first (the server's own read, or a call) resolves it for all.
 *
 * Only an in-process call can use one: the id is honoured on a request that Fastify's inject made
 * (light-my-request's request object, which no socket produces), for the same cookie token, while the
 * render lasts. A request from the network naming an id is read as any other.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Actor } from './actor';

const PAGE_SESSION_HEADER = 'x-page-session';

interface PageSession {
  token: string;
  actor: Promise<Actor | null> | null;
}

const open = new Map<string, PageSession>();

/**
 * A render's page session for the cookie `token`: the header its API calls carry, its actor (resolved
 * with `resolve` by whichever asks first), and its end.
 */
export function openPageSession(token: string | undefined): {
  headers: Record<string, string>;
  actor: (resolve: (token: string) => Promise<Actor | null>) => Promise<Actor | null>;
  end: () => void;
} {
  if (token === undefined) return { headers: {}, actor: async () => null, end: () => {} };
  const id = randomUUID();
  const session: PageSession = { token, actor: null };
  open.set(id, session);
  return {
    headers: { [PAGE_SESSION_HEADER]: id },
    actor: (resolve) => {
      session.actor ??= resolve(token);
      return session.actor;
    },
    end: () => open.delete(id),
  };
}

/**
 * The actor of `request`'s page session, resolved once with `resolve` for every call of the render;
 * null when the request belongs to none (then it resolves its own).
 */
export function pageSessionActor(
  request: FastifyRequest,
  token: string,
  resolve: (token: string) => Promise<Actor | null>,
): Promise<Actor | null> | null {
  const id = request.headers[PAGE_SESSION_HEADER];
  if (typeof id !== 'string' || !('_lightMyRequest' in request.raw)) return null;
  const session = open.get(id);
  if (session === undefined || session.token !== token) return null;
  session.actor ??= resolve(token);
  return session.actor;
}
