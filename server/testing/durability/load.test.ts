import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureBuilt, freshDatabaseUrl, killAllServers, root, startBuiltServer } from './builtServer';

/**
 * The short version of `npm run bench:load` (bench/load-check.mjs, same code): 50 connections on the
 * listing, event pages and the event API of the built server, 400 requests each (a count, not a
 * duration: a busy machine takes longer rather than testing less). It checks correctness under
 * concurrency (zero errors, timeouts and non-2xx answers), not speed. On SQLite, and
 * on PostgreSQL in the 'api-pg' project.
 */

interface LoadRow {
  name: string;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}
interface LoadCheckModule {
  publicEventIds(url: string, limit?: number): Promise<string[]>;
  loadCheck(
    url: string,
    ids: string[],
    options: { connections: number; durationSeconds?: number; amount?: number },
  ): Promise<LoadRow[]>;
}

const dir = mkdtempSync(join(tmpdir(), 'palcal-load-test-'));
beforeAll(() => ensureBuilt(), 180_000);
afterAll(async () => {
  await killAllServers();
  rmSync(dir, { recursive: true, force: true });
});

it('answers 50 concurrent connections on the listing and event pages with no error and no non-2xx', async () => {
  const { url: databaseUrl } = await freshDatabaseUrl(dir);
  const server = await startBuiltServer(databaseUrl);
  await promisify(execFile)(
    process.execPath,
    [join(root, 'dist/server/admin.js'), 'generate-events', '500'],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      timeout: 60_000,
    },
  );
  // A variable path: TypeScript must not type-check the .mjs script; its shape is declared above.
  const script = join(root, 'bench', 'load-check.mjs');
  const { loadCheck, publicEventIds } = (await import(script)) as LoadCheckModule;
  const ids = await publicEventIds(server.url);
  expect(ids.length).toBeGreaterThan(20);

  const rows = await loadCheck(server.url, ids, { connections: 50, amount: 400 });
  expect(rows.map((r) => r.name)).toHaveLength(3);
  for (const row of rows) {
    expect(row.requests, row.name).toBeGreaterThanOrEqual(400);
    expect({ name: row.name, errors: row.errors, timeouts: row.timeouts, non2xx: row.non2xx }).toEqual({
      name: row.name,
      errors: 0,
      timeouts: 0,
      non2xx: 0,
    });
  }
  // Still healthy afterwards.
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  await server.stop();
}, 90_000);
