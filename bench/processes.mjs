// Child processes of the benchmark: the built app server and the bare server, always on 127.0.0.1,
// always stopped (the run's exit handler kills whatever is left).
import { spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { MALLOC_ENV } from '../scripts/malloc.mjs';

const children = new Set();
export function killAll() {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Peak resident memory (VmHWM) of a process, in bytes; null when /proc is not there. */
export function peakRss(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * CPU time (user and system) a process has used so far, in ms, from /proc/PID/stat; null when /proc is
 * not there. Clock ticks are 1/100 s on Linux (USER_HZ), so figures over a 10 s run are exact enough.
 * With `thread`, that one thread's (/proc/PID/task/TID/stat): the process's own thread has TID = PID.
 */
export function cpuMs(pid, thread = null) {
  try {
    const stat = readFileSync(
      thread === null ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`,
      'utf8',
    );
    // Fields after the command's closing parenthesis, from field 3 (state): utime is 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function waitFor(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function track(child, name) {
  children.add(child);
  child.on('exit', () => children.delete(child));
  return {
    pid: child.pid,
    name,
    stop() {
      return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      });
    },
  };
}

/**
 * The V8 flags `npm start` serves with (package.json's start script: heap sizes, bench/NOTES.md
 * 2026-11-26), so the bench measures the server as it is run.
 */
export function serverNodeFlags(root) {
  const start = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start;
  return start.split(/\s+/).filter((part) => part.startsWith('--'));
}

/** Start the built server (dist/server/main.js) on DATABASE_URL; resolves once /api/health answers. */
export async function startAppServer({ root, databaseUrl, logFile, env: extraEnv = {} }) {
  const port = await freePort();
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [...serverNodeFlags(root), join(root, 'dist/server/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Request logs at info level would measure the log pipe, not the app.
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // What `npm start` runs the server with (scripts/start.mjs).
      ...MALLOC_ENV,
      ...extraEnv,
    },
    stdio: ['ignore', log, log],
  });
  const handle = track(child, 'app');
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw Object.assign(new Error('server exited'), { fatal: true });
        return (await fetch(`${url}/api/health`)).ok;
      },
      120_000,
      'the app server',
    );
  } catch (error) {
    await handle.stop();
    throw new Error(`${error.message}; see ${logFile}`);
  }
  return { ...handle, url };
}

/** Start the bare node:http server answering `file`'s bytes. */
export async function startBareServer({ root, file, contentType, coding }) {
  const args = [join(root, 'bench/bare-server.mjs'), file, contentType, ...(coding ? [coding] : [])];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const handle = track(child, 'bare');
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(Number(out.trim()));
    });
    child.once('exit', () => reject(new Error('bare server exited')));
  });
  return { ...handle, url: `http://127.0.0.1:${port}` };
}
