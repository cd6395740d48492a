/**
 * `npm run restore -- FILE [--force]`: a backup (npm run backup) into the configured database
 * (DATABASE_URL, or the embedded one in DATA_DIR) and DATA_DIR/uploads (ops/restore.ts,
 * decision 17). A target that holds anything is refused unless --force. An encrypted backup
 * (.tar.gz.age) needs BACKUP_ENCRYPTION_KEY, the key it was made with.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { commandDir, loadConfig } from '../config.ts';
import { keepDataPrivate, tightenEmbeddedDatabase } from '../lib/private-files.ts';
import { restoreBackup } from '../ops/restore.ts';

const USAGE = 'Usage: npm run restore -- <backup file> [--force]';
let parsed: ReturnType<typeof parseArgs<{ options: { force: { type: 'boolean' } }; allowPositionals: true }>>;
try {
  parsed = parseArgs({ options: { force: { type: 'boolean' } }, allowPositionals: true });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const [file, ...extra] = parsed.positionals;
if (!file || extra.length > 0) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
try {
  // The database and images it writes into DATA_DIR are private from their first byte.
  for (const line of await keepDataPrivate(config.dataDir)) console.log(line);
  const result = await restoreBackup(config, path.resolve(commandDir(), file), {
    force: parsed.values.force === true,
  });
  // PGlite loads the backup's files with modes of their own.
  if (!config.databaseUrl) for (const line of await tightenEmbeddedDatabase(config.dataDir)) console.log(line);
  console.log(
    `Restored ${result.encrypted ? 'the encrypted ' : ''}${result.manifest.kind} backup of ${result.manifest.createdAt} into ${result.target}: ` +
      `orders: ${result.rows.orders ?? 0}, users: ${result.rows.users ?? 0}, products: ${result.rows.products ?? 0}; ${result.images} image files.`,
  );
  if (result.replaced) console.log(`The database folder it replaced is kept in ${result.replaced}: delete it when satisfied.`);
  if (result.manifest.images.storage === 's3')
    console.log(`Images are not in the backup: they stay in s3://${result.manifest.images.bucket}.`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
