// `npm test`: typecheck, lint, then every test (unit, API and browser), ending with one line
// `N passed, N failed` for the whole run, which CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

const bin = (name) => join('node_modules', '.bin', name);
let passed = 0;
let failed = 0;
/** The failed tests by name, printed just above the summary line (CI keeps only a run's end). */
const failures = [];
/** Tests that passed only on their second try: counted as passed, named so that they get fixed. */
const flaky = [];

function step(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

for (const [label, cmd, args] of [
  ['Typecheck', bin('tsc'), ['--noEmit', '-p', '.']],
  ['Lint and format', bin('biome'), ['check', '.']],
]) {
  if (step(label, cmd, args)) passed++;
  else {
    failed++;
    failures.push(label);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'palcal-test-'));
let runs = 0;

/** One vitest run as a step; its tests count one by one in the summary line. */
function vitestStep(label, args, { node = process.execPath, env = {} } = {}) {
  const summaryFile = join(dir, `summary-${runs++}.json`);
  const vitest = join('node_modules', 'vitest', 'vitest.mjs');
  const ok = step(label, node, [vitest, 'run', ...args], { ...env, SUMMARY_FILE: summaryFile });
  if (existsSync(summaryFile)) {
    const counts = JSON.parse(readFileSync(summaryFile, 'utf8'));
    passed += counts.passed;
    failed += counts.failed;
    failures.push(...(counts.failures ?? []).map((name) => `${label}: ${name}`));
    flaky.push(...(counts.flaky ?? []).map((name) => `${label}: ${name}`));
    if (!ok && counts.failed === 0) {
      failed++;
      failures.push(`${label}: vitest exited with an error`);
    }
  } else if (!ok) {
    failed++;
    failures.push(`${label}: vitest ended without a summary`);
  }
}

vitestStep('Tests', process.argv.slice(2));

// The oldest Node the app supports (package.json's engines), when CI names its binary: the unit and
// API tests (SQLite) again on it, since runtimes differ in more than their APIs (ICU's data, for one).
// Only for a whole run: `npm test -- some/file` is someone running what they are working on.
const minimumNode = process.env.TEST_MINIMUM_NODE;
if (minimumNode && process.argv.length <= 2) {
  const version = spawnSync(minimumNode, ['--version'], { encoding: 'utf8' }).stdout?.trim();
  if (!version) {
    console.log(`\n▶ No Node at TEST_MINIMUM_NODE (${minimumNode})`);
    failed++;
    failures.push(`No Node at TEST_MINIMUM_NODE (${minimumNode})`);
  } else {
    // Its directory first on PATH: a test that starts `node` or `npm` gets that Node too.
    vitestStep(`Unit and API tests (SQLite) on Node ${version}`, ['--project', 'unit'], {
      node: minimumNode,
      env: { PATH: `${dirname(minimumNode)}${delimiter}${process.env.PATH ?? ''}` },
    });
  }
}
rmSync(dir, { recursive: true, force: true });

if (flaky.length > 0) {
  console.log(`\nPassed only on a second try (flaky):\n${flaky.map((f) => `  ~ ${f}`).join('\n')}`);
}
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
