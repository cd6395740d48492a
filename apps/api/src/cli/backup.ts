/**
 * `npm run backup`: the database and the uploaded images into one file in BACKUP_DIR, keeping
 * the newest BACKUP_KEEP, encrypted with BACKUP_ENCRYPTION_KEY when set, with a copy in the
 * backups' own private bucket (BACKUP_S3_BUCKET) when both are set (ops/backup.ts, decision
 * 17). Works whether the shop is running or not. Exit 1 on any failure (a timer or cron shows
 * it); a backup whose off-machine copy failed is still kept.
 */
import { statSync } from 'node:fs';
import { loadConfig } from '../config.ts';
import { keepDataPrivate, tightenEmbeddedDatabase } from '../lib/private-files.ts';
import { copyOffsite, createBackup, KEEP_THE_KEY, offsiteWarning, pruneBackups } from '../ops/backup.ts';

const config = loadConfig();
let written: string | undefined;
try {
  // Opening the embedded database writes in DATA_DIR: private, like everything there.
  for (const line of await keepDataPrivate(config.dataDir)) console.log(line);
  const { file, manifest } = await createBackup(config);
  if (!config.databaseUrl) for (const line of await tightenEmbeddedDatabase(config.dataDir)) console.log(line);
  written = file;
  const megabytes = (statSync(file).size / 1_048_576).toFixed(1);
  const images =
    manifest.images.storage === 'local' ? `${manifest.images.files} image files` : `images in s3://${manifest.images.bucket}`;
  const via = manifest.via === 'server' ? ', through the running shop' : '';
  console.log(
    `Backup written: ${file} (${megabytes} MB; ${manifest.kind}${via}; orders: ${manifest.rows.orders ?? 0}, users: ${manifest.rows.users ?? 0}; ${images})`,
  );
  if (config.backup.encryptionKey) console.log(KEEP_THE_KEY);
  const deleted = await pruneBackups(config.backup.dir, config.backup.keep);
  if (deleted.length > 0)
    console.log(`Deleted ${deleted.length} older backups (BACKUP_KEEP=${config.backup.keep}): ${deleted.join(', ')}`);
  const warning = offsiteWarning(config);
  if (warning) console.warn(warning);
  else {
    const key = await copyOffsite(config, file);
    if (key)
      console.log(
        `Copied to s3://${config.backup.s3!.bucket}/${key} (the bucket refused to serve a request without credentials)`,
      );
  }
} catch (error) {
  const kept = written ? ` (the backup itself is kept: ${written})` : '';
  console.error(`Backup failed${kept}: ${(error as Error).message}`);
  process.exit(1);
}
