// Bundles the API's entry points into dist/ with esbuild: plain JavaScript that starts
// fast and needs no TypeScript loader at run time (about 50 MB less memory than tsx).
// npm packages stay external; the workspace's own TypeScript (@shop/shared) is bundled
// (bundle-options.mjs, which the tests' bundle of the commands uses too).
// `--if-stale` does nothing when every bundle is newer than everything it is built from (this
// script, package.json, src/ and @shop/shared's src/): `npm run start:built` (the e2e server)
// starts from the build `npm run build` made instead of bundling again.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { apiRoot as root, bundleOptions } from './bundle-options.mjs';

const entryPoints = {
  start: 'src/cli/start.ts',
  migrate: 'src/cli/migrate.ts',
  seed: 'src/cli/seed.ts',
  'admin-create': 'src/cli/admin-create.ts',
  backup: 'src/cli/backup.ts',
  restore: 'src/cli/restore.ts',
  'db-export': 'src/cli/db-export.ts',
  'db-import': 'src/cli/db-import.ts',
};

/** The newest modification time under `file` (a file or a folder), 0 when it is missing. */
function newest(file) {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(file).map((name) => newest(path.join(file, name))));
}

if (process.argv.includes('--if-stale')) {
  const sources = [import.meta.filename, 'scripts/bundle-options.mjs', 'package.json', 'src', '../../packages/shared/src'];
  const built = Object.keys(entryPoints).map((name) => path.join(root, 'dist', `${name}.js`));
  const oldestBundle = Math.min(...built.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  if (oldestBundle > Math.max(...sources.map((source) => newest(path.resolve(root, source))))) {
    console.log('API bundle (dist/) is current: not bundling again.');
    process.exit(0);
  }
}

await build({ ...bundleOptions(), entryPoints, outdir: 'dist', sourcemap: true });
