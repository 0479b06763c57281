// The page renderer on a thread of its own (server/html/renderThread.ts): pages render there while the
// server's thread goes on, each API answer asked of the server's thread; a render that never ends or a
// thread that dies costs the pages it held, not the server, and the next page gets a new thread.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderOptions } from '../../web/entry-server';
import type { ClientConfig } from '../../web/lib/config';
import { startTestServer, type TestServer } from '../testing/harness';
import { makeWebBuild } from '../testing/webBuild';
import { type FetchText, type PageRenderer, startRenderThread } from './renderThread';

/**
 * A stand-in renderer: writes the thread it ran on, the name of whom the page is for and an API answer
 * into the page; `/busy` holds
 * its thread 300 ms, `/loop` forever, `/hog` keeps taking memory, `/crash` ends its thread, `/throw` fails.
 */
const RENDERER = `
import { threadId } from 'node:worker_threads';
export const criticalCss = { list: '.l{}', month: '.m{}', event: '.e{}' };
export async function render(url, fetchJson, config, options) {
  if (url === '/throw') throw new Error('render exploded');
  if (url === '/crash') process.exit(3);
  if (url === '/loop') for (;;);
  if (url === '/hog') { const kept = []; for (;;) kept.push(new Array(100000).fill(url)); }
  if (url === '/busy') { const until = Date.now() + 300; while (Date.now() < until); }
  const about = await fetchJson('/api/about');
  const name = options.session.user ? options.session.user.name : 'visitor';
  return {
    html: '<p>' + url + ' on thread ' + threadId + ' for ' + name + ' of ' + config.siteTitle + ': ' + about.body.text + '</p>',
    state: { queries: [{ key: ['about'], data: about.body, updatedAt: 1 }] },
    title: null,
    namespaces: ['common'],
  };
}
`;

const config = { siteTitle: 'Test calendar' } as ClientConfig;
/** The API's answers, as text, as the server's thread passes them on. */
const api: FetchText = async (path) =>
  path === '/api/about'
    ? { status: 200, text: JSON.stringify({ text: 'About us' }) }
    : { status: 404, text: null };
/** A page for a person named `name` (the stand-in reads no more of who they are). */
const pageFor = (name: string) => ({ session: { user: { name } } }) as unknown as RenderOptions;
const forNadia = pageFor('Nadia');

/** A rendered page's markup, which comes from the thread as UTF-8 bytes. */
const pageOf = (result: Awaited<ReturnType<PageRenderer['render']>>) =>
  result ? new TextDecoder().decode(result.html) : '';

describe('the render thread', () => {
  let dir: string;
  let renderer: PageRenderer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'palcal-thread-'));
    writeFileSync(join(dir, 'entry-server.js'), RENDERER);
    renderer = await startRenderThread(join(dir, 'entry-server.js'), { timeoutMs: 1000, heapMb: 48 });
  });
  afterAll(async () => {
    await renderer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders on another thread, with the API answers the server’s thread gives it', async () => {
    const result = await renderer.render('/', api, config, forNadia);
    const html = pageOf(result);
    expect(html).toMatch(/^<p>\/ on thread \d+ for Nadia of Test calendar: About us<\/p>$/);
    expect(html).not.toContain(`on thread ${threadId} `);
    expect(result?.state.queries[0]?.data).toEqual({ text: 'About us' });
    expect(result?.namespaces).toEqual(['common']);
  });

  it('hands the markup over as UTF-8 bytes, whatever its script', async () => {
    const result = await renderer.render('/', api, config, pageFor('نادية – “Nadia”'));
    expect(result?.html).toBeInstanceOf(Uint8Array);
    expect(pageOf(result)).toMatch(/ for نادية – “Nadia” of Test calendar: About us<\/p>$/);
  });

  it('hands over the first-screen style sheets the renderer exports', () => {
    expect(renderer.criticalCss).toEqual({ list: '.l{}', month: '.m{}', event: '.e{}' });
  });

  it('leaves the server’s thread free while a page renders', async () => {
    const started = Date.now();
    const busy = renderer.render('/busy', api, config, forNadia);
    // The server's thread is free for other work meanwhile (here: timers firing on time).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(Date.now() - started).toBeLessThan(250);
    expect(pageOf(await busy)).toContain('/busy on thread');
  });

  it('fails a render the renderer fails, and renders the next', async () => {
    await expect(renderer.render('/throw', api, config, forNadia)).rejects.toThrow('render exploded');
    expect(pageOf(await renderer.render('/', api, config, forNadia))).toContain('for Nadia');
  });

  it('ends a thread that keeps a render too long; the renders it held fail, the next page gets a new thread', async () => {
    const before = pageOf(await renderer.render('/', api, config, forNadia));
    const stuck = renderer.render('/loop', api, config, forNadia);
    const behind = renderer.render('/', api, config, forNadia);
    await expect(stuck).rejects.toThrow('over 1000 ms');
    await expect(behind).rejects.toThrow('over 1000 ms');
    const after = pageOf(await renderer.render('/', api, config, forNadia));
    expect(after).toContain('for Nadia');
    expect(/thread (\d+)/.exec(after)?.[1]).not.toBe(/thread (\d+)/.exec(before)?.[1]);
  });

  it('ends a thread whose heap outgrows its limit; the next page gets a new thread', async () => {
    await expect(renderer.render('/hog', api, config, forNadia)).rejects.toThrow(/memory/i);
    expect(pageOf(await renderer.render('/', api, config, forNadia))).toContain('for Nadia');
  });

  it('fails the renders of a thread that dies, and the next page gets a new thread', async () => {
    await expect(renderer.render('/crash', api, config, forNadia)).rejects.toThrow(
      'the render thread stopped',
    );
    expect(pageOf(await renderer.render('/', api, config, forNadia))).toContain('for Nadia');
  });
});

describe('a renderer that cannot be loaded', () => {
  it('is refused when it exports no render function, and when it does not load at all', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'palcal-thread-'));
    try {
      writeFileSync(join(dir, 'none.js'), 'export const nothing = 1;\n');
      writeFileSync(join(dir, 'broken.js'), 'export const = ;\n');
      await expect(startRenderThread(join(dir, 'none.js'))).rejects.toThrow('exports no render function');
      await expect(startRenderThread(join(dir, 'broken.js'))).rejects.toThrow(/SyntaxError/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a server stopping', () => {
  it('fails the renders still in the thread, and renders nothing more', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'palcal-thread-'));
    try {
      writeFileSync(join(dir, 'entry-server.js'), RENDERER);
      const renderer = await startRenderThread(join(dir, 'entry-server.js'));
      const busy = renderer.render('/busy', api, config, forNadia);
      await renderer.close();
      await expect(busy).rejects.toThrow('the server is stopping');
      await expect(renderer.render('/', api, config, forNadia)).resolves.toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a server rendering a slow page', () => {
  /** Takes 400 ms of its thread's CPU for `/?slow`, then renders. */
  const SLOW_RENDERER = `
export async function render(url, fetchJson) {
  await fetchJson('/api/about');
  if (url.includes('slow')) { const until = Date.now() + 400; while (Date.now() < until); }
  return { html: '<p>Rendered ' + url + '</p>', state: { queries: [] }, namespaces: [] };
}
`;
  let dir: string;
  let server: TestServer;

  beforeAll(async () => {
    dir = makeWebBuild('thread-http', {
      template: `<!doctype html><html><head><title>%TITLE%</title>%HEAD%</head><body>
    <div id="root"></div>
  </body></html>`,
      renderer: SLOW_RENDERER,
    });
    server = await startTestServer({ webRoot: join(dir, 'web'), env: { LISTING_CACHE_MS: '0' } });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('answers other requests while it renders, and then sends the page rendered', async () => {
    const page = server.fetch('/?slow').then(async (res) => ({ html: await res.text(), at: Date.now() }));
    // Let the render start on its thread, then ask for something else.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const events = await server.fetch('/api/events');
    const answeredAt = Date.now();
    expect(events.status).toBe(200);
    const { html, at } = await page;
    expect(html).toContain('<p>Rendered /?slow</p>');
    // Rendered in the server's own thread (this test's too), nothing else would run until the 400 ms
    // render was over, not this test's timer nor the listing: the listing would come after the page.
    // (An order rather than a number of milliseconds: a loaded machine stretches both.)
    expect(answeredAt).toBeLessThan(at);
  });
});
