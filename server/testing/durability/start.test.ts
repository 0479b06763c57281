import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureBuilt, freshDatabaseUrl, killAllServers, startBuiltServer } from './builtServer';

/**
 * `npm start` (scripts/start.mjs) as it runs in production: the serving process is the one started,
 * with package.json's V8 flags and glibc's malloc settings (scripts/malloc.mjs), which glibc reads only
 * when a process starts, so the script becomes itself again with them rather than starting a second
 * process (which would hold its own memory and pass signals on).
 */
const dir = mkdtempSync(join(tmpdir(), 'palcal-start-test-'));
beforeAll(() => ensureBuilt(), 180_000);
afterAll(async () => {
  await killAllServers();
  rmSync(dir, { recursive: true, force: true });
});

it('serves from the process it started, with the V8 flags and malloc settings, and stops on SIGTERM', async () => {
  const { url: databaseUrl } = await freshDatabaseUrl(dir);
  const server = await startBuiltServer(databaseUrl, {}, 'npm start');
  const proc = (file: string) => readFileSync(`/proc/${server.pid}/${file}`, 'utf8').split('\0');
  expect(proc('environ')).toContain('MALLOC_ARENA_MAX=2');
  expect(proc('cmdline')).toContain('--max-old-space-size=320');
  expect(proc('cmdline').at(-2)).toMatch(/scripts\/start\.mjs$/);
  const home = await fetch(`${server.url}/`);
  expect(home.status).toBe(200);
  expect(await home.text()).toContain('<div id="root"><');
  await server.stop();
  expect(await server.exited).toBe(0);
}, 60_000);
