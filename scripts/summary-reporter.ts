import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Counts passed and failed tests over the whole run and writes them to SUMMARY_FILE (if set) so
 * scripts/test.mjs can print one plain `N passed, N failed` line that CI can read.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      let any = false;
      for (const test of mod.children.allTests()) {
        any = true;
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      // A file that fails to load (syntax error, failing beforeAll) has no passing tests: count it.
      if (!any && mod.state() === 'failed') failed++;
      else if (
        mod.state() === 'failed' &&
        ![...mod.children.allTests()].some((t) => t.result().state === 'failed')
      )
        failed++;
    }
    failed += unhandledErrors.length;
    const file = process.env.SUMMARY_FILE;
    if (file) writeFileSync(file, JSON.stringify({ passed, failed, skipped }));
  }
}
