import { defineConfig, type TestProjectConfiguration } from 'vitest/config';
import { findPostgresBin } from './server/testing/postgres';

/**
 * Server test files that never open a database of the project's kind: pure logic, the startup's refusals
 * of unusable DATABASE_URLs, the server's own SQLite connection. They run once, in the unit project;
 * a file not listed here runs in both (a new file is tested on PostgreSQL until someone says otherwise).
 */
const DATABASE_FREE_SERVER_TESTS = [
  'server/errors.test.ts',
  'server/startup.test.ts',
  'server/html/embedPage.test.ts',
  'server/http/{clientAddress,microCache,securityHeaders}.test.ts',
  'server/i18n/translate.test.ts',
  'server/images/shareImage.test.ts',
  'server/policies/moderation.test.ts',
  'server/routes/calendar/ics.test.ts',
  'server/search/gazetteer.test.ts',
  'server/series/rule.test.ts',
  'server/store/{countCache,settled,sqliteConnection}.test.ts',
];

// The API and store suites run again on a throwaway PostgreSQL cluster when its binaries are here.
/**
 * A test that fails is run once more (two cores, tests beside each other, and CI's machine is not ours:
 * a timing bound or a browser can miss once). One that passes only then counts as passed, and npm test
 * names it above its summary line as flaky, to be fixed; one that fails twice fails. Each project says
 * so itself: inline projects do not take the root's test options.
 */
const RETRY = 1;

const pgProject: TestProjectConfiguration[] = findPostgresBin()
  ? [
      {
        test: {
          name: 'api-pg',
          include: ['server/**/*.test.ts'],
          exclude: DATABASE_FREE_SERVER_TESTS,
          // Projects run one after another (unit, then PostgreSQL, then browsers): two cores, no contention.
          sequence: { groupOrder: 1 },
          environment: 'node',
          globalSetup: ['./server/testing/postgres.ts'],
          env: { PALCAL_TEST_DB: 'postgres' },
          retry: RETRY,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ]
  : [];
if (pgProject.length === 0) console.log('PostgreSQL binaries not found: the api-pg test project is skipped.');

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.{ts,tsx}'],
          sequence: { groupOrder: 0 },
          environment: 'node',
          retry: RETRY,
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          sequence: { groupOrder: 2 },
          environment: 'node',
          globalSetup: ['./e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two cores: one Chromium per core is the most this machine takes without flakiness.
          maxWorkers: 2,
          retry: RETRY,
        },
      },
      ...pgProject,
    ],
  },
});
