import { existsSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import SQLite from 'better-sqlite3';

/** Open an SQLite file and check it is a sound database; returns the integrity check's verdict. */
export function checkSqliteIntegrity(path: string): string {
  const db = new SQLite(path, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

/**
 * An online, consistent copy of a live SQLite database (VACUUM INTO reads one snapshot, so the server
 * can keep serving and writing meanwhile). The copy is written next to the target and renamed into place.
 */
export function backupSqlite(databasePath: string, targetPath: string): void {
  const source = resolve(databasePath);
  const target = resolve(targetPath);
  if (!existsSync(source)) throw new Error(`No database at ${source}`);
  if (existsSync(target)) throw new Error(`${target} already exists; choose a new file name`);
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    db.prepare('VACUUM INTO ?').run(partial);
  } finally {
    db.close();
  }
  leaveOutSecrets(partial);
  const verdict = checkSqliteIntegrity(partial);
  if (verdict !== 'ok') {
    rmSync(partial, { force: true });
    throw new Error(`The backup failed its integrity check: ${verdict}`);
  }
  renameSync(partial, target);
}

/**
 * Backups leave out `app_secrets` (the daily keys of the rate-limit hashes) and with them the
 * `rate_limits` rows. Backups are kept for weeks and in more places than the database; with the secret
 * beside them, an old backup would give back which addresses were counted on the day it was taken,
 * long after the live database has deleted that secret. Nothing is lost: a restored database gets a
 * new secret on its first request, and without the old one its rows could never match again anyway
 * (counting starts afresh). secure_delete zeroes the deleted rows' bytes and the rollback journal stays
 * in memory, so no copy of them is left in the backup file or beside it.
 */
function leaveOutSecrets(path: string): void {
  const db = new SQLite(path, { fileMustExist: true });
  try {
    db.pragma('journal_mode = MEMORY');
    db.pragma('secure_delete = ON');
    const tables = new Set(
      (db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map(
        (t) => t.name,
      ),
    );
    db.transaction(() => {
      for (const table of ['app_secrets', 'rate_limits']) {
        if (tables.has(table)) db.prepare(`delete from ${table}`).run();
      }
    })();
  } finally {
    db.close();
  }
}

/**
 * Replace the database with a backup. The server must be stopped first: a running server keeps the
 * old file open. The backup is checked before anything is touched, and the current database is kept
 * beside it as `<name>.before-restore-<time>` in case the wrong file was chosen.
 */
export function restoreSqlite(databasePath: string, backupPath: string): { previous: string | null } {
  const target = resolve(databasePath);
  const source = resolve(backupPath);
  if (!existsSync(source)) throw new Error(`No backup at ${source}`);
  const verdict = checkSqliteIntegrity(source);
  if (verdict !== 'ok') throw new Error(`${source} is not a sound SQLite database: ${verdict}`);

  // Copy through SQLite (not the file system) so the restored file is complete before it replaces anything.
  const staged = `${target}.restoring`;
  rmSync(staged, { force: true });
  const src = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    src.prepare('VACUUM INTO ?').run(staged);
  } finally {
    src.close();
  }

  let previous: string | null = null;
  if (existsSync(target)) {
    // Fold the write-ahead log into the old file so the kept copy is whole.
    const old = new SQLite(target, { fileMustExist: true });
    try {
      old.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      old.close();
    }
    previous = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target, previous);
  }
  for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  renameSync(staged, target);
  return { previous };
}
