/**
 * npm run backup / restore on PostgreSQL (pg_dump's custom format, pg_restore), as real
 * processes, into a fresh database and folder; refusing a database that holds data unless
 * --force; encrypted, copied to the backups' private bucket only, and restored from that
 * copy. Runs with TEST_DATABASE_URL (npm run test:pg, CI).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDatabase } from '../../test/global-setup.ts';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '../db/client.ts';
import type { BackupManifest } from './backup.ts';
import {
  BACKUP_KEY,
  backupBesideS3,
  backupBucket,
  fillShop,
  manifestOf,
  runCommand,
  type ShopFingerprint,
  shopFingerprint,
  withShop,
} from '../../test/shop.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('npm run backup and restore (PostgreSQL)', () => {
  const databases: string[] = [];
  const folders: string[] = [];
  let admin: pg.Client;

  async function newDatabase(): Promise<string> {
    const name = `shop_backup_${randomBytes(5).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    databases.push(name);
    return withDatabase(serverUrl!, name);
  }
  const folder = (prefix: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
    folders.push(dir);
    return dir;
  };

  const withShopAt = async <T>(url: string, dataDir: string, fn: (app: FastifyInstance) => Promise<T>) =>
    withShop(await openDatabase({ url, poolSize: 2 }), dataDir, fn);

  let source: string;
  let sourceDir: string;
  let before: ShopFingerprint;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    source = await newDatabase();
    sourceDir = folder('pg-shop');
    before = await withShopAt(source, sourceDir, async (app) => {
      await fillShop(app, app.db);
      return shopFingerprint(app);
    });
  }, 120_000);
  afterAll(async () => {
    for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('restores a pg_dump backup into a fresh database and folder: every order, user and image', async () => {
    const backupDir = folder('pg-backups');
    const made = await runCommand('backup', [], { DATABASE_URL: source, DATA_DIR: sourceDir, BACKUP_DIR: backupDir });
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/pg; orders: 3, users: 4/);
    const file = path.join(backupDir, readdirSync(backupDir)[0]!);

    const target = await newDatabase();
    const targetDir = folder('pg-restored');
    const restored = await runCommand('restore', [file], { DATABASE_URL: target, DATA_DIR: targetDir });
    expect(restored.status, restored.stderr).toBe(0);
    expect(await withShopAt(target, targetDir, shopFingerprint)).toEqual(before);

    // Now it holds data: refused, then replaced with --force.
    const refused = await runCommand('restore', [file], { DATABASE_URL: target, DATA_DIR: folder('pg-empty') });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/holds data \(.+\).*--force/);
    const forced = await runCommand('restore', [file, '--force'], { DATABASE_URL: target, DATA_DIR: targetDir });
    expect(forced.status, forced.stderr).toBe(0);
    expect(await withShopAt(target, targetDir, shopFingerprint)).toEqual(before);
  }, 180_000);

  it('encrypts the dump, copies it only to the private backups bucket, and restores that copy with the key', async () => {
    const backupDir = folder('pg-encrypted');
    const { made, s3 } = await backupBesideS3(
      (endpoint) => ({
        DATABASE_URL: source,
        DATA_DIR: sourceDir,
        BACKUP_DIR: backupDir,
        BACKUP_ENCRYPTION_KEY: BACKUP_KEY,
        ...backupBucket(endpoint),
      }),
      ['shop-images'],
    );
    expect(made.status, made.stderr).toBe(0);
    const [name] = readdirSync(backupDir);
    expect(name).toMatch(/^shop-.*\.tar\.gz\.age$/);
    expect((await manifestOf<BackupManifest>(path.join(backupDir, name!), BACKUP_KEY)).kind).toBe('pg');
    const probe = s3.requests.find((r) => r.method === 'GET');
    expect(probe).toMatchObject({
      key: expect.stringMatching(/^\/shop-backups\/backups\/\.probe-/),
      signed: false,
      status: 403,
    });
    expect([...s3.objects.keys()]).toEqual([`/shop-backups/backups/${name}`]);

    // The copy from the bucket, as an owner whose server is gone would fetch it.
    const copy = path.join(folder('pg-downloaded'), name!);
    writeFileSync(copy, s3.objects.get(`/shop-backups/backups/${name}`)!.body);
    const target = await newDatabase();
    const targetDir = folder('pg-restored-encrypted');
    const noKey = await runCommand('restore', [copy], { DATABASE_URL: target, DATA_DIR: targetDir });
    expect(noKey.status).toBe(1);
    expect(noKey.stderr).toMatch(/is encrypted: set BACKUP_ENCRYPTION_KEY/);
    const restored = await runCommand('restore', [copy], {
      DATABASE_URL: target,
      DATA_DIR: targetDir,
      BACKUP_ENCRYPTION_KEY: BACKUP_KEY,
    });
    expect(restored.status, restored.stderr).toBe(0);
    expect(await withShopAt(target, targetDir, shopFingerprint)).toEqual(before);
  }, 180_000);
});
