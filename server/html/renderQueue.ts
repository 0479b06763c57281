/**
 * Server renders taken in the order they were asked for, at most `concurrency` at once, and never more
 * than one started per turn of the event loop.
 *
 * Why (bench/NOTES.md, 2026-11-26 night): libuv accepts one new connection per turn of the event loop.
 * A page rendered straight from its socket's callback (SQLite answers synchronously, so a whole render
 * can run to its end in one callback) makes a turn as long as every waiting keep-alive connection's
 * render together: under load a visitor whose connection is new waited one such turn per connection
 * before theirs was even accepted (the 50th of 50 signed-in people: ~7 s, against ~0.3 s for the
 * others). Started one per turn from `setImmediate`, a turn holds one render, new connections are
 * accepted between renders, and everyone waits in one line.
 */
export interface RenderQueue {
  run<T>(render: () => Promise<T>): Promise<T>;
}

export function renderQueue(concurrency: number): RenderQueue {
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
    run<T>(render: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push(() => {
          let rendering: Promise<T>;
          try {
            rendering = render();
          } catch (error) {
            rendering = Promise.reject(error);
          }
          rendering.then(resolve, reject).finally(() => {
            running -= 1;
            schedule();
          });
        });
        schedule();
      });
    },
  };
}
