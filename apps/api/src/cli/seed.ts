/**
 * `npm run seed`: loads the demo data (idempotent).
 * `npm run seed -- --products 100000 [--batch-size 2000]`: then adds that many generated
 * products, for benchmarks, with a progress bar on stderr.
 * `npm run seed -- --orders 300000 [--days 730]`: then adds that many generated orders (about
 * 3.3 lines each) over the last two years, for the reports' benchmark (seed/orders-bulk.ts).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/client.ts';
import { demoAccountsFile, demoPasswords } from '../seed/demo-accounts.ts';
import { seedBulkOrders, seedBulkProducts, seedDemo } from '../seed/index.ts';

const usage = 'Usage: npm run seed [-- --products <count> [--batch-size <rows>]] [--orders <count> [--days <days>]]';
let values: { products?: string; 'batch-size'?: string; orders?: string; days?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      products: { type: 'string' },
      'batch-size': { type: 'string' },
      orders: { type: 'string' },
      days: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}

function count(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw.replaceAll('_', '').replaceAll(',', ''));
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max.toLocaleString('en')}.\n${usage}`);
    process.exit(2);
  }
  return value;
}
const extra = count('products', values.products, 0, 0, 10_000_000);
const batchSize = count('batch-size', values['batch-size'], 2_000, 1, 3_000);
const extraOrders = count('orders', values.orders, 0, 0, 10_000_000);
const orderDays = count('days', values.days, 730, 1, 3_650);

/** A one-line bar redrawn in place on a terminal; a line per 10 % otherwise (CI logs). */
function progressBar(label: string) {
  const started = performance.now();
  const tty = process.stderr.isTTY;
  let lastTenth = -1;
  return (done: number, total: number) => {
    const ratio = total === 0 ? 1 : done / total;
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? Math.round(done / seconds) : 0;
    const width = 30;
    const filled = Math.round(ratio * width);
    const line = `${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}%  ${done.toLocaleString('en')}/${total.toLocaleString('en')}  ${seconds.toFixed(1)} s  ${rate.toLocaleString('en')}/s`;
    if (tty) {
      process.stderr.write(`\r${line}`);
      if (done === total) process.stderr.write('\n');
    } else if (Math.floor(ratio * 10) > lastTenth) {
      lastTenth = Math.floor(ratio * 10);
      process.stderr.write(`${line}\n`);
    }
  };
}

const config = loadConfig();
const uploadsDir = path.join(config.dataDir, 'uploads');
const log = (line: string) => console.log(`seed: ${line}`);
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  const started = performance.now();
  // The data folder's own demo passwords (demo-accounts.txt); in production no demo accounts.
  const passwords = config.env !== 'production' && demoPasswords(config.dataDir);
  await seedDemo(database.db, { log, uploadsDir, passwords, picturesCache: config.demoPicturesCache });
  console.log(`Demo data ready (${((performance.now() - started) / 1000).toFixed(1)} s).`);
  if (passwords) console.log(`Demo accounts' passwords: ${demoAccountsFile(config.dataDir)}`);
  if (extra > 0) {
    const bulkStarted = performance.now();
    await seedBulkProducts(database.db, { count: extra, uploadsDir, log, batchSize, onProgress: progressBar('products') });
    const seconds = (performance.now() - bulkStarted) / 1000;
    console.log(`Added ${extra.toLocaleString('en')} products in ${seconds.toFixed(1)} s.`);
  }
  if (extraOrders > 0) {
    const ordersStarted = performance.now();
    await seedBulkOrders(database.db, { count: extraOrders, days: orderDays, onProgress: progressBar('orders') });
    const seconds = (performance.now() - ordersStarted) / 1000;
    console.log(`Added ${extraOrders.toLocaleString('en')} orders over ${orderDays} days in ${seconds.toFixed(1)} s.`);
  }
} finally {
  await database.close();
}
