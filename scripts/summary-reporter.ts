import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** The first line of an error's message, short enough to read in CI's tail. */
function firstLine(error: unknown): string {
  const message =
    error && typeof error === 'object' && 'message' in error ? String(error.message) : String(error);
  return (message.split('\n')[0] ?? '').slice(0, 300);
}

/**
 * Counts passed and failed tests over the whole run and writes them to SUMMARY_FILE (if set) so
 * scripts/test.mjs can print one plain `N passed, N failed` line that CI can read, and above it the
 * failed tests by name (CI keeps only the end of what a run printed), and those that passed only on
 * their second try (each test has one: vitest.config.ts), so that a flaky test is seen.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const failures: string[] = [];
    const flaky: string[] = [];
    for (const mod of testModules) {
      const file = `[${mod.project.name}] ${relative(process.cwd(), mod.moduleId)}`;
      let any = false;
      for (const test of mod.children.allTests()) {
        any = true;
        const result = test.result();
        if (result.state === 'passed') {
          passed++;
          if (test.diagnostic()?.flaky) flaky.push(`${file} > ${test.fullName}`);
        } else if (result.state === 'failed') {
          failed++;
          failures.push(`${file} > ${test.fullName}: ${firstLine(result.errors?.[0])}`);
        } else skipped++;
      }
      // A file that fails to load (syntax error, failing beforeAll) has no passing tests: count it.
      const moduleFailed =
        mod.state() === 'failed' &&
        (!any || ![...mod.children.allTests()].some((t) => t.result().state === 'failed'));
      if (moduleFailed) {
        failed++;
        failures.push(`${file}: ${firstLine(mod.errors()[0])}`);
      }
    }
    failed += unhandledErrors.length;
    for (const error of unhandledErrors) failures.push(`unhandled error: ${firstLine(error)}`);
    const file = process.env.SUMMARY_FILE;
    if (file) writeFileSync(file, JSON.stringify({ passed, failed, skipped, failures, flaky }));
  }
}
