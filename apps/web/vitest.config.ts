import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The web tests that need a process of their own, found by reading the test files (so a new
 * one joins them without a list to keep): those that replace a module (`vi.mock`) and those
 * that move the machine's time zone (`process.env.TZ`, which a worker thread does not follow).
 */
export const OWN_PROCESS_TESTS = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => /\bvi\.(?:do)?[mM]ock\(|process\.env\.TZ\b/.test(readFileSync(path.join(root, 'src', file), 'utf8')))
  .map((file) => `src/${file.split(path.sep).join('/')}`);

const resolve = { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } };

/**
 * Two projects; `--project 'web*'` runs both.
 * - `web`: the rest, in Vitest's `vmThreads` pool: each file still gets its own module graph
 *   and its own jsdom, in a V8 context of a long-lived worker thread instead of a fresh child
 *   process, so jsdom and the imports are not set up from nothing file after file. Measured on
 *   this 2-core machine (issue 27, CI time): the web tests 270 → 122 s of CPU, 153 → 71 s.
 *   (Sharing one module graph across files, `isolate: false`, was faster still but let
 *   stores and caches leak from file to file: tests failed by order.)
 * - `web-mocks`: OWN_PROCESS_TESTS, each file in a child process as before.
 */
export const webProjects = [
  defineProject({
    resolve,
    root,
    test: {
      name: 'web',
      include: ['src/**/*.test.{ts,tsx}'],
      exclude: OWN_PROCESS_TESTS,
      environment: 'jsdom',
      pool: 'vmThreads',
    },
  }),
  defineProject({
    resolve,
    root,
    test: { name: 'web-mocks', include: OWN_PROCESS_TESTS, environment: 'jsdom' },
  }),
];

export default webProjects[0];
