// The built app on the demo data, for the browser benchmarks (scripts/bench-bytes.mjs,
// bench/lighthouse/lighthouse.mjs): bundles the API if its sources changed, starts it on
// `port` with a fresh embedded database, and resolves once it answers /healthz.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function waitFor(url, timeoutMs = 240_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up`);
}

/** Resolves to the shop's base URL and a stop() that ends it and removes its data. */
export async function startShop({ port, nodeArgs = [] }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-shop-'));
  spawnSync(process.execPath, ['apps/api/scripts/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
  const server = spawn(process.execPath, [...nodeArgs, 'apps/api/dist/start.js', '--no-web-build'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'always',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://localhost:${port}`;
  try {
    await waitFor(`${base}/healthz`);
  } catch (err) {
    stop();
    throw err;
  }
  return { base, stop };
}
