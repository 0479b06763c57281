import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { migrateToLatest, openStore } from '../store/db';
import { createEvent } from '../testing/factories';
import { runAdmin } from './run';

const dir = mkdtempSync(join(tmpdir(), 'palcal-cli-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function admin(databaseUrl: string, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, {
    env: parseEnv({ DATABASE_URL: databaseUrl }),
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

it('npm run admin -- backup FILE / restore FILE round-trips the database', async () => {
  const databaseUrl = `sqlite:${join(dir, 'calendar.db')}`;
  const store = openStore(databaseUrl);
  await migrateToLatest(store.db);
  await createEvent(store, { title: 'Kept by the backup' });

  // The "server" keeps its connection open while the backup runs.
  const file = join(dir, 'nightly.db');
  const backup = await admin(databaseUrl, 'backup', file);
  expect(backup).toMatchObject({ code: 0, err: '' });
  expect(existsSync(file)).toBe(true);

  await createEvent(store, { title: 'Written after the backup' });
  await store.close();

  const restore = await admin(databaseUrl, 'restore', file);
  expect(restore.code).toBe(0);
  expect(restore.out).toContain('Restored');

  const reopened = openStore(databaseUrl);
  const titles = (await reopened.db.selectFrom('events').select('title').execute()).map((r) => r.title);
  await reopened.close();
  expect(titles).toEqual(['Kept by the backup']);
});

it('explains what to do instead, with a non-zero exit code', async () => {
  const databaseUrl = `sqlite:${join(dir, 'other.db')}`;
  expect((await admin(databaseUrl, 'backup')).code).toBe(2);
  const missing = await admin(databaseUrl, 'restore', join(dir, 'does-not-exist.db'));
  expect(missing.code).toBe(1);
  expect(missing.err).toContain('No backup at');
});
