import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validEventInput } from '../factories';
import { createDatabaseAt, freePort } from '../postgres';

/**
 * The real built server (dist/server/main.js) as a child process, for tests that must kill it, load it
 * or run the admin command beside it. Always on 127.0.0.1 and a free port; every child is killed by
 * `killAllServers()` (call it in afterAll) and, as a last resort, when the test process exits.
 */

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const lockDir = join(root, 'dist', '.build-lock');

interface BuildModule {
  buildIsCurrent(): boolean;
  buildAll(options?: { quiet?: boolean }): Promise<void>;
}

/**
 * Build dist/ once when it is missing or older than the sources (scripts/build.mjs decides). Test files
 * run in parallel workers, so a lock directory keeps two of them from building into dist/ at once.
 */
export async function ensureBuilt(): Promise<void> {
  // A variable path: TypeScript must not try to type-check the .mjs build script.
  const script = join(root, 'scripts', 'build.mjs');
  const { buildAll, buildIsCurrent } = (await import(script)) as BuildModule;
  if (buildIsCurrent()) return;
  mkdirSync(dirname(lockDir), { recursive: true });
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      const held = statSync(lockDir, { throwIfNoEntry: false });
      // A lock older than two minutes belongs to a build that died.
      if (held && Date.now() - held.mtimeMs > 120_000) rmSync(lockDir, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('timed out waiting for another build of dist/');
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    if (!buildIsCurrent()) await buildAll({ quiet: true });
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/**
 * A fresh, empty database for a child server: in the 'api-pg' project a new database in its throwaway
 * PostgreSQL cluster, otherwise an SQLite file in `dir`.
 */
export async function freshDatabaseUrl(
  dir: string,
): Promise<{ url: string; dialect: 'sqlite' | 'postgres' }> {
  const pgAdmin = process.env.PALCAL_TEST_DB === 'postgres' ? process.env.PALCAL_PG_ADMIN_URL : undefined;
  if (pgAdmin) return { url: await createDatabaseAt(pgAdmin), dialect: 'postgres' };
  return { url: `sqlite:${join(dir, 'calendar.db')}`, dialect: 'sqlite' };
}

const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

export interface BuiltServer {
  url: string;
  pid: number;
  /** Resolves when the process has exited, with its signal (e.g. 'SIGKILL') or exit code. */
  exited: Promise<string | number | null>;
  /** SIGKILL: no shutdown hook runs, as in a crash or an OOM kill. */
  crash(): void;
  /** SIGTERM and wait (the server closes its store cleanly); SIGKILL after 10 s. */
  stop(): Promise<void>;
}

/**
 * Start dist/server/main.js on `databaseUrl` (with `env` added, e.g. SMTP settings), or the way
 * `npm start` starts it; resolves once /api/health answers 200.
 */
export async function startBuiltServer(
  databaseUrl: string,
  env: Record<string, string> = {},
  how: 'server' | 'npm start' = 'server',
): Promise<BuiltServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  // `npm start` runs scripts/start.mjs with the V8 flags of package.json's start script, as the bench
  // does (bench/processes.mjs; a variable path: TypeScript must not type-check the .mjs script).
  const bench = join(root, 'bench', 'processes.mjs');
  const args =
    how === 'server'
      ? [join(root, 'dist/server/main.js')]
      : [
          ...((await import(bench)) as { serverNodeFlags(root: string): string[] }).serverNodeFlags(root),
          join(root, 'scripts/start.mjs'),
        ];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<string | number | null>((resolve) => {
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve(signal ?? code);
    });
  });
  const server: BuiltServer = {
    url,
    pid: child.pid ?? 0,
    exited,
    crash() {
      child.kill('SIGKILL');
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the built server exited before it answered: ${output}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      server.crash();
      throw new Error(`the built server did not answer within 30 s: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Kill every child server still running (afterAll, even when a test failed). */
export async function killAllServers(): Promise<void> {
  const waits = [...children].map(
    (child) => new Promise<void>((resolve) => child.once('exit', () => resolve())),
  );
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(waits);
}

export interface SignedUpUser {
  id: string;
  email: string;
  cookie: string;
}

/** Create an account through the API, as a person would; returns its session cookie. */
export async function signUp(url: string, label: string): Promise<SignedUpUser> {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  const res = await fetch(`${url}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Person ${label}`, email, password: 'correct horse battery staple' }),
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string } };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('sid='));
  if (!cookie) throw new Error('sign-up set no session cookie');
  return { id: user.id, email, cookie };
}

/** A valid submission body (POST /api/events); `title` tells submissions apart. */
export function submissionBody(title: string) {
  return validEventInput({
    title,
    description: 'Written while the server was being killed.',
    organizer: 'Durability test',
  });
}
