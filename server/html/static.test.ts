import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';

const js = `console.log(${JSON.stringify('x'.repeat(2000))});`;
let dir: string;
let server: TestServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'palcal-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="app-config" content="%APP_CONFIG%"><title>%TITLE%</title>%HEAD%</head><body></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), js);
  writeFileSync(join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(js));
  writeFileSync(join(dir, 'assets', 'app-abc123.js.gz'), gzipSync(js));
  server = await startTestServer({ webRoot: dir });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

it('serves the prebuilt compressed asset the browser accepts, cached for a year', async () => {
  for (const [accept, encoding] of [
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['identity', null],
  ] as const) {
    const res = await server.fetch('/assets/app-abc123.js', { headers: { 'accept-encoding': accept } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // fetch decodes the body: whatever travelled, the script arrives intact.
    expect(await res.text()).toBe(js);
  }
});

it('answers client routes with the page shell and the site title', async () => {
  const res = await server.fetch('/moderation');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/html');
  expect(await res.text()).toContain('<title>Palestine Solidarity Calendar</title>');
});
