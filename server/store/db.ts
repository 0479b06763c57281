import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readSync,
  statfsSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
} from 'kysely';
import pg from 'pg';
import { ChangeCounter } from './changes';
import { migrations } from './migrations/index';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
  /** For SQLite, the file path (backups, integrity checks); null for PostgreSQL. */
  sqlitePath: string | null;
  /** Statements that changed rows visitors can see, so far (server/store/changes.ts). */
  changes: ChangeCounter;
  /**
   * What is wrong with the database file itself, or null: an SQLite file deleted or replaced under the
   * running server keeps taking writes into the file it had open, which nobody will ever read again; a
   * file overwritten in place; a disk with less than `minFreeBytes` free.
   */
  fileProblem(minFreeBytes?: number): string | null;
  close(): Promise<void>;
}

/** Refusing to start: one line for the operator, no stack (server/main.ts prints the message alone). */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** The file that says a database was created at `path` (server/store/db.ts, `openSqlite`). */
export const markerPath = (path: string) => `${path}.marker`;

const markerText = (path: string) =>
  `This file records that the calendar's database ${path} was created here (${new Date().toISOString()}).\n` +
  'While it is here and the database is not, the server refuses to start instead of beginning again\n' +
  'with an empty database: restore the database from a backup, or delete this file to start afresh.\n';

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** True when the file at `path` starts with SQLite's 16-byte header. */
function hasSqliteHeader(path: string): boolean {
  const head = Buffer.alloc(SQLITE_HEADER.length);
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    readSync(fd, head, 0, head.length, 0);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  return head.equals(SQLITE_HEADER);
}

/** Bytes an unprivileged process may still write in the file system holding `dir`. */
function freeBytes(dir: string): number {
  const stats = statfsSync(dir);
  return stats.bavail * stats.bsize;
}

/** The identity of a file (device and inode), or null when there is no file at `path`. */
function fileIdentity(path: string): string | null {
  const stat = statSync(path, { throwIfNoEntry: false });
  return stat ? `${stat.dev}:${stat.ino}` : null;
}

/**
 * SQLite's own page cache, in KiB (issue 21: memory). better-sqlite3 builds SQLite with 16 MB a
 * connection, which a large calendar fills and keeps: at a million events the server's malloc heap grew
 * by ~16 MB during the listing calls. The file's pages stay in the operating system's cache anyway, so a
 * page SQLite no longer holds costs a read from memory, not from the disk. At 4 MB the listing calls
 * keep their rates at a million events and the peak is ~15 MB lower (bench/NOTES.md); at 2 MB a search
 * no longer finds its index's pages held and runs at ~60% of its rate.
 */
const SQLITE_PAGE_CACHE_KIB = 4000;

/**
 * Kysely prepares every query afresh; compiling SQL costs about as much as running the small queries
 * of this app. Keep the most recent prepared statements by their text (SQLite re-prepares them by
 * itself if the schema changes).
 */
function withStatementCache(sqlite: SQLite.Database, size = 200) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string): SQLite.Statement {
      let statement = cache.get(text);
      if (statement) {
        cache.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (cache.size >= size) cache.delete(cache.keys().next().value as string);
      }
      cache.set(text, statement);
      return statement;
    },
  };
}

/**
 * Transactions take SQLite's write lock when they begin (BEGIN IMMEDIATE), not at their first write.
 * A transaction that reads before it writes (most of ours: check, then change) and finds another
 * process holding the lock at that moment (the admin command, a second server on the same file) gets
 * SQLITE_BUSY at once: SQLite never waits to upgrade a read to a write, busy_timeout or not, and the
 * request would fail. Taken up front, the lock is waited for (busy_timeout). This process has one
 * connection and Kysely runs its transactions one at a time, so nothing here waits longer.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** Open the database named by DATABASE_URL: `sqlite:PATH` or `postgres://…`. */
export function openStore(databaseUrl: string): Store {
  if (databaseUrl.startsWith('sqlite:')) {
    const raw = databaseUrl.slice('sqlite:'.length);
    const path = raw === ':memory:' ? raw : resolve(raw);
    const onDisk = path !== ':memory:';
    if (onDisk) {
      // A database that was here and is gone is lost data, not a first start: never replace it
      // silently with an empty one (docs/DEPLOY.md).
      if (!existsSync(path) && existsSync(markerPath(path))) {
        throw new StartupError(
          `The database ${path} is missing, but one was created there before (${markerPath(path)}). ` +
            'Restore it from a backup, or delete that marker file to start with an empty database.',
        );
      }
      mkdirSync(dirname(path), { recursive: true });
    }
    const sqlite = new SQLite(path);
    if (onDisk && !existsSync(markerPath(path))) writeFileSync(markerPath(path), markerText(path));
    const identity = onDisk ? fileIdentity(path) : null;
    const fileProblem = (minFreeBytes = 0) => {
      if (!onDisk) return null;
      const now = fileIdentity(path);
      if (now === null) return `the database file ${path} was deleted while the server was running`;
      if (now !== identity) return `the database file ${path} was replaced while the server was running`;
      // Pages SQLite already holds in memory hide a clobbered file until they are read again: the
      // header says at once whether the file is still a database.
      if (!hasSqliteHeader(path))
        return `the database file ${path} is corrupt: it no longer starts as an SQLite database`;
      // A write that fits in pages the file already has succeeds on a full disk, so the probe's write
      // alone does not see it coming; the free space does.
      const free = freeBytes(dirname(path));
      if (free < minFreeBytes) {
        return `the disk holding ${path} is full: ${free} bytes free, below the ${minFreeBytes} required`;
      }
      return null;
    };
    sqlite.pragma('journal_mode = WAL');
    // NORMAL in WAL mode survives a process crash; only a power cut can lose the last transactions.
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma(`cache_size = -${SQLITE_PAGE_CACHE_KIB}`);
    const changes = new ChangeCounter();
    const db = new Kysely<Database>({
      dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }),
      plugins: [changes],
    });
    return { db, dialect: 'sqlite', sqlitePath: path, changes, fileProblem, close: () => db.destroy() };
  }
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    // int8 columns hold millisecond instants, well inside Number's exact range.
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
    // A server that does not answer must not hang the start (or a request) for ever.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 10_000 });
    // A connection lost while idle (the server restarted) is replaced by the pool; without a listener
    // the error would end the process.
    pool.on('error', () => undefined);
    // Lost while a request holds it (between two statements of a transaction): the statement waiting on
    // it fails and the request answers so; the client's own 'error' event must not end the process.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    const changes = new ChangeCounter();
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [changes] });
    return {
      db,
      dialect: 'postgres',
      sqlitePath: null,
      changes,
      fileProblem: () => null,
      close: () => db.destroy(),
    };
  }
  throw new StartupError('DATABASE_URL must be sqlite:PATH or postgres://…');
}

/** DATABASE_URL as it may be printed: a PostgreSQL password replaced by `***`. */
export function printableDatabaseUrl(databaseUrl: string): string {
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) return databaseUrl;
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'the PostgreSQL address in DATABASE_URL (it is not a valid URL)';
  }
}

/** An error's own words on one line (a connection refused on several addresses has none: its code). */
function oneLine(error: unknown): string {
  const { message, code } = (error ?? {}) as { message?: string; code?: string };
  return (message || code || String(error)).replace(/\s+/g, ' ').trim();
}

/**
 * Open the database of DATABASE_URL and bring its schema up to date, for the server and the admin
 * command. Anything that makes it unusable (no such host, a wrong password, a folder that cannot be
 * written, a file that is not a database) is one StartupError line naming the database and the cause.
 */
export async function openDatabase(databaseUrl: string): Promise<Store> {
  let store: Store | undefined;
  try {
    store = openStore(databaseUrl);
    await migrateToLatest(store.db);
    return store;
  } catch (error) {
    await store?.close().catch(() => undefined);
    if (error instanceof StartupError) throw error;
    throw new StartupError(`Cannot use the database ${printableDatabaseUrl(databaseUrl)}: ${oneLine(error)}`);
  }
}

/** Any fixed 64-bit number; every app server of this project uses the same one. */
const MIGRATION_LOCK_KEY = 7_294_110_552_031;

/**
 * Bring the schema up to date. Safe to run on every start and from several servers at once: on
 * PostgreSQL the whole run (including creating Kysely's bookkeeping tables) holds an advisory lock on
 * one connection, so a second server waits, then finds nothing left to do; each migration runs in a
 * transaction. On SQLite the whole run is one IMMEDIATE transaction: the file's write lock does the same
 * for processes on one machine, and a failed migration leaves nothing half done.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const dialect = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  if (dialect === 'postgres') {
    await db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(conn);
      try {
        await runMigrations(conn);
      } finally {
        await sql`select pg_advisory_unlock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(conn);
      }
    });
  } else {
    await db.connection().execute(async (conn) => {
      await beginImmediate(conn);
      try {
        await runMigrations(conn);
        await sql`commit`.execute(conn);
      } catch (error) {
        await sql`rollback`.execute(conn).catch(() => undefined);
        throw error;
      }
    });
  }
}

/** Take SQLite's write lock, waiting (beyond busy_timeout) while another process migrates. */
async function beginImmediate(conn: Kysely<Database>): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      await sql`begin immediate`.execute(conn);
      return;
    } catch (error) {
      const busy = (error as { code?: string }).code?.startsWith('SQLITE_BUSY');
      if (!busy || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function runMigrations(db: Kysely<Database>): Promise<void> {
  // Numbers are handed out to work in progress, which can land in any order: a database that already
  // ran 0012 still runs a 0009 that lands later (each migration stands alone).
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? failed?.migrationName);
    throw new Error(`Database migration failed: ${reason}`);
  }
}
