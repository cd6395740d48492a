/**
 * The API's commands (src/cli/*.ts) and the tests' server (test/fixtures/serve.ts) bundled to
 * plain JavaScript, as scripts/build.mjs bundles them for production. A process of the bundle
 * starts on about half the CPU of the TypeScript through tsx (1.6 s instead of 3.4 s for
 * `admin:create` on a migrated folder), and the tests start about a hundred of them: a test run
 * bundles once (global-setup.ts) and its tests spawn `node <bundle>/<command>.js` (commands.ts).
 * The soak bundles the server for the same reason. npm packages stay external, so a bundle sits
 * under node_modules/.cache/, where they resolve.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** Bundles the commands and the server into a new folder of node_modules/.cache/ (`prefix`), returned. */
export async function bundleCommands(prefix: string): Promise<string> {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => !name.startsWith('@shop/'));
  const entryPoints: Record<string, string> = { serve: 'test/fixtures/serve.ts' };
  for (const file of readdirSync(path.join(root, 'src/cli'))) {
    if (file.endsWith('.ts') && !file.endsWith('.test.ts')) entryPoints[file.slice(0, -3)] = `src/cli/${file}`;
  }
  const cache = path.join(root, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const outdir = mkdtempSync(path.join(cache, prefix));
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...external, ...external.map((name) => `${name}/*`)],
    logLevel: 'warning',
  });
  return outdir;
}
