import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import type { Actor } from './actor';

export const SESSION_COOKIE = 'sid';
/** Sessions last 30 days from the last use. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** Refresh `last_seen_at` / `expires_at` at most this often, so reads do not all become writes. */
const TOUCH_INTERVAL_MS = 3600 * 1000;

/** The database keeps only a hash of the token: a copy of the database cannot be used to sign in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 256 random bits, base64url: a session cookie, or an emailed link's token (stored as hashToken). */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

/** Start a session; the returned token goes in the cookie and nowhere else. */
export async function createSession(db: Kysely<Database>, userId: string, now = Date.now()): Promise<string> {
  const token = newSecretToken();
  await db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      user_id: userId,
      created_at: now,
      expires_at: now + SESSION_TTL_MS,
      last_seen_at: now,
    })
    .execute();
  return token;
}

/** The signed-in user for a cookie token, with the role as stored now; null when absent or expired. */
export async function actorForToken(
  db: Kysely<Database>,
  token: string | undefined,
  now = Date.now(),
): Promise<Actor | null> {
  if (!token || token.length > 100) return null;
  const id = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.expires_at',
      'sessions.last_seen_at',
      'users.id as user_id',
      'users.name',
      'users.email',
      'users.role',
      'users.created_at',
      'users.email_verified_at',
      'users.password_hash',
    ])
    .where('sessions.id', '=', id)
    // A deleted account has no sessions left; this only makes sure of it.
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  if (row.expires_at <= now) {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return null;
  }
  if (now - row.last_seen_at > TOUCH_INTERVAL_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now, expires_at: now + SESSION_TTL_MS })
      .where('id', '=', id)
      .execute();
  }
  return {
    id: row.user_id,
    name: row.name,
    email: row.email,
    role: row.role,
    createdAt: row.created_at,
    emailVerifiedAt: row.email_verified_at,
    hasPassword: row.password_hash !== null,
  };
}

export async function deleteSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
}

/**
 * End every session of a person, but for the one whose cookie token is `keep` (the browser asking, when
 * it should stay signed in). Answers how many ended.
 */
export async function deleteSessionsOfUser(
  db: Kysely<Database>,
  userId: string,
  keep?: string,
): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keep) query = query.where('id', '!=', hashToken(keep));
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteExpiredSessions(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}

/**
 * How long signing in to Google again (docs/PRODUCT.md#deleting-an-account) lets this session do what
 * needs it: long enough to read the dialog and press the button, short enough that a session left open
 * on a shared computer does not stay able to delete the account.
 */
export const REAUTHENTICATION_WINDOW_MS = 5 * 60_000;

/** Mark the session of `token`, which must be `userId`'s, as re-authenticated now. */
export async function markSessionReauthenticated(
  db: Kysely<Database>,
  token: string,
  userId: string,
  now = Date.now(),
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ reauthenticated_at: now })
    .where('id', '=', hashToken(token))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether the session of `token` was re-authenticated within REAUTHENTICATION_WINDOW_MS. */
export async function isRecentlyReauthenticated(
  db: Kysely<Database>,
  token: string | undefined,
  now = Date.now(),
): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const row = await db
    .selectFrom('sessions')
    .select('reauthenticated_at')
    .where('id', '=', hashToken(token))
    .executeTakeFirst();
  const at = row?.reauthenticated_at ?? null;
  // A time ahead of this server's clock (another app server's clock running fast) counts as now.
  return at !== null && now - at <= REAUTHENTICATION_WINDOW_MS;
}
