/**
 * npm run backup / restore on the embedded database, as real processes: from the stopped
 * folder and through the running shop, into fresh folders; keeping the last N; refusing a
 * target that holds data unless --force; the copy to S3.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../test/api-process.ts';
import { newShopper } from '../../test/helpers.ts';
import { startS3Standin } from '../../test/s3-standin.ts';
import { buildApp } from '../app.ts';
import { type Db, openDatabase } from '../db/client.ts';
import { lockFile } from '../db/data-dir-lock.ts';
import type { BackupManifest } from './backup.ts';
import { OPS_TOKEN_HEADER, opsToken, PGLITE_DUMP_PATH } from './pglite-snapshot.ts';
import { fillShop, JWT_SECRET, runCommand, shopConfig, type ShopFingerprint, shopFingerprint } from './test-shop.ts';

const folders: string[] = [];
const folder = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** Opens a data folder's shop, runs fn on it, closes it (the folder is free again). */
async function withShop<T>(dataDir: string, fn: (app: FastifyInstance, db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  await database.migrate();
  const app = await buildApp({ config: shopConfig(dataDir), database, logger: false });
  try {
    return await fn(app, database.db);
  } finally {
    await app.close();
  }
}

async function manifestOf(file: string): Promise<BackupManifest> {
  let text = '';
  await tar.t({
    file,
    filter: (p) => p === 'manifest.json',
    onReadEntry: (entry) => entry.on('data', (chunk: Buffer) => (text += chunk.toString())),
  });
  return JSON.parse(text) as BackupManifest;
}

const backups = (dir: string) =>
  readdirSync(dir)
    .filter((n) => /^shop-.*\.tar\.gz$/.test(n))
    .sort();

let shopDir: string;
let before: ShopFingerprint;
beforeAll(async () => {
  shopDir = folder('shop');
  before = await withShop(shopDir, async (app, db) => {
    await fillShop(app, db);
    return shopFingerprint(app);
  });
  expect(before.orders).toHaveLength(3);
  expect(Object.keys(before.images).length).toBeGreaterThan(0);
}, 120_000);

describe('npm run backup and restore (embedded database)', () => {
  let backup: string;

  it('backs up the stopped folder and restores it into a fresh one: every order, user and image', async () => {
    const backupDir = folder('backups');
    const made = await runCommand('backup', [], { DATA_DIR: shopDir, BACKUP_DIR: backupDir });
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/Backup written: .*shop-\d{8}T\d{6}\.\d{3}Z\.tar\.gz/);
    backup = path.join(backupDir, backups(backupDir)[0]!);
    const manifest = await manifestOf(backup);
    expect(manifest).toMatchObject({ format: 'shop-backup', kind: 'pglite', via: 'folder', images: { storage: 'local' } });
    expect(manifest.rows.orders).toBe(3);
    expect(manifest.migrations.count).toBeGreaterThan(10);

    const fresh = folder('restored');
    const restored = await runCommand('restore', [backup], { DATA_DIR: fresh });
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/orders: 3/);
    expect(await withShop(fresh, shopFingerprint)).toEqual(before);
  }, 120_000);

  it('refuses to restore over a folder that holds a database unless --force, which keeps the old one aside', async () => {
    const target = folder('target');
    await withShop(target, async () => {});
    const refused = await runCommand('restore', [backup], { DATA_DIR: target });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/already holds a database.*--force/);

    const forced = await runCommand('restore', [backup, '--force'], { DATA_DIR: target });
    expect(forced.status, forced.stderr).toBe(0);
    expect(readdirSync(target).some((n) => n.startsWith('db.replaced-'))).toBe(true);
    expect(await withShop(target, shopFingerprint)).toEqual(before);
  }, 120_000);

  it('answers a missing or foreign file, or no file, with what is wrong', async () => {
    const usage = await runCommand('restore', [], { DATA_DIR: folder('usage') });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/Usage: npm run restore -- <backup file> \[--force\]/);
    const missing = await runCommand('restore', ['/nonexistent/shop.tar.gz'], { DATA_DIR: folder('missing') });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/No such file: \/nonexistent\/shop\.tar\.gz/);
    const foreign = path.join(folder('foreign'), 'notes.tar.gz');
    writeFileSync(foreign, 'not an archive');
    const refused = await runCommand('restore', [foreign], { DATA_DIR: folder('foreign-target') });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/is not a shop backup \(npm run backup\): it cannot be read as a \.tar\.gz/);
  }, 60_000);

  it('keeps the newest BACKUP_KEEP backups, and never counts a half-written one', async () => {
    const backupDir = folder('keep');
    const old = ['shop-20240101T000000.000Z.tar.gz', 'shop-20240102T000000.000Z.tar.gz', 'shop-20240103T000000.000Z.tar.gz'];
    for (const name of old) writeFileSync(path.join(backupDir, name), 'old');
    writeFileSync(path.join(backupDir, '.shop-20990101T000000.000Z.tar.gz.1.partial'), 'interrupted');
    const made = await runCommand('backup', [], { DATA_DIR: shopDir, BACKUP_DIR: backupDir, BACKUP_KEEP: '2' });
    expect(made.status, made.stderr).toBe(0);
    const kept = backups(backupDir);
    expect(kept).toHaveLength(2);
    expect(kept[0]).toBe(old[2]);
    expect(kept[1]).not.toMatch(/^shop-2024/);
    expect(made.stdout).toMatch(/Deleted 2 older backups/);
  }, 120_000);

  it('copies the backup to the S3 bucket under backups/ when S3 is configured', async () => {
    const s3 = await startS3Standin();
    try {
      const backupDir = folder('s3');
      const made = await runCommand('backup', [], {
        DATA_DIR: shopDir,
        BACKUP_DIR: backupDir,
        S3_BUCKET: 'shop-images',
        S3_ENDPOINT: s3.endpoint,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'test',
        S3_SECRET_ACCESS_KEY: 'test',
      });
      expect(made.status, made.stderr).toBe(0);
      const [name] = backups(backupDir);
      expect(made.stdout).toContain(`s3://shop-images/backups/${name}`);
      expect(s3.objects.get(`/shop-images/backups/${name}`)?.body.equals(readFileSync(path.join(backupDir, name!)))).toBe(true);
      // The images live in the bucket then: the backup says so instead of holding them.
      expect((await manifestOf(path.join(backupDir, name!))).images).toMatchObject({ storage: 's3', bucket: 'shop-images' });
    } finally {
      await s3.close();
    }
  }, 120_000);
});

describe('npm run backup while the shop runs on the embedded database', () => {
  let shop: ApiProcess;
  beforeAll(async () => {
    shop = await startApiProcess({ DATA_DIR: shopDir, JWT_SECRET });
  }, 60_000);
  afterAll(() => shop?.stop());

  it('takes the copy through the shop, recent orders included, and restores it', async () => {
    expect(existsSync(lockFile(shopDir))).toBe(true);
    // A new shopper and order, written by the running shop only.
    const shopper = newShopper();
    const register = await fetch(`${shop.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(shopper),
    });
    expect(register.status).toBe(201);
    const { accessToken } = (await register.json()) as { accessToken: string };
    const productId = (before.orders[0] as { lines: { productId: string }[] }).lines[0]!.productId;
    const checkout = await fetch(`${shop.url}/api/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ lines: [{ productId, quantity: 1 }] }),
    });
    expect(checkout.status).toBe(201);

    const backupDir = folder('running');
    const made = await runCommand('backup', [], { DATA_DIR: shopDir, BACKUP_DIR: backupDir, PORT: String(shop.port) });
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/through the running shop; orders: 4/);
    const [name] = backups(backupDir);
    const file = path.join(backupDir, name!);

    // The shop keeps its folder: a restore into it is refused, even with --force.
    const refused = await runCommand('restore', [file, '--force'], { DATA_DIR: shopDir });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/stop it before restoring/);

    const fresh = folder('restored-running');
    expect((await runCommand('restore', [file], { DATA_DIR: fresh })).status).toBe(0);
    const after = await withShop(fresh, shopFingerprint);
    expect(after.orders).toHaveLength(4);
    expect(after.users.some((u) => u.startsWith(`${shopper.email} `))).toBe(true);
    expect(after.orders.slice(0, 3)).toEqual(before.orders);
    expect(after.images).toEqual(before.images);
  }, 120_000);

  it('answers the copy to this machine with the token only, and to no one through a proxy', async () => {
    const token = opsToken(JWT_SECRET);
    const url = `${shop.url}${PGLITE_DUMP_PATH}`;
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(url, { headers: { [OPS_TOKEN_HEADER]: opsToken('another secret') } })).status).toBe(404);
    expect((await fetch(url, { headers: { [OPS_TOKEN_HEADER]: token, 'x-forwarded-for': '203.0.113.9' } })).status).toBe(404);
    const ok = await fetch(url, { headers: { [OPS_TOKEN_HEADER]: token } });
    expect(ok.status).toBe(200);
    expect((await ok.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000);
  }, 60_000);

  it('says what is wrong when the process holding the folder does not answer, and opens it for no one else', async () => {
    const made = await runCommand('backup', [], { DATA_DIR: shopDir, BACKUP_DIR: folder('silent'), PORT: '1' });
    expect(made.status).toBe(1);
    expect(made.stderr).toMatch(new RegExp(`open in process ${shop.child.pid}, which does not answer`));
    // Nor does anything else in another process open the folder meanwhile (a second npm start).
    await expect(openDatabase({ dataDir: shopDir })).rejects.toThrow(/open in process \d+.*stop that one first/);
  }, 60_000);
});
