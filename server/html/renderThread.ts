/**
 * The page renderer (web/entry-server.tsx, built to dist/ssr) run on a thread of its own, so that
 * React's render of a page (about a third of what a rendered page costs: bench/NOTES.md, issue 21)
 * runs on another core while the server's own thread reads the next request, the session and the
 * events. The renderer asks for its API answers as before: each `fetchJson` is a message to the
 * server's thread, which answers it in-process (server/http/apiReads.ts) and passes the JSON on as
 * text (parsed on the render's thread, never on the server's).
 *
 * One thread, started with the server and loading the renderer once; the renders wait their turn on
 * the server's side (server/html/renderQueue.ts). A thread that dies, that keeps a render past
 * `RENDER_THREAD_TIMEOUT_MS` (a loop that never ends would otherwise leave every later page waiting)
 * or whose heap outgrows `RENDER_THREAD_HEAP_MB`, is ended: the renders it held fail (their pages go
 * out for the browser to render, as when a render fails) and the next render starts a new thread.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CriticalCss, RenderOptions, RenderResult } from '../../web/entry-server';
import type { ClientConfig } from '../../web/lib/config';

/** One API call made for a page: its status and, for a 200, the JSON answer as the API wrote it. */
export type FetchText = (path: string) => Promise<{ status: number; text: string | null }>;

/**
 * A page rendered on the thread: as the renderer returned it, its markup as UTF-8 bytes. A page's
 * markup (~50 KB, two bytes a character once it holds one character beyond Latin-1) copied into the
 * server's heap as a string outlived the young generation's collections and was most of what the
 * server's thread promoted to its old one (issue 21); the bytes are moved, and written as they are.
 */
export type RenderedPage = Omit<RenderResult, 'html'> & { html: Uint8Array };

/** What the server needs of the renderer: a page rendered in another thread, and the first-screen sheets. */
export interface PageRenderer {
  /** The page at `url` rendered for whoever `fetchText` asks the API as; null when not rendered. */
  render(
    url: string,
    fetchText: FetchText,
    config: ClientConfig,
    options: RenderOptions,
  ): Promise<RenderedPage | null>;
  /**
   * The first-screen style sheets: the home page's (web/critical.css) for its list and its month view,
   * and an event page's; null when this build has none (or one holding a `</style`).
   */
  criticalCss: CriticalCss | null;
  /** End the thread (the server is stopping); renders still in it fail. */
  close(): Promise<void>;
}

/** Longest a render may keep the thread: the renderer's own limit is 3 s; its API calls come on top. */
export const RENDER_THREAD_TIMEOUT_MS = 10_000;

/**
 * The most the thread's old generation may grow to. A render holds a page's data and elements (a few
 * MB); a renderer that kept growing past this is ended like one that dies, rather than taking the
 * server's memory with it.
 */
export const RENDER_THREAD_HEAP_MB = 128;

/**
 * The thread's code, plain JavaScript (the thread runs outside any TypeScript loader): load the
 * renderer, say what it offers, then render each page asked for, asking the server's thread for each
 * API answer. A render's id keys its answers; `fid` keys one API call of it.
 */
const THREAD_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const answers = new Map();
const encoder = new TextEncoder();
let nextFetch = 0;
function fetchJsonFor(id) {
  return (path) =>
    new Promise((resolve) => {
      const fid = nextFetch++;
      answers.set(fid, ({ status, text }) => resolve({ status, body: text === null ? null : JSON.parse(text) }));
      parentPort.postMessage({ type: 'fetch', id, fid, path });
    });
}
import(workerData.url).then(
  (renderer) => {
    if (typeof renderer.render !== 'function') {
      parentPort.postMessage({ type: 'broken', message: workerData.url + ' exports no render function' });
      return;
    }
    parentPort.on('message', async (message) => {
      if (message.type === 'fetched') {
        const answer = answers.get(message.fid);
        answers.delete(message.fid);
        answer?.(message);
        return;
      }
      const { id, url, config, options } = message;
      try {
        const result = await renderer.render(url, fetchJsonFor(id), config, options);
        if (result === null) {
          parentPort.postMessage({ type: 'done', id, result });
        } else {
          // The markup as UTF-8, its memory handed over rather than copied into the server's heap.
          const html = encoder.encode(result.html);
          parentPort.postMessage({ type: 'done', id, result: { ...result, html } }, [html.buffer]);
        }
      } catch (error) {
        parentPort.postMessage({ type: 'failed', id, message: String((error && error.stack) || error) });
      }
    });
    parentPort.postMessage({ type: 'ready', criticalCss: renderer.criticalCss ?? null });
  },
  (error) => parentPort.postMessage({ type: 'broken', message: String((error && error.stack) || error) }),
);
`;

type FromThread =
  | { type: 'ready'; criticalCss: Partial<Record<keyof CriticalCss, unknown>> | null }
  | { type: 'broken'; message: string }
  | { type: 'fetch'; id: number; fid: number; path: string }
  | { type: 'done'; id: number; result: RenderedPage | null }
  | { type: 'failed'; id: number; message: string };

interface Pending {
  worker: Worker;
  resolve(result: RenderedPage | null): void;
  reject(error: Error): void;
  fetchText: FetchText;
  timer: NodeJS.Timeout;
}

/** The sheets the renderer exports, each only if it can be inlined: none that could end its <style> early. */
function inlinableSheets(sheets: Partial<Record<keyof CriticalCss, unknown>> | null): CriticalCss | null {
  const inlinable = (sheet: unknown): sheet is string =>
    typeof sheet === 'string' && !/<\/style/i.test(sheet);
  return inlinable(sheets?.list) && inlinable(sheets?.month) && inlinable(sheets?.event)
    ? { list: sheets.list, month: sheets.month, event: sheets.event }
    : null;
}

/**
 * The renderer the build put beside the web build at `webRoot` (in `../ssr/`, never inside the folder
 * the server publishes), started on its own thread; null when this build has none (the browser renders
 * every page). Rejects as `startRenderThread` does.
 */
export function startBuiltRenderer(webRoot: string): Promise<PageRenderer | null> {
  const path = join(webRoot, '..', 'ssr', 'entry-server.js');
  return existsSync(path) ? startRenderThread(path) : Promise.resolve(null);
}

/**
 * Start the renderer at `path` on its own thread. Resolves once it is loaded; rejects when it cannot
 * be (a broken or foreign bundle), as loading it in the server's own thread did.
 */
export async function startRenderThread(
  path: string,
  {
    timeoutMs = RENDER_THREAD_TIMEOUT_MS,
    heapMb = RENDER_THREAD_HEAP_MB,
  }: { timeoutMs?: number; heapMb?: number } = {},
): Promise<PageRenderer> {
  const url = pathToFileURL(path).href;
  /** The thread renders go to (once loaded), or null when the next render starts one. */
  let thread: Promise<Worker> | null = null;
  let current: Worker | null = null;
  let closed = false;
  const pending = new Map<number, Pending>();
  let nextId = 0;

  /** The renders still in `worker` fail with `reason`, and the thread ends. */
  const fail = (worker: Worker, reason: string) => {
    for (const [id, render] of pending) {
      if (render.worker !== worker) continue;
      clearTimeout(render.timer);
      render.reject(new Error(reason));
      pending.delete(id);
    }
    if (current === worker) {
      current = null;
      thread = null;
    }
    void worker.terminate();
  };

  const answer = (worker: Worker, message: FromThread) => {
    if (message.type === 'fetch') {
      const render = pending.get(message.id);
      render?.fetchText(message.path).then(
        ({ status, text }) => worker.postMessage({ type: 'fetched', fid: message.fid, status, text }),
        () => worker.postMessage({ type: 'fetched', fid: message.fid, status: 500, text: null }),
      );
    } else if (message.type === 'done' || message.type === 'failed') {
      const render = pending.get(message.id);
      if (!render) return;
      pending.delete(message.id);
      clearTimeout(render.timer);
      if (message.type === 'done') render.resolve(message.result);
      else render.reject(new Error(message.message));
    }
  };

  /** A new thread with the renderer loaded in it, and the sheets the renderer offers. */
  const start = () =>
    new Promise<{ worker: Worker; criticalCss: CriticalCss | null }>((resolve, reject) => {
      const worker = new Worker(THREAD_CODE, {
        eval: true,
        workerData: { url },
        resourceLimits: { maxOldGenerationSizeMb: heapMb },
      });
      worker.unref();
      worker.on('message', (message: FromThread) => {
        if (message.type === 'ready') {
          current = worker;
          resolve({ worker, criticalCss: inlinableSheets(message.criticalCss) });
        } else if (message.type === 'broken') {
          reject(new Error(message.message));
          void worker.terminate();
        } else {
          answer(worker, message);
        }
      });
      worker.on('error', (error) => {
        reject(error);
        fail(worker, `the render thread failed: ${error.message}`);
      });
      worker.on('exit', () => {
        reject(new Error('the render thread stopped before the renderer loaded'));
        fail(worker, 'the render thread stopped');
      });
    });

  const first = await start();
  thread = Promise.resolve(first.worker);

  return {
    criticalCss: first.criticalCss,
    async render(pageUrl, fetchText, config, options) {
      if (closed) return null;
      thread ??= start().then(
        ({ worker }) => worker,
        (error: unknown) => {
          thread = null;
          throw error;
        },
      );
      const worker = await thread;
      // Ended while this render waited for it: the next render starts another.
      if (worker !== current) throw new Error('the render thread stopped');
      return new Promise<RenderedPage | null>((resolve, reject) => {
        const id = nextId++;
        const timer = setTimeout(
          () => fail(worker, `a render kept the render thread over ${timeoutMs} ms`),
          timeoutMs,
        );
        timer.unref();
        pending.set(id, { worker, resolve, reject, fetchText, timer });
        worker.postMessage({ type: 'render', id, url: pageUrl, config, options });
      });
    },
    async close() {
      closed = true;
      const worker = await thread?.catch(() => null);
      if (worker) fail(worker, 'the server is stopping');
    },
  };
}
