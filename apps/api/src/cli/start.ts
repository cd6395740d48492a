/**
 * `npm start`: builds the web app (the browser's build and its server-side renderer) if it
 * has not been built, then starts the server.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { defaultWebDist, repoRoot } from '../paths.ts';
import { rendererPath } from '../plugins/server-render.ts';
import { startServer } from '../server.ts';

const config = loadConfig();
const webDist = config.webDist ?? defaultWebDist;
const built = existsSync(path.join(webDist, 'index.html')) && existsSync(rendererPath(webDist));
if (!process.argv.includes('--no-web-build') && !built) {
  console.log('Building the web app (first start)...');
  const result = spawnSync('npm', ['run', 'build', '-w', '@shop/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await startServer(config);
