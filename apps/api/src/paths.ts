import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API package's folder, found by walking up from this module, so paths are right both
 * when the sources run through tsx and when the bundle in dist/ runs.
 */
function findApiRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'drizzle.config.ts'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot find the API package folder');
    dir = parent;
  }
  return dir;
}

export const apiRoot = findApiRoot();
/** Repository root and the web app's build output, independent of the working directory. */
export const repoRoot = path.resolve(apiRoot, '../..');
export const defaultWebDist = path.join(repoRoot, 'apps/web/dist');
export const migrationsFolder = path.join(apiRoot, 'src/db/migrations');
