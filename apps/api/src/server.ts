/**
 * The launcher: read config, open and migrate the database, create the first admin and
 * demo data when asked, listen, and close gracefully on SIGTERM/SIGINT.
 */
import path from 'node:path';
import { buildApp } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { openConfiguredDatabase } from './db/client.ts';
import { DEMO_ADMIN, DEMO_SHOPPER } from './db/seed/demo-accounts.ts';
import { isDemoSeeded, seedDemo } from './db/seed/index.ts';
import { defaultWebDist } from './paths.ts';
import { findUserByEmail, upsertAdmin } from './users/service.ts';

export async function startServer(config: Config = loadConfig()) {
  const database = await openConfiguredDatabase(config);
  await database.migrate();

  const notes: string[] = [];
  if (config.admin && !(await findUserByEmail(database.db, config.admin.email))) {
    await upsertAdmin(database.db, config.admin);
    notes.push(`Admin created from ADMIN_EMAIL: ${config.admin.email}`);
  }
  const shouldSeed =
    config.seedDemo === 'always' ||
    (config.seedDemo === 'auto' && config.env !== 'production' && !(await isDemoSeeded(database.db)));
  if (shouldSeed) {
    await seedDemo(database.db, {
      log: (line) => console.log(`seed: ${line}`),
      uploadsDir: path.join(config.dataDir, 'uploads'),
    });
  }
  const demo = config.env !== 'production' || config.seedDemo === 'always';

  const app = await buildApp({ config: { ...config, webDist: config.webDist ?? defaultWebDist }, database });
  await app.listen({ host: config.host, port: config.port });

  const url = `http://localhost:${config.port}`;
  console.log(
    `\n  Shop running at ${url}  (database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );
  console.log(`  Back office:    ${url}/login`);
  console.log(`  API docs:       ${url}/api/docs`);
  if (demo && (await findUserByEmail(database.db, DEMO_ADMIN.email))) {
    console.log(`  Demo admin:     ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
    console.log(`  Demo shopper:   ${DEMO_SHOPPER.email} / ${DEMO_SHOPPER.password}`);
  }
  for (const note of notes) console.log(`  ${note}`);
  console.log('');

  // Pending orders hold stock for 30 minutes; give it back when they run out. Safe with
  // several processes: each order is cancelled by exactly one conditional UPDATE.
  const sweeper = setInterval(() => {
    app.orders.expirePending().catch((error) => app.log.error({ err: error }, 'expiring pending orders failed'));
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
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  return app;
}
