/**
 * `npm run backup` (decision 17): one file, BACKUP_DIR/shop-<UTC time>.tar.gz, holding
 *   manifest.json          what it is: database kind, migration level, rows per table, images
 *   database/pglite.tar    the embedded database's data folder (PGlite), or
 *   database/shop.pgdump   pg_dump's custom format (PostgreSQL)
 *   uploads/               the images on local disk (with S3 they already live off the machine)
 * The database is copied first, then the images: an image is stored before any row names
 * it, so every image the copied rows name is in the backup (later uploads are extra).
 * With BACKUP_ENCRYPTION_KEY the file is shop-<UTC time>.tar.gz.age, encrypted (age).
 * The last BACKUP_KEEP backups are kept. A backup leaves the machine only encrypted, only
 * for its own bucket (BACKUP_S3_*, never the images' public one), and only once that bucket
 * has refused to hand a probe object to a request without credentials.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';
import { s3Client } from '../media/index.ts';
import { packFolder } from './archive.ts';
import { pgliteConnection, postgresConnection } from './connection.ts';
import { AGE_SUFFIX } from './encryption.ts';
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

/**
 * shop-20250102T030405.678Z.tar.gz(.age): sorts by time; the milliseconds keep two quick ones
 * apart; .age when encrypted.
 */
export const backupName = (date: Date, encrypted = false) =>
  `shop-${date.toISOString().replace(/[-:]/g, '')}.tar.gz${encrypted ? AGE_SUFFIX : ''}`;
export const BACKUP_FILE = /^shop-\d{8}T\d{6}\.\d{3}Z\.tar\.gz(\.age)?$/;

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
    const { encryptionKey } = config.backup;
    const file = path.join(config.backup.dir, backupName(now, encryptionKey !== undefined));
    await packFolder(work, entries, file, encryptionKey);
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

/** What `npm run backup` prints when a backup is encrypted. */
export const KEEP_THE_KEY =
  'Encrypted with BACKUP_ENCRYPTION_KEY. Keep a copy of that key off this server (a password manager, a safe): ' +
  'it is the only way to open these backups, and an owner who loses it loses every backup.';

/** Why a configured off-site copy is not made, if it is not: a backup leaves this machine only encrypted. */
export function offsiteWarning(config: Config): string | undefined {
  if (!config.backup.s3 || config.backup.encryptionKey) return undefined;
  return (
    `Not copied to s3://${config.backup.s3.bucket}: BACKUP_S3_BUCKET is set but BACKUP_ENCRYPTION_KEY is not, and a ` +
    'backup leaves this machine only encrypted. Set BACKUP_ENCRYPTION_KEY (e.g. openssl rand -base64 32) and keep a ' +
    'copy of it off this server.'
  );
}

type BackupBucket = NonNullable<Config['backup']['s3']>;

/**
 * PutObject's request as the SDK sends it (virtual-hosted or path-style, the key encoded), as
 * a plain URL: the probe is fetched at exactly the address it was written to.
 */
async function putAndLocate(client: S3Client, bucket: string, key: string): Promise<string> {
  const { PutObjectCommand } = await import('@aws-sdk/client-s3');
  const put = new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'npm run backup: is this bucket private?' });
  let url: string | undefined;
  put.middlewareStack.add(
    (next) => async (args) => {
      const {
        protocol,
        hostname,
        port,
        path: where,
      } = args.request as { protocol: string; hostname: string; port?: number; path: string };
      url = `${protocol}//${hostname}${port ? `:${port}` : ''}${where}`;
      return next(args);
    },
    { step: 'finalizeRequest', name: 'shopProbeUrl' },
  );
  await client.send(put);
  if (!url) throw new Error('the S3 client sent no request for the probe object');
  return url;
}

/**
 * Refuses (throws) unless the bucket refuses what anyone may ask: a probe object is written
 * with the bucket's credentials, then fetched without any (no Authorization, no signature).
 * Only 401 or 403 means private; a 200 means anyone who guesses a backup's name downloads the
 * whole database, and anything else (a redirect, a 404, no answer) proves neither. The probe
 * is deleted whatever the answer.
 */
async function checkPrivate(client: S3Client, bucket: BackupBucket): Promise<void> {
  const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
  const key = `backups/.probe-${randomBytes(12).toString('hex')}`;
  const url = await putAndLocate(client, bucket.bucket, key);
  let status: number | string;
  try {
    const answer = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    await answer.body?.cancel();
    status = answer.status;
  } catch (error) {
    status = (error as Error).message;
  } finally {
    await client.send(new DeleteObjectCommand({ Bucket: bucket.bucket, Key: key }));
  }
  if (status === 401 || status === 403) return;
  const why =
    status === 200
      ? `it handed ${key} to a request without credentials: anyone who guesses a backup's name could download it. ` +
        'Make the bucket private (no anonymous or public read policy; a bucket of its own, never the images bucket)'
      : `a request without credentials for ${key} got ${typeof status === 'number' ? `HTTP ${status}` : `no answer (${status})`}, ` +
        'not the refusal (401 or 403) that shows the bucket is private. Check BACKUP_S3_ENDPOINT, BACKUP_S3_REGION and ' +
        "the bucket's access policy";
  throw new Error(`Not copied to s3://${bucket.bucket}: ${why}, then run npm run backup again.`);
}

/**
 * With BACKUP_S3_BUCKET (and a key): a copy of the encrypted backup in that bucket, under
 * backups/, once the bucket proved private. Answers its key; undefined when no bucket is set.
 */
export async function copyOffsite(config: Config, file: string): Promise<string | undefined> {
  const bucket = config.backup.s3;
  if (!bucket) return undefined;
  if (!file.endsWith(AGE_SUFFIX)) throw new Error(`${file} is not encrypted: a backup leaves this machine only encrypted.`);
  const { PutObjectCommand } = await import('@aws-sdk/client-s3');
  // A file streamed with its length, signed as is: no aws-chunked body with a checksum
  // trailer, which not every S3-compatible service reads.
  const client = await s3Client(bucket, { requestChecksumCalculation: 'WHEN_REQUIRED' });
  const key = `backups/${path.basename(file)}`;
  try {
    await checkPrivate(client, bucket);
    await client.send(
      new PutObjectCommand({
        Bucket: bucket.bucket,
        Key: key,
        Body: createReadStream(file),
        ContentLength: (await stat(file)).size,
        ContentType: 'application/octet-stream',
      }),
    );
  } finally {
    client.destroy();
  }
  return key;
}
