/**
 * The launcher: read config, open and migrate the database, create the first admin and
 * demo data when asked, listen, and close gracefully on SIGTERM/SIGINT.
 */
import cluster from 'node:cluster';
import path from 'node:path';
import { buildApp } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { openConfiguredDatabase } from './db/client.ts';
import type { Database, Db } from './db/client.ts';
import {
  DEMO_ADMIN,
  DEMO_SHOPPER,
  DEMO_STAFF,
  demoAccountsFile,
  demoPasswords,
  readDemoPasswords,
} from './seed/demo-accounts.ts';
import { demoAccountsWithKnownPasswords, isDemoSeeded, replacePublishedDemoPasswords, seedDemo } from './seed/index.ts';
import { tightenEmbeddedDatabase } from './lib/private-files.ts';
import { closeMetricsListener, listenForMetrics, METRICS_HOST } from './metrics/listener.ts';
import { prometheus } from './metrics/registry.ts';
import { defaultWebDist } from './paths.ts';
import { pruneCatalogueRemovals } from './pos/index.ts';
import { makeMissingRenditions } from './seo/index.ts';
import { sweepAppPriceDrops } from './wishlist/index.ts';
import { sweepAppRecovery } from './recovery/index.ts';
import { findUserByEmail, upsertAdmin } from './users/index.ts';

/**
 * In production, no demo account may keep a password someone else knows: the one generated
 * into DATA_DIR/demo-accounts.txt (printed at every start of the demo) or the one earlier
 * versions published. Throws, with how to fix it, when one does.
 */
export async function refuseKnownDemoPasswords(db: Db, config: Config): Promise<void> {
  if (config.env !== 'production') return;
  const exposed = await demoAccountsWithKnownPasswords(db, readDemoPasswords(config.dataDir));
  if (exposed.length === 0) return;
  throw new Error(
    `Refusing to start in production: the demo account${exposed.length > 1 ? 's' : ''} ${exposed.join(' and ')} ` +
      `still ${exposed.length > 1 ? 'have their' : 'has its'} demo password (from ${demoAccountsFile(config.dataDir)}, ` +
      'or the one published by earlier versions), which anyone who reads that file or the README could use. ' +
      'Delete the demo accounts (back office → Users), or sign in as each and change its password, then start again.',
  );
}

/**
 * The one-time work before the shop takes requests: migrate, create the first admin, seed the
 * demo, replace published demo passwords, refuse known ones in production. Under a cluster
 * the primary does it once, before forking (cli/start.ts). Answers the notes for the banner.
 */
export async function prepareShop(database: Database, config: Config): Promise<string[]> {
  await database.migrate();

  const notes: string[] = [];
  if (config.admin && !(await findUserByEmail(database.db, config.admin.email))) {
    await upsertAdmin(database.db, config.admin);
    notes.push(`Admin created from ADMIN_EMAIL: ${config.admin.email}`);
  }
  const shouldSeed =
    config.seedDemo === 'always' ||
    (config.seedDemo === 'auto' && config.env !== 'production' && !(await isDemoSeeded(database.db)));
  const production = config.env === 'production';
  if (shouldSeed) {
    await seedDemo(database.db, {
      log: (line) => console.log(`seed: ${line}`),
      uploadsDir: path.join(config.dataDir, 'uploads'),
      picturesCache: config.demoPicturesCache,
      // The data folder's own passwords; in production (SEED_DEMO=always) no demo accounts.
      passwords: !production && demoPasswords(config.dataDir),
    });
  }
  if (!production) {
    const replaced = await replacePublishedDemoPasswords(database.db, () => demoPasswords(config.dataDir));
    if (replaced.length) notes.push(`The published demo passwords no longer work: new ones below (${replaced.join(', ')})`);
  }
  await refuseKnownDemoPasswords(database.db, config);
  return notes;
}

/** Where the shop is, and the demo accounts' passwords outside production. */
export async function printBanner(database: Database, config: Config, notes: string[], processes = 1): Promise<void> {
  const production = config.env === 'production';
  const demo = !production || config.seedDemo === 'always';
  const url = `http://localhost:${config.port}`;
  const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
  console.log(`\n  Shop running at ${url}  (database: ${where}; ${processes} process${processes > 1 ? 'es' : ''})`);
  console.log(`  Back office:    ${url}/login`);
  console.log(`  API docs:       ${url}/api/docs`);
  if (config.metricsPort)
    console.log(`  Metrics:        http://${METRICS_HOST}:${config.metricsPort}/metrics  (this machine only)`);
  const saved = demo ? readDemoPasswords(config.dataDir) : undefined;
  if (saved && (await findUserByEmail(database.db, DEMO_ADMIN.email))) {
    console.log(`  Demo admin:     ${DEMO_ADMIN.email} / ${saved.admin}`);
    console.log(`  Demo shopper:   ${DEMO_SHOPPER.email} / ${saved.shopper}`);
    if (saved.staff)
      console.log(`  Demo team:      ${DEMO_STAFF.map((m) => m.email).join(', ')} (passwords and till PINs in the file)`);
    console.log(`  (kept in ${demoAccountsFile(config.dataDir)}; unless changed since)`);
  }
  for (const note of notes) console.log(`  ${note}`);
  console.log('');
}

/**
 * Opens the database, prepares the shop (unless a cluster's primary did: `prepared`), listens,
 * and closes gracefully on SIGTERM/SIGINT: no new connections, requests in flight finish,
 * the order-expiry sweeper and the messages worker stop, the database closes last.
 */
export async function startServer(config: Config = loadConfig(), { prepared = false } = {}) {
  const database = await openConfiguredDatabase(config);
  let notes: string[] = [];
  if (!prepared) {
    try {
      notes = await prepareShop(database, config);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  // What PGlite wrote with modes of its own while opening (its relation cache, a new database's
  // files), private before the first request; cli/start.ts made the rest private before.
  if (database.kind === 'pglite') notes.push(...(await tightenEmbeddedDatabase(config.dataDir)));

  const app = await buildApp({ config: { ...config, webDist: config.webDist ?? defaultWebDist }, database });
  // METRICS_PORT: this process's figures on 127.0.0.1 (decision 16); under the cluster the
  // primary listens instead, with every worker's (cli/start.ts).
  const metricsListener =
    config.metricsPort && !cluster.isWorker
      ? await listenForMetrics(config.metricsPort, () => prometheus.register.metrics())
      : undefined;
  await app.listen({ host: config.host, port: config.port });
  if (!prepared) await printBanner(database, config, notes);

  // Images stored before a rendition existed (the sharing JPEG, issue 31; the 480 px WebP,
  // decision 0006) get theirs, in the background and once per start: by this process, or by
  // the cluster's first worker.
  if (!cluster.isWorker || cluster.worker?.id === 1) {
    makeMissingRenditions(app.db, app.images).then(
      ({ made }) => made > 0 && app.log.info({ made }, 'renditions made for older images'),
      (error) => app.log.error({ err: error }, 'making the renditions of older images failed'),
    );
  }

  // Pending orders hold stock for 30 minutes; give it back when they run out. Safe with
  // several processes: each order is cancelled by exactly one conditional UPDATE. The tills'
  // catalogue forgets removals older than it keeps, likewise once each. Wishlisted products
  // that became 10 % cheaper are told about (with consent, at most weekly), once per shopper.
  // Abandoned checkouts get their reminders and transfer orders theirs (recovery/), each once.
  const sweeper = setInterval(() => {
    app.orders.expirePending().catch((error) => app.log.error({ err: error }, 'expiring pending orders failed'));
    pruneCatalogueRemovals(app.db).catch((error) => app.log.error({ err: error }, 'pruning catalogue removals failed'));
    sweepAppPriceDrops(app).catch((error) => app.log.error({ err: error }, 'sweeping price drops failed'));
    sweepAppRecovery(app).catch((error) => app.log.error({ err: error }, 'sweeping checkout recovery failed'));
  }, 60_000);
  sweeper.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    clearInterval(sweeper);
    if (metricsListener) await closeMetricsListener(metricsListener);
    await app.close();
    process.exit(0);
  };
  // `on`, not `once`: under the cluster a worker may get the signal twice (from its primary
  // and from a process-group kill); a second one must not end it with its requests in flight.
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  return app;
}
