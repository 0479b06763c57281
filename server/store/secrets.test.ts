import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { msg } from '../../common/i18n/messages';
import { runMaintenance } from '../maintenance';
import { hitRateLimit, type RateRule, rateKey } from '../rateLimit';
import { createDatabaseAt } from '../testing/postgres';
import { backupSqlite, restoreSqlite } from './backup';
import { migrateToLatest, openStore, type Store } from './db';
import { DAY_MS, dailySecret, SECRET_BYTES, SECRET_REFRESH_MS, utcDay } from './secrets';

const dirs: string[] = [];
const stores: Store[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh database (PostgreSQL in the api-pg project, else an SQLite file) and `n` handles on it. */
async function handles(n: number, kind: 'sqlite' | 'default' = 'default'): Promise<Store[]> {
  const pgAdmin = process.env.PALCAL_TEST_DB === 'postgres' ? process.env.PALCAL_PG_ADMIN_URL : undefined;
  let url: string;
  if (pgAdmin && kind === 'default') {
    url = await createDatabaseAt(pgAdmin);
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'palcal-secrets-'));
    dirs.push(dir);
    url = `sqlite:${join(dir, 'calendar.db')}`;
  }
  const opened = Array.from({ length: n }, () => openStore(url));
  stores.push(...opened);
  // Every "server" migrates on start (one after another here: starting at once is multi-server.test.ts's).
  for (const s of opened) await migrateToLatest(s.db);
  return opened;
}

const names = async (store: Store) =>
  (await store.db.selectFrom('app_secrets').select('name').orderBy('name').execute()).map((r) => r.name);

// Noon, 10 March 2031 (UTC).
const NOON = Date.UTC(2031, 2, 10, 12);

it('makes a random 32-byte secret per day on first use and returns the same one after', async () => {
  const [store] = await handles(1);
  const today = await dailySecret(store!.db, 'test', NOON, NOON);
  expect(today).toHaveLength(SECRET_BYTES);
  expect(today.equals(Buffer.alloc(SECRET_BYTES))).toBe(false);
  expect((await dailySecret(store!.db, 'test', NOON + 3600_000, NOON + 3600_000)).equals(today)).toBe(true);
  const tomorrow = await dailySecret(store!.db, 'test', NOON + DAY_MS, NOON + DAY_MS);
  expect(tomorrow.equals(today)).toBe(false);
  expect(await names(store!)).toEqual(['test/2031-03-10', 'test/2031-03-11']);
  // Another purpose has its own secrets, and its rotation leaves this one's alone.
  const other = await dailySecret(store!.db, 'other', NOON + DAY_MS, NOON + DAY_MS);
  expect(other.equals(tomorrow)).toBe(false);
  expect(await names(store!)).toEqual(['other/2031-03-11', 'test/2031-03-10', 'test/2031-03-11']);
});

it('creates exactly one secret when several servers start and ask for it at once', async () => {
  const servers = await handles(4);
  const now = Date.now();
  const asked = await Promise.all(
    servers.flatMap((s) => Array.from({ length: 5 }, () => dailySecret(s.db, 'rate-limit', now, now))),
  );
  const rows = await servers[0]!.db.selectFrom('app_secrets').selectAll().execute();
  expect(rows).toHaveLength(1);
  expect(rows[0]?.name).toBe(`rate-limit/${utcDay(now)}`);
  const value = Buffer.from(rows[0]!.value, 'base64url');
  expect(asked.every((secret) => secret.equals(value))).toBe(true);
});

it("keeps only today's and yesterday's secret, and will not make or use an older one", async () => {
  const [store, other] = await handles(2);
  const db = store!.db;
  for (let day = 0; day < 4; day++)
    await dailySecret(db, 'rate-limit', NOON + day * DAY_MS, NOON + day * DAY_MS);
  // Old secrets go by the maintenance timer (server/maintenance.ts), run here rather than waited for.
  await runMaintenance(db, NOON + 3 * DAY_MS);
  expect(await names(store!)).toEqual(['rate-limit/2031-03-12', 'rate-limit/2031-03-13']);

  // Just after midnight a window that began yesterday still uses yesterday's secret.
  const justAfter = Date.UTC(2031, 2, 14, 0, 1);
  const yesterday = await dailySecret(db, 'rate-limit', justAfter - 5 * 60_000, justAfter);
  const stored = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', 'rate-limit/2031-03-13')
    .executeTakeFirstOrThrow();
  expect(yesterday.equals(Buffer.from(stored.value, 'base64url'))).toBe(true);

  // The day before yesterday is gone for this server (and its cache) and for any other.
  await dailySecret(db, 'rate-limit', justAfter, justAfter);
  await runMaintenance(db, justAfter);
  expect(await names(store!)).toEqual(['rate-limit/2031-03-13', 'rate-limit/2031-03-14']);
  for (const s of [store!, other!]) {
    await expect(dailySecret(s.db, 'rate-limit', NOON + 2 * DAY_MS, justAfter)).rejects.toThrow(
      /only today's/,
    );
  }
  // Nor is one made for a day that has not begun.
  await expect(dailySecret(db, 'rate-limit', justAfter + DAY_MS, justAfter)).rejects.toThrow();
  expect(await names(store!)).toEqual(['rate-limit/2031-03-13', 'rate-limit/2031-03-14']);
});

it('reads the secret from memory, and from the database again after a short while', async () => {
  const [store] = await handles(1);
  const db = store!.db;
  const first = await dailySecret(db, 'test', NOON, NOON);
  // Someone else replaced it (a restored database, another server's clock far ahead).
  const replacement = Buffer.alloc(SECRET_BYTES, 7);
  await db
    .updateTable('app_secrets')
    .set({ value: replacement.toString('base64url') })
    .where('name', '=', 'test/2031-03-10')
    .execute();
  expect((await dailySecret(db, 'test', NOON + 1000, NOON + 1000)).equals(first)).toBe(true);
  const later = NOON + SECRET_REFRESH_MS;
  expect((await dailySecret(db, 'test', later, later)).equals(replacement)).toBe(true);
});

it('leaves the secrets and the rate-limit rows out of a backup; the restored database counts afresh', async () => {
  const [store] = await handles(1, 'sqlite');
  const path = store!.sqlitePath!;
  const rule: RateRule = { name: 'backup-test', limit: 2, windowMs: 60_000, message: msg('rateLimited') };
  const now = Date.now();
  await hitRateLimit(store!.db, rule, '203.0.113.5', now);
  await hitRateLimit(store!.db, rule, '203.0.113.5', now);
  expect((await hitRateLimit(store!.db, rule, '203.0.113.5', now)).allowed).toBe(false);
  const secret = await dailySecret(store!.db, 'rate-limit', now, now);
  const key = await rateKey(store!.db, rule, '203.0.113.5', now);

  const dir = mkdtempSync(join(tmpdir(), 'palcal-secrets-backup-'));
  dirs.push(dir);
  const file = join(dir, 'backup.db');
  backupSqlite(path, file);
  expect(readdirSync(dir)).toEqual(['backup.db']);
  const bytes = readFileSync(file);
  expect(bytes.includes(Buffer.from(secret.toString('base64url')))).toBe(false);
  expect(bytes.includes(Buffer.from(key))).toBe(false);

  await store!.close();
  stores.splice(stores.indexOf(store!), 1);
  restoreSqlite(path, file);
  const restored = openStore(`sqlite:${path}`);
  stores.push(restored);
  await migrateToLatest(restored.db);
  expect(await restored.db.selectFrom('app_secrets').selectAll().execute()).toEqual([]);
  expect(await restored.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
  expect((await hitRateLimit(restored.db, rule, '203.0.113.5', now)).allowed).toBe(true);
  const fresh = await dailySecret(restored.db, 'rate-limit', now, now);
  expect(fresh.equals(secret)).toBe(false);
});
