/**
 * Server renders taken in the order they were asked for, at most `concurrency` at once, and never more
 * than one started per turn of the event loop.
 *
 * Why: the server's thread does a page's first half (its session and events, read through the API) and
 * the render thread its second (React's render: server/html/renderThread.ts). The line keeps
 * `concurrency` pages between the two, enough for the render thread always to have the next page's data
 * ready and for the server's thread to have the next page to read while it renders, and no more, so
 * that a page once started is not held up behind every page asked for after it.
 *
 * One start per turn of the event loop (bench/NOTES.md, 2026-11-26 night): libuv accepts one new
 * connection per turn. On SQLite a page's reads run to their end in one callback, so pages started
 * together from their sockets' callbacks made one long turn, and under load a visitor whose connection
 * was new waited one such turn per connection before theirs was even accepted (the 50th of 50
 * signed-in people: ~7 s, against ~0.3 s for the others). Started one per turn from `setImmediate`,
 * new connections are accepted between them, and everyone waits in one line.
 *
 * The line is bounded both ways: a render that has held its place for `maxHoldMs` (a database that
 * stopped answering) gives it up and goes on outside the line, so it never stops the others; and when
 * `maxWaiting` already wait, `full` says so, and the caller sends the page for the browser to render
 * rather than make one more person wait behind them all.
 */
export interface RenderQueue {
  /** `render()` once its turn comes; its result or error. */
  run<T>(render: () => Promise<T>): Promise<T>;
  /** As many renders wait as the line holds: a new one would wait longer than it is worth. */
  readonly full: boolean;
}

export interface RenderQueueOptions {
  /** Renders in progress at once. */
  concurrency: number;
  /** Longest a render keeps its place in the line before the next one starts anyway. */
  maxHoldMs: number;
  /** Renders that may wait for their turn. */
  maxWaiting: number;
}

export function renderQueue({ concurrency, maxHoldMs, maxWaiting }: RenderQueueOptions): RenderQueue {
  const waiting: (() => void)[] = [];
  let running = 0;
  let scheduled = false;

  const startNext = () => {
    scheduled = false;
    if (running >= concurrency) return;
    const start = waiting.shift();
    if (!start) return;
    running += 1;
    start();
    schedule();
  };
  function schedule() {
    if (scheduled || waiting.length === 0 || running >= concurrency) return;
    scheduled = true;
    setImmediate(startNext);
  }

  return {
    get full() {
      return waiting.length >= maxWaiting;
    },
    run<T>(render: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push(() => {
          let held = true;
          const release = () => {
            if (!held) return;
            held = false;
            clearTimeout(timer);
            running -= 1;
            schedule();
          };
          const timer = setTimeout(release, maxHoldMs);
          timer.unref();
          let rendering: Promise<T>;
          try {
            rendering = render();
          } catch (error) {
            rendering = Promise.reject(error);
          }
          rendering.then(resolve, reject).finally(release);
        });
        schedule();
      });
    },
  };
}
