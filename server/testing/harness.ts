import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Env, parseEnv } from '../env';
import { migrateToLatest, openStore, type Store } from '../store/db';
import { createDatabaseAt } from './postgres';

export interface TestServer {
  /** Base URL, e.g. http://127.0.0.1:43123 */
  url: string;
  app: FastifyInstance;
  store: Store;
  env: Env;
  /** fetch against this server; a path is resolved against `url`. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Extra environment (PUBLIC_URL, GOOGLE_*…). */
  env?: Record<string, string>;
  /** Built web app to serve (browser tests); API only when omitted. */
  webRoot?: string | null;
  /** Use this database instead of a fresh temporary SQLite file. */
  databaseUrl?: string;
  /** Write the request log (pino JSON lines) here; no log when omitted. */
  logStream?: NodeJS.WritableStream;
}

/** The 'api-pg' test project's cluster (its globalSetup started it), or undefined on SQLite. */
const pgAdminUrl = () =>
  process.env.PALCAL_TEST_DB === 'postgres' ? process.env.PALCAL_PG_ADMIN_URL : undefined;

export interface TestDatabase {
  url: string;
  /** Delete its files (a SQLite database); a PostgreSQL one goes with the cluster when the run ends. */
  remove(): void;
}

/** A fresh, empty database: one in the api-pg project's cluster, else a SQLite file in a temp folder. */
export async function freshTestDatabase(): Promise<TestDatabase> {
  const admin = pgAdminUrl();
  if (admin) return { url: await createDatabaseAt(admin), remove: () => {} };
  const dir = mkdtempSync(join(tmpdir(), 'palcal-db-'));
  return {
    url: `sqlite:${join(dir, 'test.db')}`,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A real HTTP server on 127.0.0.1 and a free port, on a fresh database. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const given = options.databaseUrl ?? (pgAdminUrl() ? undefined : process.env.TEST_DATABASE_URL);
  // A database the caller gave is theirs to remove.
  const database: TestDatabase = given ? { url: given, remove: () => {} } : await freshTestDatabase();
  const databaseUrl = database.url;
  const store = openStore(databaseUrl);
  await migrateToLatest(store.db);
  const env = parseEnv({ PORT: '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, ...options.env });
  const app = await buildApp({
    store,
    env,
    webRoot: options.webRoot ?? null,
    logger: options.logStream ? { stream: options.logStream } : false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    app,
    store,
    env,
    fetch: (path, init) => fetch(new URL(path, url), init),
    async close() {
      await app.close();
      await store.close();
      database.remove();
    },
  };
}

/** `N` of `T` as a tuple type, so that `const [a, b] = …` needs no non-null assertions. */
type Several<T, N extends number, Acc extends T[] = []> = number extends N
  ? T[]
  : Acc['length'] extends N
    ? Acc
    : Several<T, N, [...Acc, T]>;

export interface TestServers<N extends number> {
  servers: Several<TestServer, N>;
  /** Close every server, then delete the database's files. */
  close(): Promise<void>;
}

/**
 * Several app servers on one fresh database (in the api-pg project's cluster, else one SQLite file), as
 * when the app is deployed behind a load balancer: nothing that matters may live in one process's memory.
 * They start at once, so on the empty database they all run the migrations together.
 */
export async function startServersOnOneDatabase<N extends number>(
  count: N,
  options: Omit<TestServerOptions, 'databaseUrl'> = {},
): Promise<TestServers<N>> {
  const database = await freshTestDatabase();
  const started = await Promise.allSettled(
    Array.from({ length: count }, () => startTestServer({ ...options, databaseUrl: database.url })),
  );
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const close = async () => {
    await Promise.all(servers.map((server) => server.close()));
    database.remove();
  };
  const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    // Leave nothing behind when one of them could not start.
    await close();
    throw failed.reason;
  }
  return { servers: servers as Several<TestServer, N>, close };
}
