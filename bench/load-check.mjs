// `npm run bench:load`: a bounded load test of the built server (issue 7). On a fresh SQLite database
// filled with generated events, 200 connections for 30 s on each of: the home page's listing call,
// event pages (/event/:id, HTML) and the event API (/api/events/:id), cycling through many events.
// Passes only with zero errors, zero timeouts and zero non-2xx answers. Prints its figures and writes
// them to bench/LOAD.md. 127.0.0.1 only; the server and temp files go away however it ends.
//
// Knobs (environment): LOAD_EVENTS=10000 LOAD_CONNECTIONS=200 LOAD_DURATION=30 LOAD_WRITE=0 (print only).
// `loadCheck()` is also what the short version in `npm test` runs (server/testing/durability/load.test.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The three calls under test; event ones cycle through `ids` so no single row is all that is read. */
export function loadTargets(ids) {
  if (ids.length === 0) throw new Error('no events to load');
  return [
    { name: 'Listing (GET /api/events)', path: () => '/api/events' },
    { name: 'Event page (GET /event/:id, HTML)', path: (i) => `/event/${ids[i % ids.length]}` },
    { name: 'Event API (GET /api/events/:id)', path: (i) => `/api/events/${ids[i % ids.length]}` },
  ];
}

/** The ids of up to `limit` approved events, from the listing itself (so all are public). */
export async function publicEventIds(url, limit = 100) {
  const res = await fetch(`${url}/api/events?pageSize=${Math.min(limit, 100)}`);
  if (!res.ok) throw new Error(`listing answered ${res.status}`);
  const body = await res.json();
  return body.events.map((event) => event.id);
}

/**
 * Load one target with autocannon (for `durationSeconds`, or until `amount` requests have been answered)
 * and return its figures. `errors` counts connection errors, timeouts
 * and non-2xx answers together: the check wants all three at zero.
 */
export async function loadOne(url, target, { connections, durationSeconds, amount }) {
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(url))
    throw new Error(`refusing to load anything but 127.0.0.1: ${url}`);
  let n = 0;
  const result = await autocannon({
    url,
    connections,
    // A fixed number of requests when `amount` is given (however long the machine takes), else a duration.
    ...(amount ? { amount } : { duration: durationSeconds }),
    timeout: 10,
    pipelining: 1,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: target.path(n++) }),
      },
    ],
  });
  return {
    name: target.name,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    bytes: result.throughput.total,
  };
}

/** Every target in turn (one at a time: two cores cannot serve three loads fairly at once). */
export async function loadCheck(url, ids, options) {
  const rows = [];
  for (const target of loadTargets(ids)) rows.push(await loadOne(url, target, options));
  return rows;
}

export function formatRows(rows) {
  const header = '| Call | Requests | Req/s | p50 ms | p99 ms | max ms | Errors | Timeouts | Non-2xx |';
  const rule = '|---|---:|---:|---:|---:|---:|---:|---:|---:|';
  const lines = rows.map(
    (r) =>
      `| ${r.name} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.max} | ${r.errors} | ${r.timeouts} | ${r.non2xx} |`,
  );
  return [header, rule, ...lines].join('\n');
}

async function main() {
  const env = process.env;
  const events = Number(env.LOAD_EVENTS ?? 10_000);
  const connections = Number(env.LOAD_CONNECTIONS ?? 200);
  const durationSeconds = Number(env.LOAD_DURATION ?? 30);
  const write = env.LOAD_WRITE !== '0';

  const { buildAll, buildIsCurrent } = await import('../scripts/build.mjs');
  const { killAll, startAppServer } = await import('./processes.mjs');
  const work = mkdtempSync(join(tmpdir(), 'palcal-load-'));
  let cleanedUp = false;
  const cleanUp = () => {
    if (cleanedUp) return;
    cleanedUp = true;
    killAll();
    rmSync(work, { recursive: true, force: true });
  };
  process.on('exit', cleanUp);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      cleanUp();
      process.exit(130);
    });
  }
  // Bounded: three runs plus set-up, with a generous margin.
  const limit = setTimeout(
    () => {
      console.error('The load test ran over its time limit; stopping.');
      cleanUp();
      process.exit(1);
    },
    (durationSeconds * 3 + 300) * 1000,
  );
  limit.unref();

  if (!buildIsCurrent()) await buildAll();
  const databaseUrl = `sqlite:${join(work, 'load.db')}`;
  const loadBefore = loadavg()[0];
  console.log(`Generating ${events} events…`);
  execFileSync(process.execPath, [join(root, 'dist/server/admin.js'), 'generate-events', String(events)], {
    cwd: root,
    env: { ...env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const server = await startAppServer({ root, databaseUrl, logFile: join(work, 'server.log') });
  const ids = await publicEventIds(server.url);
  console.log(
    `Loading ${server.url}: ${connections} connections × ${durationSeconds} s per call, ${ids.length} events cycled.`,
  );
  const rows = await loadCheck(server.url, ids, { connections, durationSeconds });
  await server.stop();

  const table = formatRows(rows);
  console.log(`\n${table}\n`);
  const failed = rows.filter((r) => r.errors + r.timeouts + r.non2xx > 0);
  const verdict =
    failed.length === 0
      ? 'Zero errors, zero timeouts, zero non-2xx answers.'
      : `FAILED: errors, timeouts or non-2xx answers on ${failed.map((r) => r.name).join(', ')}.`;
  console.log(verdict);

  if (write) {
    const cpu = cpus();
    const markdown = `# Load test

\`npm run bench:load\` (bench/load-check.mjs), run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.
The built server (\`dist/server/main.js\`, NODE_ENV=production, log level warn) on SQLite with
${events.toLocaleString('en')} generated events (\`npm run admin -- generate-events ${events}\`),
loaded by autocannon from the same machine over 127.0.0.1: ${connections} connections, no pipelining,
${durationSeconds} s per call, one call at a time. Event calls cycle through the ${ids.length} events of
the listing's first page. The test passes only with zero errors, timeouts and non-2xx answers.

${table}

${verdict}

Machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB,
Node ${process.version}; load average ${loadBefore.toFixed(2)} before the run (the machine is shared
with other work, so the figures are a floor, not a ceiling). Server and load generator share the
same two cores.

"max" is the single slowest request. With 200 connections on one saturated core a few requests wait
seconds for their turn; the p99 column is what nearly everyone gets. A request taking 10 s counts as a
timeout, and the run fails.

Before commit 279ba6e, event pages made a new Intl.DateTimeFormat for every date they printed: they
managed about 1,000 requests a second here and about a hundred requests a run timed out. Each format is
now made once and kept.

A short version (50 connections, 2 s per call, 500 events) runs in \`npm test\` as
server/testing/durability/load.test.ts, on SQLite and on PostgreSQL: it checks correctness under concurrency
(zero errors, timeouts and non-2xx answers), not speed.
`;
    writeFileSync(join(root, 'bench', 'LOAD.md'), markdown);
    console.log('Wrote bench/LOAD.md.');
  }
  cleanUp();
  process.exit(failed.length === 0 ? 0 : 1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}
