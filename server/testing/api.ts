import { expect } from 'vitest';
import type { Store } from '../store/db';
import type { UserRow } from '../store/schema';
import { createUser, sessionCookieFor } from './factories';
import type { TestServer } from './harness';

/** Someone signed in: their row and the session cookie to act as them. */
export interface SignedIn {
  user: UserRow;
  cookie: string;
}

/** A user (a moderator with `role: 'moderator'`) and a session of theirs, as the suites act. */
export async function signedIn(
  store: Store,
  person: Parameters<typeof createUser>[1] = {},
): Promise<SignedIn> {
  const user = await createUser(store, person);
  return { user, cookie: await sessionCookieFor(store, user) };
}

/** A moderator and a session of theirs. */
export const signedInModerator = (
  store: Store,
  person: Omit<Parameters<typeof createUser>[1], 'role'> = {},
) => signedIn(store, { ...person, role: 'moderator' });

/** The requests a suite makes of its test server, the server read when a request is made. */
export interface ApiClient {
  /** GET `path` as `cookie` (a visitor without one); POST `body` as JSON when given. */
  call(path: string, cookie?: string, body?: unknown): Promise<Response>;
  /** The answer's JSON, once its status is `status` (a failure shows its body). */
  json<T>(res: Response, status?: number): Promise<T>;
  /** `call` and `json` in one: the JSON answer to `path`, which must come with `status`. */
  answer<T>(path: string, cookie: string | null | undefined, body?: unknown, status?: number): Promise<T>;
}

/** Requests to the server `server()` gives (set in a suite's beforeAll, so read on each request). */
export function apiClient(server: () => Pick<TestServer, 'fetch'>): ApiClient {
  const client: ApiClient = {
    call: (path, cookie, body) =>
      server().fetch(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      }),
    async json<T>(res: Response, status = 200): Promise<T> {
      const text = await res.text();
      expect(res.status, text).toBe(status);
      return JSON.parse(text) as T;
    },
    answer: async (path, cookie, body, status = 200) =>
      client.json(await client.call(path, cookie ?? undefined, body), status),
  };
  return client;
}
