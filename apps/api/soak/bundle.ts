/**
 * The API process the soak starts (test/fixtures/serve.ts) bundled to plain JavaScript, as
 * scripts/build.mjs bundles the server: it starts in about half the time of the TypeScript
 * through tsx, which matters for the process restarted under load. npm packages stay
 * external, so the bundle sits under node_modules/.cache/ where they resolve.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

export async function bundleServe(): Promise<string> {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => !name.startsWith('@shop/'));
  const outdir = path.join(root, 'node_modules/.cache/soak');
  await build({
    absWorkingDir: root,
    entryPoints: { serve: 'test/fixtures/serve.ts' },
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...external, ...external.map((name) => `${name}/*`)],
    logLevel: 'warning',
  });
  return path.join(outdir, 'serve.js');
}
