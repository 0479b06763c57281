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

/** A real HTTP server on 127.0.0.1 and a free port, on a fresh database. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  // The 'api-pg' test project: a fresh database per server in the cluster its globalSetup started.
  const pgAdminUrl = process.env.PALCAL_TEST_DB === 'postgres' ? process.env.PALCAL_PG_ADMIN_URL : undefined;
  const useTempFile = !options.databaseUrl && !pgAdminUrl && !process.env.TEST_DATABASE_URL;
  const dir = useTempFile ? mkdtempSync(join(tmpdir(), 'palcal-db-')) : null;
  const databaseUrl =
    options.databaseUrl ??
    (pgAdminUrl ? await createDatabaseAt(pgAdminUrl) : undefined) ??
    process.env.TEST_DATABASE_URL ??
    `sqlite:${join(dir ?? '', 'test.db')}`;
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
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
