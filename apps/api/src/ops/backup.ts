/**
 * `npm run backup` (decision 17): one file, BACKUP_DIR/shop-<UTC time>.tar.gz, holding
 *   manifest.json          what it is: database kind, migration level, rows per table, images
 *   database/pglite.tar    the embedded database's data folder (PGlite), or
 *   database/shop.pgdump   pg_dump's custom format (PostgreSQL)
 *   uploads/               the images on local disk (with S3 they already live off the machine)
 * The database is copied first, then the images: an image is stored before any row names
 * it, so every image the copied rows name is in the backup (later uploads are extra).
 * The last BACKUP_KEEP backups are kept; with S3 configured each is also copied to the
 * bucket under backups/.
 */
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { s3Client } from '../media/storage.ts';
import { packFolder } from './archive.ts';
import { pgliteConnection, postgresConnection } from './connection.ts';
import { openSnapshot, takePgliteSnapshot } from './pglite-snapshot.ts';
import { runTool, toolFor, toolMajor } from './postgres-tools.ts';
import { type MigrationLevel, migrationLevel, rowCounts, serverVersion, tablesInOrder } from './rows.ts';

export interface BackupManifest {
  format: 'shop-backup';
  version: 1;
  createdAt: string;
  kind: 'pglite' | 'pg';
  /** The server's version (PGlite's PostgreSQL for the embedded database). */
  postgres: string;
  /** pg_dump's major version, which pg_restore must match or exceed. */
  pgDump?: number;
  /** PGlite: taken through the running shop, or from its stopped folder. */
  via?: 'server' | 'folder';
  migrations: MigrationLevel;
  /** Rows per table, as the copy holds them: what a restore is checked against. */
  rows: Record<string, number>;
  /** The database's file in the archive. */
  database: string;
  images: { storage: 'local'; files: number } | { storage: 's3'; bucket: string; note: string };
}

/** shop-20250102T030405.678Z.tar.gz: sorts by time; the milliseconds keep two quick ones apart. */
export const backupName = (date: Date) => `shop-${date.toISOString().replace(/[-:]/g, '')}.tar.gz`;
export const BACKUP_FILE = /^shop-\d{8}T\d{6}\.\d{3}Z\.tar\.gz$/;

type DatabasePart = Pick<BackupManifest, 'kind' | 'postgres' | 'pgDump' | 'via' | 'migrations' | 'rows' | 'database'>;

async function dumpPglite(config: Config, work: string): Promise<DatabasePart> {
  const { tar, via } = await takePgliteSnapshot(config);
  const database = 'database/pglite.tar';
  await writeFile(path.join(work, database), Buffer.from(await tar.arrayBuffer()));
  // Opened in memory: the counts are the copy's, and a copy that does not open fails here, not at restore.
  const conn = pgliteConnection(await openSnapshot(tar));
  try {
    return {
      kind: 'pglite',
      postgres: await serverVersion(conn),
      via,
      migrations: await migrationLevel(conn),
      rows: await rowCounts(conn, await tablesInOrder(conn)),
      database,
    };
  } finally {
    await conn.close();
  }
}

/**
 * pg_dump reads the snapshot this session exports, so the manifest's counts are exactly
 * the dump's, whatever the shop writes meanwhile.
 */
async function dumpPostgres(url: string, work: string): Promise<DatabasePart> {
  const conn = await postgresConnection(url);
  try {
    const [version] = await conn.query<{ n: string }>('show server_version_num');
    const bin = await toolFor('pg_dump', Math.floor(Number(version?.n) / 10_000));
    await conn.query('begin isolation level repeatable read read only');
    const [snapshot] = await conn.query<{ id: string }>('select pg_export_snapshot() as id');
    const database = 'database/shop.pgdump';
    await runTool(bin, ['--format=custom', `--snapshot=${snapshot!.id}`, '--file', path.join(work, database)], url);
    const part: DatabasePart = {
      kind: 'pg',
      postgres: await serverVersion(conn),
      pgDump: await toolMajor(bin),
      migrations: await migrationLevel(conn),
      rows: await rowCounts(conn, await tablesInOrder(conn)),
      database,
    };
    await conn.query('commit');
    return part;
  } finally {
    await conn.close();
  }
}

async function countFiles(dir: string): Promise<number> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).length;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

/** Links DATA_DIR/uploads into the working folder (the archive follows the link; nothing is copied). */
async function linkImages(config: Config, work: string): Promise<BackupManifest['images']> {
  if (config.s3) {
    return {
      storage: 's3',
      bucket: config.s3.bucket,
      note: 'The images are in the bucket, not in this backup: keep the bucket (versioning, or a replica) to keep them.',
    };
  }
  const uploads = path.join(config.dataDir, 'uploads');
  const files = await countFiles(uploads);
  if (files > 0) await symlink(uploads, path.join(work, 'uploads'), 'dir');
  return { storage: 'local', files };
}

export async function createBackup(config: Config, now = new Date()): Promise<{ file: string; manifest: BackupManifest }> {
  await mkdir(config.backup.dir, { recursive: true, mode: 0o700 });
  const work = await mkdtemp(path.join(config.backup.dir, '.work-'));
  try {
    await mkdir(path.join(work, 'database'));
    const database = config.databaseUrl ? await dumpPostgres(config.databaseUrl, work) : await dumpPglite(config, work);
    const images = await linkImages(config, work);
    const manifest: BackupManifest = { format: 'shop-backup', version: 1, createdAt: now.toISOString(), ...database, images };
    await writeFile(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = ['manifest.json', 'database', ...(images.storage === 'local' && images.files > 0 ? ['uploads'] : [])];
    const file = path.join(config.backup.dir, backupName(now));
    await packFolder(work, entries, file);
    return { file, manifest };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Deletes all but the newest `keep` backups of the folder; answers the names deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => BACKUP_FILE.test(name)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
}

/** With S3 configured: a copy of the backup in the bucket, under backups/. Answers its key. */
export async function copyOffsite(config: Config, file: string): Promise<string | undefined> {
  if (!config.s3) return undefined;
  const { PutObjectCommand } = await import('@aws-sdk/client-s3');
  // A file streamed with its length, signed as is: no aws-chunked body with a checksum
  // trailer, which not every S3-compatible service reads.
  const client = await s3Client(config.s3, { requestChecksumCalculation: 'WHEN_REQUIRED' });
  const key = `backups/${path.basename(file)}`;
  try {
    await client.send(
      new PutObjectCommand({
        Bucket: config.s3.bucket,
        Key: key,
        Body: createReadStream(file),
        ContentLength: (await stat(file)).size,
        ContentType: 'application/gzip',
      }),
    );
  } finally {
    client.destroy();
  }
  return key;
}
