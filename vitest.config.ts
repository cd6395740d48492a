import { defineConfig } from 'vitest/config';

/**
 * One runner, four projects. `api` runs against PGlite, or against PostgreSQL when
 * TEST_DATABASE_URL is set (see apps/api/test/global-setup.ts). Playwright specs in e2e/
 * are not Vitest tests and are excluded.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' },
      },
      // Rules over the whole repository (file sizes): no app to build, no database.
      {
        test: { name: 'repo', include: ['scripts/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      'apps/web/vitest.config.ts',
    ],
    exclude: ['**/node_modules/**', 'e2e/**', '**/dist/**'],
  },
});
