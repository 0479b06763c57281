import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { migrateToLatest, openStore, type Store } from './db';

// Always on an SQLite file, whichever database the project tests: the setting is SQLite's.
const dir = mkdtempSync(join(tmpdir(), 'palcal-sqlite-cache-'));
const stores: Store[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
  rmSync(dir, { recursive: true, force: true });
});

it("the server's SQLite connection keeps at most 4 MB of the file's pages itself, not better-sqlite3's 16 MB (issue 21: memory)", async () => {
  const store = openStore(`sqlite:${join(dir, 'calendar.db')}`);
  stores.push(store);
  await migrateToLatest(store.db);
  const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(store.db);
  // Negative: a size in KiB rather than a number of pages.
  expect(rows).toEqual([{ cache_size: -4000 }]);
});
