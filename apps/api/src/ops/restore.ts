/**
 * `npm run restore -- FILE [--force]` (decision 17): a backup back into the configured
 * target: DATABASE_URL (pg_restore) or the data folder (PGlite), and its images into
 * DATA_DIR/uploads. A target that holds anything (shop rows, a database folder, images,
 * other sessions on the database) is refused unless --force; the embedded database is never
 * restored while a process has it open. The result is checked against the backup's counts.
 * An encrypted backup (age, told by its first line) is decrypted with BACKUP_ENCRYPTION_KEY
 * as it is unpacked; today's unencrypted ones are read as they are.
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../config.ts';
import { createPglite } from '../db/client.ts';
import { lockDataDir, lockHolder } from '../db/data-dir-lock.ts';
import { readJson, unpackFile } from './archive.ts';
import type { BackupManifest } from './backup.ts';
import { displayUrl, pgliteConnection, postgresConnection } from './connection.ts';
import { openEncrypted } from './encryption.ts';
import { hasPgliteDatabase } from './pglite-snapshot.ts';
import { runTool, toolFor } from './postgres-tools.ts';
import { describeCounts, rowCounts, shopData, tablesInOrder } from './rows.ts';

export interface RestoreResult {
  manifest: BackupManifest;
  /** Whether the file was encrypted (and BACKUP_ENCRYPTION_KEY opened it). */
  encrypted: boolean;
  target: string;
  rows: Record<string, number>;
  images: number;
  /** Where the database folder that --force replaced was moved. */
  replaced?: string;
}

async function filesIn(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
}

function refuse(problems: string[], force: boolean, replacing: string) {
  if (problems.length === 0 || force) return;
  throw new Error(`Refusing to restore: ${problems.join('; ')}. Run again with --force to replace ${replacing}.`);
}

async function restorePglite(config: Config, work: string, manifest: BackupManifest, problems: string[], force: boolean) {
  const holder = lockHolder(config.dataDir);
  if (holder !== undefined) {
    throw new Error(`The shop (process ${holder}) has ${config.dataDir} open: stop it before restoring, even with --force.`);
  }
  const dbDir = path.join(config.dataDir, 'db');
  if (hasPgliteDatabase(config.dataDir)) problems.unshift(`${dbDir} already holds a database`);
  refuse(problems, force, `it (the database folder is kept beside it, renamed)`);
  let replaced: string | undefined;
  if (existsSync(dbDir)) {
    replaced = `${dbDir}.replaced-${new Date().toISOString().replace(/[-:]/g, '')}`;
    await rename(dbDir, replaced);
  }
  const tar = new Blob([new Uint8Array(await readFile(path.join(work, manifest.database)))]);
  const release = lockDataDir(config.dataDir);
  const conn = pgliteConnection(await createPglite(dbDir, tar), release);
  try {
    return { rows: await rowCounts(conn, await tablesInOrder(conn)), target: dbDir, replaced };
  } finally {
    await conn.close();
  }
}

async function restorePostgres(url: string, work: string, manifest: BackupManifest, problems: string[], force: boolean) {
  const conn = await postgresConnection(url);
  try {
    const data = await shopData(conn);
    const [sessions] = await conn.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    if (sessions && sessions.n > 0) problems.unshift(`${sessions.n} other sessions are connected to it (stop the shop first)`);
    if (Object.keys(data).length > 0) problems.unshift(`the database ${displayUrl(url)} holds data (${describeCounts(data)})`);
    refuse(problems, force, 'what is there');
    const [version] = await conn.query<{ n: string }>('show server_version_num');
    const serverMajor = Math.floor(Number(version?.n) / 10_000);
    const bin = await toolFor('pg_restore', Math.max(serverMajor, manifest.pgDump ?? 0));
    await runTool(
      bin,
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        path.join(work, manifest.database),
      ],
      url,
    );
    return { rows: await rowCounts(conn, await tablesInOrder(conn)), target: displayUrl(url) };
  } finally {
    await conn.close();
  }
}

export async function restoreBackup(config: Config, file: string, { force = false } = {}): Promise<RestoreResult> {
  if (!existsSync(file)) throw new Error(`No such file: ${file}`);
  const work = await mkdtemp(path.join(tmpdir(), 'shop-restore-'));
  try {
    const decrypted = await openEncrypted(file, config.backup.encryptionKey);
    await unpackFile(file, work, 'a shop backup (npm run backup)', decrypted);
    const manifest = await readJson<BackupManifest>(path.join(work, 'manifest.json')).catch(() => undefined);
    if (manifest?.format !== 'shop-backup' || manifest.version !== 1) {
      throw new Error(`${file} is not a shop backup (npm run backup), or is of a newer version`);
    }
    const intoPg = Boolean(config.databaseUrl);
    if (manifest.kind === 'pglite' && intoPg) {
      throw new Error(
        'This backup is of the embedded database (PGlite) and DATABASE_URL points at PostgreSQL: restore it without ' +
          'DATABASE_URL, then move it with npm run db:export and npm run db:import.',
      );
    }
    if (manifest.kind === 'pg' && !intoPg) {
      throw new Error('This backup is of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.');
    }

    const uploads = path.join(config.dataDir, 'uploads');
    const problems: string[] = [];
    const imagesThere = manifest.images.storage === 'local' ? await filesIn(uploads) : 0;
    if (imagesThere > 0) problems.push(`${uploads} holds ${imagesThere} files`);
    const restored = intoPg
      ? await restorePostgres(config.databaseUrl!, work, manifest, problems, force)
      : await restorePglite(config, work, manifest, problems, force);

    const wrong = Object.entries(manifest.rows).filter(([table, n]) => restored.rows[table] !== n);
    if (wrong.length > 0) {
      throw new Error(
        `The restored database differs from the backup: ${wrong.map(([t, n]) => `${t} ${restored.rows[t]} of ${n}`).join(', ')}`,
      );
    }
    let images = 0;
    if (existsSync(path.join(work, 'uploads'))) {
      await cp(path.join(work, 'uploads'), uploads, { recursive: true, force: true });
      images = await filesIn(path.join(work, 'uploads'));
    }
    return { manifest, encrypted: decrypted !== undefined, ...restored, images };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
