import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { webProjects } from './apps/web/vitest.config.ts';

/**
 * One runner, five projects: `shared`, `repo`, `api`, and the web tests as two (`web` and
 * `web-mocks`, apps/web/vitest.config.ts; `--project 'web*'` runs both). `api` runs against
 * PGlite, or against PostgreSQL when TEST_DATABASE_URL is set (see
 * apps/api/test/global-setup.ts). Playwright specs in e2e/ are not Vitest tests and are excluded.
 *
 * Speed (CI has 2 cores): one worker per core (Vitest's default leaves one core to its main
 * process, which mostly waits). The `api` files run without per-file isolation: a worker
 * runs file after file and imports the app (Fastify, the AWS SDK, React Email…) once
 * instead of once per file; each file still gets its own database and its own app
 * (test/helpers.ts), and no API test mocks a module or changes process.env.
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
          isolate: false,
        },
      },
      ...webProjects,
    ],
    exclude: ['**/node_modules/**', 'e2e/**', '**/dist/**'],
    maxWorkers: availableParallelism(),
  },
});
