import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The fuzzing files first (about 35 s each on PostgreSQL, the rest 1–27 s): started last, as
 * Vitest's default order by file size started them, one ran on alone after the others had
 * finished. First, the two workers take one each and share the small files after.
 */
class FuzzingFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const fuzzing = (file: TestSpecification) => /\/fuzz[^/]*\.test\.ts$/.test(file.moduleId);
    return [...sorted.filter(fuzzing), ...sorted.filter((file) => !fuzzing(file))];
  }
}

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
    // As the `api` project (root vitest.config.ts): a worker imports the app once, not once per
    // file (40 s of imports over the suite's ten files); each file still builds its own shop and
    // database (support.ts buildWorld), and no file here mocks a module or changes process.env.
    isolate: false,
    maxWorkers: availableParallelism(),
    sequence: { sequencer: FuzzingFirst },
  },
});
