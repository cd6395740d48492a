// How the API is bundled with esbuild, wherever it is: production's dist/ (build.mjs) and the
// tests' bundle of the commands (test/bundle.ts). npm packages stay external (they resolve from
// node_modules at run time); the workspace's own TypeScript (@shop/shared) is bundled.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The API's folder. */
export const apiRoot = path.resolve(import.meta.dirname, '..');

/** esbuild's options for the API's entry points (add `entryPoints` and `outdir`). */
export function bundleOptions() {
  const pkg = JSON.parse(readFileSync(path.join(apiRoot, 'package.json'), 'utf8'));
  const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => !name.startsWith('@shop/'));
  return {
    absWorkingDir: apiRoot,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...external, ...external.map((name) => `${name}/*`)],
    logLevel: 'warning',
  };
}
