import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createEvent } from '../testing/factories';
import { backupSqlite, checkSqliteIntegrity, restoreSqlite } from './backup';
import { migrateToLatest, openStore } from './db';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function freshStore() {
  const dir = mkdtempSync(join(tmpdir(), 'palcal-backup-'));
  dirs.push(dir);
  const path = join(dir, 'calendar.db');
  const store = openStore(`sqlite:${path}`);
  await migrateToLatest(store.db);
  return { dir, path, store };
}

const titles = async (store: ReturnType<typeof openStore>) =>
  (await store.db.selectFrom('events').select('title').orderBy('title').execute()).map((r) => r.title);

it('backs up a live database and restores it, round trip', async () => {
  const { dir, path, store } = await freshStore();
  await createEvent(store, { title: 'Before backup A' });
  await createEvent(store, { title: 'Before backup B' });

  // The server keeps its connection open (and may hold un-checkpointed WAL pages) during the backup.
  const backup = join(dir, 'backup.db');
  backupSqlite(path, backup);
  expect(checkSqliteIntegrity(backup)).toBe('ok');

  await createEvent(store, { title: 'After backup' });
  expect(await titles(store)).toEqual(['After backup', 'Before backup A', 'Before backup B']);
  await store.close();

  const { previous } = restoreSqlite(path, backup);
  expect(previous && existsSync(previous)).toBeTruthy();

  const restored = openStore(`sqlite:${path}`);
  expect(await titles(restored)).toEqual(['Before backup A', 'Before backup B']);
  await restored.close();
  expect(checkSqliteIntegrity(path)).toBe('ok');
});

it('refuses to overwrite an existing backup or restore from a broken file', async () => {
  const { dir, path, store } = await freshStore();
  await store.close();
  const backup = join(dir, 'backup.db');
  backupSqlite(path, backup);
  expect(() => backupSqlite(path, backup)).toThrow(/already exists/);

  const { writeFileSync } = await import('node:fs');
  const junk = join(dir, 'junk.db');
  writeFileSync(junk, 'this is not a database');
  expect(() => restoreSqlite(path, junk)).toThrow();
  expect(checkSqliteIntegrity(path)).toBe('ok');
});
