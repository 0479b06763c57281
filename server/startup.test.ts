import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markerPath, openDatabase } from './store/db';

/**
 * The server started as operators start it (server/main.ts), on a DATABASE_URL it cannot use: it must
 * stop with exit code 1 and one clear line, no stack trace, no password, and not hang.
 */
const tsx = join(process.cwd(), 'node_modules', 'tsx', 'dist', 'cli.mjs');
let dir: string;
let silent: Server;
let silentPort: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'palcal-startup-'));
  // Accepts connections and never says a word: a PostgreSQL behind a firewall that drops packets.
  silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as { port: number }).port;
});
afterAll(() => {
  silent.close();
  rmSync(dir, { recursive: true, force: true });
});

function start(databaseUrl: string): Promise<{ code: number | null; stderr: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsx, 'server/main.ts'], {
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const kill = setTimeout(() => child.kill('SIGKILL'), 40_000);
    child.on('exit', (code) => {
      clearTimeout(kill);
      resolve({ code, stderr, ms: performance.now() - started });
    });
  });
}

describe('an unusable DATABASE_URL', () => {
  it('stops the start with exit code 1 and one line naming the database and the cause', async () => {
    const notDatabase = join(dir, 'not-a-database.db');
    writeFileSync(notDatabase, 'this is a text file, not a database\n'.repeat(200));
    const cases: [string, RegExp][] = [
      ['postgres://calendar:s3cret-pw@127.0.0.1:1/calendar', /ECONNREFUSED/],
      ['postgres://calendar:s3cret-pw@no-such-host.invalid/calendar', /ENOTFOUND|EAI_AGAIN/],
      [`postgres://calendar:s3cret-pw@127.0.0.1:${silentPort}/calendar`, /timeout/i],
      [`sqlite:${notDatabase}`, /not a database/],
      ['sqlite:/sys/no-such-folder/calendar.db', /EPERM|EACCES|ENOENT|EROFS/],
    ];
    const results = await Promise.all(cases.map(([url]) => start(url)));
    results.forEach(({ code, stderr, ms }, i) => {
      const [url, cause] = cases[i]!;
      expect(code, url).toBe(1);
      const lines = stderr.trim().split('\n');
      expect(lines, url).toHaveLength(1);
      expect(lines[0], url).toMatch(/^Cannot use the database /);
      expect(lines[0], url).toMatch(cause);
      expect(stderr, url).not.toContain('s3cret-pw');
      expect(stderr, url).not.toMatch(/^\s+at /m);
      expect(ms, url).toBeLessThan(30_000);
    });
  }, 60_000);

  it('refuses to start on a deleted SQLite database instead of making an empty one', async () => {
    const path = join(dir, 'calendar.db');
    const store = await openDatabase(`sqlite:${path}`);
    await store.close();
    expect(existsSync(markerPath(path))).toBe(true);
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });

    const { code, stderr } = await start(`sqlite:${path}`);
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `The database ${path} is missing, but one was created there before (${markerPath(path)}). ` +
        'Restore it from a backup, or delete that marker file to start with an empty database.',
    );
    expect(existsSync(path)).toBe(false);
    // The admin command refuses too.
    await expect(openDatabase(`sqlite:${path}`)).rejects.toThrow(/is missing/);
    // Deleting the marker is the operator saying "start afresh".
    rmSync(markerPath(path));
    const fresh = await openDatabase(`sqlite:${path}`);
    await fresh.close();
    expect(existsSync(path)).toBe(true);
  }, 60_000);
});
