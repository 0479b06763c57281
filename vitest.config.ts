import { defineConfig, type TestProjectConfiguration } from 'vitest/config';
import { findPostgresBin } from './server/testing/postgres';

// The API and store suites run again on a throwaway PostgreSQL cluster when its binaries are here.
const pgProject: TestProjectConfiguration[] = findPostgresBin()
  ? [
      {
        test: {
          name: 'api-pg',
          include: ['server/**/*.test.ts'],
          // Projects run one after another (unit, then PostgreSQL, then browsers): two cores, no contention.
          sequence: { groupOrder: 1 },
          environment: 'node',
          globalSetup: ['./server/testing/postgres.ts'],
          env: { PALCAL_TEST_DB: 'postgres' },
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
        },
      },
      ...pgProject,
    ],
  },
});
