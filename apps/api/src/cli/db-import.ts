/**
 * `npm run db:import -- FILE`: an export (npm run db:export) into the configured database,
 * usually the PostgreSQL server of DATABASE_URL: migrates it, refuses one that holds shop
 * data, copies every row in one transaction and checks the counts (ops/transfer.ts,
 * decision 17).
 */
import path from 'node:path';
import { commandDir, loadConfig } from '../config.ts';
import { importShop } from '../ops/transfer.ts';

const [file, ...extra] = process.argv.slice(2);
if (!file || extra.length > 0 || file.startsWith('-')) {
  console.error('Usage: DATABASE_URL=postgres://… npm run db:import -- <file.tar.gz>');
  process.exit(2);
}

const config = loadConfig();
try {
  const { counts, target } = await importShop(config, path.resolve(commandDir(), file));
  const copied = Object.entries(counts).filter(([, n]) => n > 0);
  console.log(`Imported into ${target}:`);
  for (const [table, n] of copied) console.log(`  ${table.padEnd(24)} ${n}`);
  console.log('Row counts checked against the export.');
} catch (error) {
  console.error(`Import failed: ${(error as Error).message}`);
  process.exit(1);
}
