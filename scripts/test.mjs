// `npm test`: typecheck, lint, then every test (unit, API and browser), ending with one line
// `N passed, N failed` for the whole run, which CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = (name) => join('node_modules', '.bin', name);
let passed = 0;
let failed = 0;

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
  else failed++;
}

const dir = mkdtempSync(join(tmpdir(), 'palcal-test-'));
const summaryFile = join(dir, 'summary.json');
const vitestOk = step('Tests', bin('vitest'), ['run', ...process.argv.slice(2)], {
  SUMMARY_FILE: summaryFile,
});
if (existsSync(summaryFile)) {
  const counts = JSON.parse(readFileSync(summaryFile, 'utf8'));
  passed += counts.passed;
  failed += counts.failed;
  if (!vitestOk && counts.failed === 0) failed++;
} else if (!vitestOk) {
  failed++;
}
rmSync(dir, { recursive: true, force: true });

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
