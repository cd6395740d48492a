/**
 * `npm start`: builds the web app (the browser's build and its server-side renderer) if it
 * has not been built, then starts the shop: one API process per core (WEB_CONCURRENCY) under
 * Node's cluster module on PostgreSQL; one process on the embedded database, which only one
 * process may open (decision 15).
 *
 * The primary prepares the shop once (migrations, first admin, demo data), forks the workers,
 * restarts one that dies (and gives up when they keep dying), and on SIGTERM or SIGINT drains
 * them: each stops taking connections, finishes what it is answering, stops its workers and
 * closes its database, then exits; the primary exits when they all have.
 */
import { spawnSync } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { type Config, loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/client.ts';
import { keepDataPrivate } from '../lib/private-files.ts';
import { serveClusterMetrics } from '../metrics/cluster.ts';
import { listenForMetrics } from '../metrics/listener.ts';
import { defaultWebDist, repoRoot } from '../paths.ts';
import { rendererPath } from '../plugins/server-render.ts';
import { prepareShop, printBanner, startServer } from '../server.ts';

/** A worker exiting this many times within RESTART_WINDOW_MS means something is wrong: stop. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;
/** How long the workers get to finish their requests on SIGTERM before they are killed. */
const DRAIN_TIMEOUT_MS = 15_000;

/** The number of API processes to run, and a line saying why when it is not what was asked. */
export function processCount(config: Config, cores = availableParallelism()): { count: number; note?: string } {
  if (!config.databaseUrl) {
    const note =
      config.webConcurrency && config.webConcurrency > 1
        ? `WEB_CONCURRENCY=${config.webConcurrency} ignored: the embedded database (PGlite) is opened by one process only. Set DATABASE_URL to a PostgreSQL server to use every core.`
        : undefined;
    return { count: 1, note };
  }
  return { count: config.webConcurrency ?? cores };
}

async function runPrimary(config: Config, count: number) {
  // Kept open until the banner (it reads the demo accounts); the workers open their own.
  const database = await openConfiguredDatabase(config);
  const notes = await prepareShop(database, config);
  const clusterMetrics = serveClusterMetrics();
  // METRICS_PORT is the primary's: it gathers every worker's figures itself, so the totals are
  // the cluster's whichever worker is busy or being replaced, and workers never open the port.
  if (config.metricsPort) await listenForMetrics(config.metricsPort, clusterMetrics);

  let stopping = false;
  const exits: number[] = [];
  // The primary's signing secret, so a token one process issued is good on every other: without
  // JWT_SECRET each process would otherwise make its own (a random one under NODE_ENV=test).
  const fork = () => cluster.fork({ SHOP_CLUSTER_WORKER: '1', JWT_SECRET: config.jwtSecret });
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      // The primary exits when its last worker has; 1 if one could not finish its requests.
      if (code !== 0) process.exitCode = 1;
      return;
    }
    const now = Date.now();
    exits.push(now);
    while (exits.length && exits[0]! < now - RESTART_WINDOW_MS) exits.shift();
    if (exits.length > MAX_RESTARTS) {
      console.error(`API processes keep exiting (${exits.length} in a minute, the last with ${signal ?? code}); stopping.`);
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
      process.exitCode = 1;
      return;
    }
    console.error(`API process ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another.`);
    fork();
  });

  let listening = 0;
  cluster.on('listening', () => {
    listening += 1;
    if (listening !== count) return;
    void printBanner(database, config, notes, count).finally(() => database.close());
  });
  for (let i = 0; i < count; i++) fork();

  const drain = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: letting ${Object.keys(cluster.workers ?? {}).length} API processes finish their requests...`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    const timer = setTimeout(() => {
      console.error('API processes still running after the drain timeout; killing them.');
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, DRAIN_TIMEOUT_MS);
    timer.unref();
  };
  process.on('SIGTERM', () => drain('SIGTERM'));
  process.on('SIGINT', () => drain('SIGINT'));
}

async function main() {
  const config = loadConfig();
  if (cluster.isWorker) {
    await startServer(config, { prepared: true });
    return;
  }
  const webDist = config.webDist ?? defaultWebDist;
  const built = existsSync(path.join(webDist, 'index.html')) && existsSync(rendererPath(webDist));
  if (!process.argv.includes('--no-web-build') && !built) {
    console.log('Building the web app (first start)...');
    const result = spawnSync('npm', ['run', 'build', '-w', '@shop/web'], { cwd: repoRoot, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  // After the web build (its files are for every reader), before anything opens DATA_DIR; the
  // workers inherit the umask.
  for (const line of await keepDataPrivate(config.dataDir)) console.log(line);
  const { count, note } = processCount(config);
  if (note) console.log(note);
  if (count === 1) await startServer(config);
  else await runPrimary(config, count);
}

try {
  await main();
} catch (error) {
  // A refused start (configuration, demo passwords in production) says why, without a stack.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
