// Server renders wait in one line (server/html/renderQueue.ts): in order, a bounded number at once, one
// started per turn of the event loop, so that a visitor whose connection is new is not left behind
// everyone already connected while the server is busy.
import { rmSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';
import { makeWebBuild } from '../testing/webBuild';
import { renderQueue } from './renderQueue';

/** A line whose other bounds never come into play. */
const line = (concurrency: number) => renderQueue({ concurrency, maxHoldMs: 60_000, maxWaiting: 1000 });

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('renderQueue', () => {
  it('runs renders in the order they were asked for, never more than its bound at once', async () => {
    const queue = line(2);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const results = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) =>
        queue.run(async () => {
          started.push(i);
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 5 + (i % 3) * 5));
          running -= 1;
          return i * 10;
        }),
      ),
    );
    expect(results).toEqual([0, 10, 20, 30, 40, 50]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it('starts one render per turn of the event loop, never from the caller’s own turn', async () => {
    const queue = line(4);
    const started: number[] = [];
    const done = [0, 1, 2].map((i) =>
      queue.run(async () => {
        started.push(i);
      }),
    );
    expect(started).toEqual([]);
    await turn();
    expect(started).toEqual([0]);
    await turn();
    expect(started).toEqual([0, 1]);
    await Promise.all(done);
    expect(started).toEqual([0, 1, 2]);
  });

  it('hands a failed render’s error to its caller and goes on with the next', async () => {
    const queue = line(1);
    const failing = queue.run(async () => {
      throw new Error('render exploded');
    });
    const throwing = queue.run(() => {
      throw new Error('thrown before any promise');
    });
    const next = queue.run(async () => 'rendered');
    await expect(failing).rejects.toThrow('render exploded');
    await expect(throwing).rejects.toThrow('thrown before any promise');
    await expect(next).resolves.toBe('rendered');
  });

  it('lets the next render start once one has held its place too long (a database that stopped answering)', async () => {
    const queue = renderQueue({ concurrency: 1, maxHoldMs: 30, maxWaiting: 10 });
    let release = () => {};
    const stuck = queue.run(
      () =>
        new Promise<string>((resolve) => {
          release = () => resolve('late');
        }),
    );
    const next = queue.run(async () => 'next');
    await expect(next).resolves.toBe('next');
    release();
    await expect(stuck).resolves.toBe('late');
  });

  it('says when it is full: as many renders wait as it holds', async () => {
    const queue = renderQueue({ concurrency: 1, maxHoldMs: 60_000, maxWaiting: 2 });
    let finish = () => {};
    const first = queue.run(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const second = queue.run(async () => {});
    expect(queue.full).toBe(true);
    await turn();
    // The first is running: one waits.
    expect(queue.full).toBe(false);
    finish();
    await Promise.all([first, second]);
    expect(queue.full).toBe(false);
  });
});

/**
 * A stand-in renderer that asks the API for the page's events, as the real one does, and costs ~4 ms of
 * CPU, as a real page does (SQLite answers synchronously).
 */
const BUSY_RENDERER = `
export async function render(url, fetchJson) {
  const events = await fetchJson('/api/events');
  if (events.status !== 200) throw new Error('no events answer');
  const until = performance.now() + 4;
  while (performance.now() < until);
  return { html: '<p>Rendered ' + url + '</p>', state: { queries: [] }, namespaces: [] };
}
`;

const TEMPLATE = `<!doctype html><html><head><title>%TITLE%</title>%HEAD%</head><body>
    <div id="root"></div>
  </body></html>`;

/** GET `path` on a connection of `agent`'s own (keep-alive, one socket). */
function get(url: string, agent: http.Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${res.statusCode}`))));
      })
      .on('error', reject);
  });
}

describe('a busy server rendering pages', () => {
  let dir: string;
  let server: TestServer;

  beforeAll(async () => {
    dir = makeWebBuild('queue', { template: TEMPLATE, renderer: BUSY_RENDERER });
    // Every home page rendered afresh (no micro-cache), as for people signed in.
    server = await startTestServer({ webRoot: join(dir, 'web'), env: { LISTING_CACHE_MS: '0' } });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves people who just connected about as soon as those already connected', async () => {
    const url = `${server.url}/`;
    const REGULARS = 15;
    const NEWCOMERS = 15;
    let served = 0;
    let stop = false;
    const regularAgents = Array.from(
      { length: REGULARS },
      () => new http.Agent({ keepAlive: true, maxSockets: 1 }),
    );
    const regulars = regularAgents.map(async (agent) => {
      while (!stop) {
        await get(url, agent);
        served += 1;
      }
    });
    try {
      // Everyone connected and asking: the server is busy.
      while (served < REGULARS * 2) await new Promise((resolve) => setTimeout(resolve, 5));
      const before = served;
      const newcomerAgents = Array.from(
        { length: NEWCOMERS },
        () => new http.Agent({ keepAlive: true, maxSockets: 1 }),
      );
      const waited: number[] = [];
      await Promise.all(
        newcomerAgents.map(async (agent) => {
          await get(url, agent);
          waited.push(served - before);
          agent.destroy();
        }),
      );
      // In one line, the last newcomer waits for about everyone once (here ~30 renders); accepted one
      // connection per round of everyone else's renders, the k-th newcomer waited k rounds (~225).
      expect(Math.max(...waited)).toBeLessThan(REGULARS * 5);
    } finally {
      stop = true;
      await Promise.all(regulars);
      for (const agent of regularAgents) agent.destroy();
    }
  });
});

describe('a server stopping while pages wait their turn', () => {
  it('answers those it has read, unrendered, and logs no error', async () => {
    const dir = makeWebBuild('queue-stop', { template: TEMPLATE, renderer: BUSY_RENDERER });
    const logStream = new PassThrough();
    const levels: number[] = [];
    logStream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        levels.push(JSON.parse(line).level);
    });
    const server = await startTestServer({
      webRoot: join(dir, 'web'),
      env: { LISTING_CACHE_MS: '0' },
      logStream,
    });
    try {
      const { hostname, port } = new URL(server.url);
      // Thirty people connected (an idle server takes their connections at once), then asking at once
      // (~120 ms of renders); the server is stopped once the first is answered.
      const sockets = Array.from({ length: 30 }, () => connect(Number(port), hostname));
      await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.once('connect', resolve))));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const answers = sockets.map((socket) => {
        socket.write(`GET / HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
        return new Promise<string>((resolve) => {
          let answer = '';
          socket.on('data', (chunk) => {
            answer += chunk.toString('utf8');
          });
          socket.on('error', () => {});
          socket.on('close', () => resolve(answer));
        });
      });
      await Promise.race(answers);
      await server.close();
      const all = await Promise.all(answers);
      // Those the server had read were answered: rendered before the stop, or waiting and sent for the
      // browser to render; those it had not read yet got Fastify's 503 or a refused connection.
      const pages = all.filter((answer) => answer.startsWith('HTTP/1.1 200 '));
      expect(pages.some((answer) => answer.includes('<p>Rendered /</p>'))).toBe(true);
      expect(pages.some((answer) => answer.includes('<div id="root"></div>'))).toBe(true);
      for (const answer of all) expect(answer).toMatch(/^$|^HTTP\/1\.1 (200|503) /);
      expect(levels.filter((level) => level >= 50)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
