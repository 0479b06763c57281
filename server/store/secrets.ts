import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Secrets the app makes for itself (no setting to configure), kept in the database so that every app
 * server on it uses the same one, one per UTC day and purpose: e.g. the key of the rate-limit hashes,
 * `rate-limit/2026-11-21`. Only the current and the previous day's secret are kept; older ones are
 * deleted as soon as any server loads a secret of that purpose, so a copy of the database taken later
 * cannot recompute what was keyed with them. Backups leave them out (backup.ts).
 */

export const DAY_MS = 24 * 3600 * 1000;
/** Bytes of randomness in each secret. */
export const SECRET_BYTES = 32;
/**
 * How long a server trusts the secret it read before reading it again. The value of a name never
 * changes while it exists, so this only bounds how long a server could keep using a secret that
 * another server deleted and made anew (a clock far off, a restored database).
 */
export const SECRET_REFRESH_MS = 60_000;

/** The UTC day holding `instant`, as `YYYY-MM-DD`. */
export function utcDay(instant: number): string {
  return new Date(instant - (((instant % DAY_MS) + DAY_MS) % DAY_MS)).toISOString().slice(0, 10);
}

interface Cached {
  secret: Promise<Buffer>;
  loadedAt: number;
}

/** Per process and per database handle: several handles on one database behave like several servers. */
const caches = new WeakMap<Kysely<Database>, Map<string, Cached>>();

/**
 * The secret for `purpose` on the UTC day holding `instant`, made on first use. `instant` must lie in
 * today's or yesterday's UTC day (relative to `now`): older secrets are gone for good.
 *
 * Race-free across servers: everyone inserts a fresh random value with ON CONFLICT DO NOTHING, then
 * everyone reads the one row that won, so two servers starting at once agree on one secret.
 */
export async function dailySecret(
  db: Kysely<Database>,
  purpose: string,
  instant: number,
  now = Date.now(),
): Promise<Buffer> {
  const day = utcDay(instant);
  if (day < utcDay(now - DAY_MS) || day > utcDay(now)) {
    throw new Error(`No ${purpose} secret is kept for ${day}: only today's and yesterday's are.`);
  }
  const name = `${purpose}/${day}`;
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const cached = cache.get(name);
  if (cached && Math.abs(now - cached.loadedAt) < SECRET_REFRESH_MS) return cached.secret;

  const secret = loadSecret(db, name, now);
  cache.set(name, { secret, loadedAt: now });
  try {
    return await secret;
  } catch (error) {
    // Do not keep a failure: the next call tries the database again.
    if (cache.get(name)?.secret === secret) cache.delete(name);
    throw error;
  }
}

async function loadSecret(db: Kysely<Database>, name: string, now: number): Promise<Buffer> {
  await db
    .insertInto('app_secrets')
    .values({ name, value: randomBytes(SECRET_BYTES).toString('base64url'), created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}

/**
 * Delete the secrets of `purpose` older than yesterday (UTC, relative to `now`), in the database and in
 * this process's caches. The names are compared here, not in SQL, so no database collation can change
 * the order (and LIKE's `_` or case folding cannot match another purpose).
 */
export async function deleteOldSecrets(
  db: Kysely<Database>,
  purpose: string,
  now = Date.now(),
): Promise<void> {
  const oldest = utcDay(now - DAY_MS);
  const prefix = `${purpose}/`;
  const names = await db
    .selectFrom('app_secrets')
    .select('name')
    .where('name', 'like', `${prefix}%`)
    .execute();
  const stale = names
    .map((r) => r.name)
    .filter((n) => n.startsWith(prefix) && n.slice(prefix.length) < oldest);
  if (stale.length > 0) await db.deleteFrom('app_secrets').where('name', 'in', stale).execute();
  const cache = caches.get(db);
  if (cache) {
    for (const key of cache.keys()) {
      if (key.startsWith(prefix) && key.slice(prefix.length) < oldest) cache.delete(key);
    }
  }
}
