import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * Throwaway PostgreSQL clusters for tests and benchmarks: initdb into a temp dir, start on 127.0.0.1
 * and a free port (its socket in that dir too, so nothing collides), stop and delete on `stop()`.
 * As root the binaries run as the `postgres` user (PostgreSQL refuses to run as root).
 */

export interface PgCluster {
  /** Admin connection URL (database `postgres`, user `postgres`, trust auth on 127.0.0.1 only). */
  url: string;
  port: number;
  dir: string;
  /** Create an empty database and return its URL. */
  createDatabase(): Promise<string>;
  /** Stop the server and delete its files. Safe to call twice. */
  stop(): void;
}

/** The folder holding initdb/pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/N/bin; null if absent. */
export function findPostgresBin(): string | null {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv && existsSync(join(fromEnv, 'pg_ctl'))) return fromEnv;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => /^\d+$/.test(v) && existsSync(join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : null;
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function postgresIds(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/** Run a PostgreSQL binary (as `postgres` when we are root); throws with its output on failure. */
function runPg(bin: string, tool: string, args: string[]): void {
  const exe = join(bin, tool);
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', exe, ...args]] : [exe, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', cwd: '/', timeout: 60_000 });
  if (result.status !== 0) {
    throw new Error(`${tool} failed: ${result.stderr || result.stdout || result.error?.message}`);
  }
}

/** Start a fresh cluster. Takes about a second; call `stop()` when done. */
export async function startPostgres(options: { bin?: string } = {}): Promise<PgCluster> {
  const bin = options.bin ?? findPostgresBin();
  if (!bin) throw new Error('PostgreSQL binaries not found (set PG_BIN or install postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'palcal-pg-'));
  const data = join(dir, 'data');
  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      try {
        runPg(bin, 'pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']);
      } catch {
        // Already gone; the files go anyway.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (isRoot()) {
      const { uid, gid } = postgresIds();
      chownSync(dir, uid, gid);
    }
    chmodSync(dir, 0o700);
    runPg(bin, 'initdb', [
      '-D',
      data,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
      '--no-instructions',
    ]);
    const port = await freePort();
    const serverOptions = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=300',
      '-c shared_buffers=128MB',
    ].join(' ');
    started = true;
    runPg(bin, 'pg_ctl', [
      'start',
      '-D',
      data,
      '-w',
      '-t',
      '30',
      '-l',
      join(dir, 'log'),
      '-o',
      serverOptions,
    ]);
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    return {
      url,
      port,
      dir,
      createDatabase: () => createDatabaseAt(url),
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}

/** Create a fresh database in the cluster at `adminUrl` (e.g. the one a vitest globalSetup started). */
export async function createDatabaseAt(adminUrl: string): Promise<string> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let shared: PgCluster | null = null;

/**
 * Vitest globalSetup of the 'api-pg' project: one cluster per run. Test workers find it through
 * PALCAL_PG_ADMIN_URL and each startTestServer() creates its own database in it.
 */
export async function setup(): Promise<void> {
  shared = await startPostgres();
  process.env.PALCAL_PG_ADMIN_URL = shared.url;
}

export function teardown(): void {
  shared?.stop();
  shared = null;
}
