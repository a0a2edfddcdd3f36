import { defineConfig } from 'vitest/config';

/**
 * Unit tests are pure; API tests share one real Directus started by the global setup; the rebuild loop
 * and the browser suite bring their own.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // Pure logic is tested beside its module as well as in tests/unit.
          include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts', 'shared/**/*.test.ts', 'directus/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'directus/extensions/*/dist/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: ['tests/api/production/**'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          // The rebuild loop end to end: its own Directus, builds of the demo and the admin app in Chromium.
          name: 'rebuild',
          include: ['tests/rebuild/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 600_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 900_000,
          fileParallelism: false,
          // Beside the other suites on two cores, Chromium has now and then stalled a page (no frame or
          // answer for minutes) in a test that takes seconds; one more try keeps a stall from failing the
          // run, and `npm test` names every test that needed it.
          retry: 1,
        },
      },
      {
        test: {
          name: 'production',
          include: ['tests/api/production/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
