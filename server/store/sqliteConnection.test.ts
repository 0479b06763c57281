import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { migrateToLatest, openStore, type Store } from './db';

// The server's own SQLite connection (server/store/db.ts), always on an SQLite file, whichever database
// the project tests: PostgreSQL's locks wait by themselves, and its memory is its server's.
const dir = mkdtempSync(join(tmpdir(), 'palcal-sqlite-connection-'));
const stores: Store[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Another process (the admin command, a second server on the same file) holds the write lock for
 * `ms` milliseconds. Resolves once the lock is taken, with a promise of the process's end (wrapped:
 * a promise resolved with a promise would wait for it).
 */
function holdWriteLock(file: string, ms: number): Promise<{ ended: Promise<void> }> {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(${JSON.stringify(file)});
    db.exec('begin immediate');
    process.stdout.write('locked\\n');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms});
    db.exec('commit');
    db.close();`;
  const child = spawn(process.execPath, ['-e', script], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ended = new Promise<void>((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lock holder exited ${code}`)))),
  );
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve({ ended });
    });
    child.once('error', reject);
  });
}

it('a transaction that reads and then writes waits for another process holding the write lock, rather than failing', async () => {
  const file = join(dir, 'calendar.db');
  const store = openStore(`sqlite:${file}`);
  stores.push(store);
  await migrateToLatest(store.db);

  const { ended } = await holdWriteLock(file, 400);
  // Check, then change: the shape of most of our commands. A deferred BEGIN would get SQLITE_BUSY
  // at the insert, at once, whatever busy_timeout says.
  await store.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('app_secrets').select('name').execute();
    expect(before).toEqual([]);
    await trx
      .insertInto('app_secrets')
      .values({ name: 'lock-test', value: 'x', created_at: Date.now() })
      .execute();
  });
  await ended;
  const rows = await store.db.selectFrom('app_secrets').select('name').execute();
  expect(rows.map((r) => r.name)).toEqual(['lock-test']);
});

it("keeps at most 4 MB of the file's pages itself, not better-sqlite3's 16 MB (issue 21: memory)", async () => {
  const store = openStore(`sqlite:${join(dir, 'cache.db')}`);
  stores.push(store);
  await migrateToLatest(store.db);
  const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(store.db);
  // Negative: a size in KiB rather than a number of pages.
  expect(rows).toEqual([{ cache_size: -4000 }]);
});
