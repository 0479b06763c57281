// `node scripts/test-at.mjs "2026-11-30T23:40Z" [vitest arguments]`: the whole suite (or the tests
// named) with every process's clock moved to that moment, and running on from it, through
// libfaketime (Debian's `faketime` package). CI runs whenever a session ends: a test that assumes
// "tomorrow" is the same month, or that an hour ago was today, fails at some hours and not others.
// For the unit and API projects (`--project unit --project api-pg`): Chromium stalls under libfaketime.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const LIBRARY = '/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1';
const [at, ...args] = process.argv.slice(2);
const target = Date.parse(at ?? '');
if (Number.isNaN(target)) {
  console.error(
    'Usage: node scripts/test-at.mjs <ISO date and time, e.g. 2026-11-30T23:40Z> [vitest arguments]',
  );
  process.exit(2);
}
if (!existsSync(LIBRARY)) {
  console.error(`libfaketime is not installed (${LIBRARY}): apt-get install faketime`);
  process.exit(2);
}
// An offset, not a fixed start: every process (the test workers, the servers they start, PostgreSQL)
// sees the same moved clock, however late it starts.
const offset = Math.round((target - Date.now()) / 1000);
const result = spawnSync(process.execPath, ['scripts/test.mjs', ...args], {
  stdio: 'inherit',
  env: {
    ...process.env,
    FAKETIME: `${offset >= 0 ? '+' : ''}${offset}s`,
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
    LD_PRELOAD: [LIBRARY, process.env.LD_PRELOAD].filter(Boolean).join(' '),
  },
});
process.exit(result.status ?? 1);
