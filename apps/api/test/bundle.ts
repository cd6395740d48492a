/**
 * The API's commands (src/cli/*.ts) and the tests' server (test/fixtures/serve.ts) bundled to
 * plain JavaScript, as scripts/build.mjs bundles them for production. A process of the bundle
 * starts on about half the CPU of the TypeScript through tsx (1.6 s instead of 3.4 s for
 * `admin:create` on a migrated folder), and the tests start about a hundred of them: a test run
 * bundles once (global-setup.ts) and its tests spawn `node <bundle>/<command>.js` (commands.ts).
 * The soak bundles the server for the same reason. With production's options
 * (scripts/bundle-options.mjs): npm packages stay external, so a bundle sits under
 * node_modules/.cache/, where they resolve.
 */
import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { apiRoot as root, bundleOptions } from '../scripts/bundle-options.mjs';

/** Bundles the commands and the server into a new folder of node_modules/.cache/ (`prefix`), returned. */
export async function bundleCommands(prefix: string): Promise<string> {
  const entryPoints: Record<string, string> = { serve: 'test/fixtures/serve.ts' };
  for (const file of readdirSync(path.join(root, 'src/cli'))) {
    if (file.endsWith('.ts') && !file.endsWith('.test.ts')) entryPoints[file.slice(0, -3)] = `src/cli/${file}`;
  }
  const cache = path.join(root, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const outdir = mkdtempSync(path.join(cache, prefix));
  await build({ ...bundleOptions(), entryPoints, outdir });
  return outdir;
}
