import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from 'kysely';
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
  close(): Promise<void>;
}

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

/** Open the database named by DATABASE_URL: `sqlite:PATH` or `postgres://…`. */
export function openStore(databaseUrl: string): Store {
  if (databaseUrl.startsWith('sqlite:')) {
    const raw = databaseUrl.slice('sqlite:'.length);
    const path = raw === ':memory:' ? raw : resolve(raw);
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    const sqlite = new SQLite(path);
    sqlite.pragma('journal_mode = WAL');
    // NORMAL in WAL mode survives a process crash; only a power cut can lose the last transactions.
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const changes = new ChangeCounter();
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
      plugins: [changes],
    });
    return { db, dialect: 'sqlite', sqlitePath: path, changes, close: () => db.destroy() };
  }
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    // int8 columns hold millisecond instants, well inside Number's exact range.
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    const changes = new ChangeCounter();
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [changes] });
    return { db, dialect: 'postgres', sqlitePath: null, changes, close: () => db.destroy() };
  }
  throw new Error('DATABASE_URL must be sqlite:PATH or postgres://…');
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
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? failed?.migrationName);
    throw new Error(`Database migration failed: ${reason}`);
  }
}
