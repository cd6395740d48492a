import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:security` (issue 15): the security suite, run on its own because it is
 * slower than the unit and API tests (fuzzing). Same database set-up as the `api` project:
 * PGlite by default, PostgreSQL when TEST_DATABASE_URL is set (../test/global-setup.ts).
 * The root config's `api` project includes only src/** and test/**, so these files stay out
 * of `npm test`. One worker per core, as the root config has it.
 */
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['security/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: availableParallelism(),
  },
});
