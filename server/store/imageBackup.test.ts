import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { processImage } from '../images/process';
import { createUser } from '../testing/factories';
import { freshTestDatabase } from '../testing/harness';
import { photoWithMetadata, smallPng } from '../testing/images';
import { createDatabaseAt, findPostgresBin } from '../testing/postgres';
import { backupSqlite, restoreSqlite } from './backup';
import { migrateToLatest, openStore, type Store } from './db';
import { insertImage } from './images';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'palcal-image-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const variantsOf = async (store: Store) =>
  (
    await store.db
      .selectFrom('image_variants')
      .select(['image_id', 'width', 'format', 'data'])
      .orderBy('image_id')
      .orderBy('width')
      .orderBy('format')
      .execute()
  ).map((v) => ({ ...v, data: Buffer.from(v.data).toString('base64') }));

/**
 * Flyers live in the database (docs/PRODUCT.md#flyers), so the backups docs/DEPLOY.md describes carry
 * them: `npm run admin -- backup` on SQLite, pg_dump and pg_restore on PostgreSQL. Byte for byte.
 */
it('backs up and restores every image variant byte for byte', async () => {
  const database = await freshTestDatabase();
  const store = openStore(database.url);
  await migrateToLatest(store.db);
  const user = await createUser(store);
  for (const file of [await photoWithMetadata(1400, 900), await smallPng(42, 200, 150)]) {
    await insertImage(store.db, {
      uploadedBy: user.id,
      image: await processImage(file),
      uploadBytes: file.length,
    });
  }
  const before = await variantsOf(store);
  // 400, 640, 800 and 1200 px of the photo, 200 px of the PNG; WebP and JPEG each.
  expect(before.length).toBe(10);
  const images = await store.db.selectFrom('images').selectAll().orderBy('id').execute();

  let restored: Store;
  if (store.dialect === 'sqlite') {
    const path = store.sqlitePath ?? '';
    const backup = join(dir, 'backup.db');
    backupSqlite(path, backup);
    await store.db.deleteFrom('images').execute();
    await store.close();
    restoreSqlite(path, backup);
    restored = openStore(`sqlite:${path}`);
  } else {
    const bin = findPostgresBin() ?? '';
    const dump = join(dir, 'backup.dump');
    await run(join(bin, 'pg_dump'), [
      '--format=custom',
      '--no-owner',
      `--file=${dump}`,
      `--dbname=${database.url}`,
    ]);
    await store.close();
    const copyUrl = await createDatabaseAt(process.env.PALCAL_PG_ADMIN_URL ?? '');
    await run(join(bin, 'pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${copyUrl}`, dump]);
    restored = openStore(copyUrl);
  }
  try {
    expect(await variantsOf(restored)).toEqual(before);
    expect(await restored.db.selectFrom('images').selectAll().orderBy('id').execute()).toEqual(images);
  } finally {
    await restored.close();
    database.remove();
  }
});
