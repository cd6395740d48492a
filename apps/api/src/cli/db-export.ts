/**
 * `npm run db:export -- FILE`: every row of the configured database (usually the embedded
 * one, running or not) into FILE, to move the shop to another database with db:import
 * (ops/transfer.ts, decision 17).
 */
import path from 'node:path';
import { commandDir, loadConfig } from '../config.ts';
import { exportShop } from '../ops/transfer.ts';

const [file, ...extra] = process.argv.slice(2);
if (!file || extra.length > 0 || file.startsWith('-')) {
  console.error('Usage: npm run db:export -- <file.tar.gz>');
  process.exit(2);
}

const config = loadConfig();
const target = path.resolve(commandDir(), file);
try {
  const manifest = await exportShop(config, target);
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Exported ${rows} rows of ${manifest.tables.length} tables (${manifest.source.kind}, PostgreSQL ${manifest.source.postgres}, ` +
      `migration ${manifest.migrations.count}) to ${target}.`,
  );
} catch (error) {
  console.error(`Export failed: ${(error as Error).message}`);
  process.exit(1);
}
