// How the server's process allocates outside V8's heap, shared by `npm start` (scripts/start.mjs), the
// bench's server (bench/processes.mjs) and docs/DEPLOY.md's unit.

/**
 * glibc's malloc gives threads that allocate at the same time arenas of their own (up to eight per
 * core), and memory freed in an arena mostly stays in it. The server's threads (libuv's pool, V8's
 * collector and compiler helpers, the database driver's) left ~15–25 MB more resident at peak than two
 * arenas do, for no measurable difference in CPU (bench/NOTES.md, 2026-11-27, issue 21). Read by glibc
 * when the process starts; other C libraries (musl, macOS) ignore it.
 */
export const MALLOC_ENV = { MALLOC_ARENA_MAX: '2' };

/** True when this process started without `MALLOC_ENV` on a system whose C library reads it. */
export function lacksMallocEnv() {
  return process.platform === 'linux' && Object.keys(MALLOC_ENV).some((name) => !(name in process.env));
}
