import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root and the web app's build output, independent of the working directory. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const defaultWebDist = path.join(repoRoot, 'apps/web/dist');
