/**
 * npm run backup / restore on the embedded database, as real processes: from the stopped
 * folder and through the running shop, into fresh folders; keeping the last N; refusing a
 * target that holds data unless --force; encrypted with BACKUP_ENCRYPTION_KEY; the copy to
 * the backups' own bucket only once it refused an unsigned read, never to the images bucket.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../test/api-process.ts';
import { embeddedDatabaseIn, newShopper } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { type Db, openDatabase } from '../db/client.ts';
import { lockFile } from '../db/data-dir-lock.ts';
import type { BackupManifest } from './backup.ts';
import { OPS_TOKEN_HEADER, opsToken, PGLITE_DUMP_PATH } from './pglite-snapshot.ts';
import {
  BACKUP_KEY,
  backupBesideS3,
  backupBucket,
  fillShop,
  JWT_SECRET,
  manifestOf,
  runCommand,
  shopConfig,
  type ShopFingerprint,
  shopFingerprint,
} from '../../test/shop.ts';

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

const backups = (dir: string) =>
  readdirSync(dir)
    .filter((n) => /^shop-.*\.tar\.gz(\.age)?$/.test(n))
    .sort();

/**
 * The embedded database only, whatever TEST_DATABASE_URL says: the PostgreSQL pass
 * (npm run test:pg) would run these again unchanged, so it leaves them to the PGlite pass
 * (PostgreSQL's backups are backup-pg.test.ts).
 */
const embeddedPass = !process.env.TEST_DATABASE_URL;

let shopDir: string;
let before: ShopFingerprint;
beforeAll(async () => {
  if (!embeddedPass) return;
  shopDir = embeddedDatabaseIn(folder('shop'));
  before = await withShop(shopDir, async (app, db) => {
    await fillShop(app, db);
    return shopFingerprint(app);
  });
  expect(before.orders).toHaveLength(3);
  expect(Object.keys(before.images).length).toBeGreaterThan(0);
}, 120_000);

describe.runIf(embeddedPass)('npm run backup and restore (embedded database)', () => {
  let backup: string;

  it('backs up the stopped folder and restores it into a fresh one: every order, user and image', async () => {
    const backupDir = folder('backups');
    const made = await runCommand('backup', [], { DATA_DIR: shopDir, BACKUP_DIR: backupDir });
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/Backup written: .*shop-\d{8}T\d{6}\.\d{3}Z\.tar\.gz/);
    backup = path.join(backupDir, backups(backupDir)[0]!);
    const manifest = await manifestOf<BackupManifest>(backup);
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
    // A folder as the shop's first start leaves it: a migrated database in db/.
    const target = embeddedDatabaseIn(folder('target'));
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
    const fake = path.join(folder('fake'), 'shop-20240101T000000.000Z.tar.gz.age');
    writeFileSync(fake, 'not encrypted');
    const notAge = await runCommand('restore', [fake], { DATA_DIR: folder('fake-target'), BACKUP_ENCRYPTION_KEY: BACKUP_KEY });
    expect(notAge.status).toBe(1);
    expect(notAge.stderr).toMatch(/is named \.age but is not an age-encrypted file/);
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
});

describe.runIf(embeddedPass)('encrypted backups and their copy off the machine', () => {
  const AGE_HEADER = 'age-encryption.org/v1\n';
  const imagesBucket = (endpoint: string) => ({
    S3_BUCKET: 'shop-images',
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'images',
    S3_SECRET_ACCESS_KEY: 'images-secret',
  });
  /** The settings of an encrypted backup into `backupDir`, copied to the stand-in's backups bucket. */
  const encryptedInto = (backupDir: string) => (endpoint: string) => ({
    DATA_DIR: shopDir,
    BACKUP_DIR: backupDir,
    BACKUP_ENCRYPTION_KEY: BACKUP_KEY,
    ...backupBucket(endpoint),
  });

  it('never copies a backup to the images bucket, which anyone may read', async () => {
    const backupDir = folder('images-bucket');
    const { made, s3 } = await backupBesideS3(
      (endpoint) => ({ DATA_DIR: shopDir, BACKUP_DIR: backupDir, BACKUP_ENCRYPTION_KEY: BACKUP_KEY, ...imagesBucket(endpoint) }),
      ['shop-images'],
    );
    expect(made.status, made.stderr).toBe(0);
    expect(s3.requests).toEqual([]);
    expect(made.stdout).not.toMatch(/Copied to/);
    // The images live in that bucket: the backup says so instead of holding them.
    const [name] = backups(backupDir);
    expect((await manifestOf<BackupManifest>(path.join(backupDir, name!), BACKUP_KEY)).images).toMatchObject({
      storage: 's3',
      bucket: 'shop-images',
    });
  }, 120_000);

  it('with BACKUP_S3_BUCKET but no key: keeps the backup here, unencrypted, uploads nothing and warns', async () => {
    const backupDir = folder('no-key');
    const { made, s3 } = await backupBesideS3((endpoint) => ({
      DATA_DIR: shopDir,
      BACKUP_DIR: backupDir,
      ...backupBucket(endpoint),
    }));
    expect(made.status, made.stderr).toBe(0);
    expect(made.stderr).toMatch(/Not copied to s3:\/\/shop-backups: BACKUP_S3_BUCKET is set but BACKUP_ENCRYPTION_KEY is not/);
    expect(s3.requests).toEqual([]);
    expect(backups(backupDir)).toEqual([expect.stringMatching(/\.tar\.gz$/)]);
  }, 120_000);

  /**
   * The encrypted backup the next test restores. Made and restored in two tests, each with its
   * own time limit: every scrypt of the key (age's passphrase, 256 MiB) took 15–20 s in CI beside
   * the browser tests, and the two halves together came within seconds of one limit (164 s of
   * 180, then over it).
   */
  let encrypted: string | undefined;

  it('encrypts with the key, and uploads once the bucket refused an unsigned read of a probe', async () => {
    const backupDir = folder('encrypted');
    const { made, s3 } = await backupBesideS3(encryptedInto(backupDir), ['shop-images']);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/Keep a copy of that key off this server.*loses every backup/);
    const [name] = backups(backupDir);
    expect(name).toMatch(/^shop-\d{8}T\d{6}\.\d{3}Z\.tar\.gz\.age$/);
    const file = path.join(backupDir, name!);
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, AGE_HEADER.length).toString()).toBe(AGE_HEADER);
    expect(bytes.includes('"shop-backup"')).toBe(false);
    expect((await manifestOf<BackupManifest>(file, BACKUP_KEY)).rows.orders).toBe(3);

    // The probe: written with credentials, refused without, deleted; then the backup.
    const [put, get, del, upload, ...more] = s3.requests;
    expect(put).toMatchObject({
      method: 'PUT',
      signed: true,
      key: expect.stringMatching(/^\/shop-backups\/backups\/\.probe-\w+$/),
    });
    expect(get).toEqual({ method: 'GET', key: put!.key, signed: false, status: 403 });
    expect(del).toMatchObject({ method: 'DELETE', key: put!.key, signed: true });
    expect(upload).toMatchObject({ method: 'PUT', key: `/shop-backups/backups/${name}`, signed: true });
    expect(more).toEqual([]);
    expect([...s3.objects.keys()]).toEqual([`/shop-backups/backups/${name}`]);
    expect(s3.objects.get(`/shop-backups/backups/${name}`)?.body.equals(bytes)).toBe(true);
    expect(made.stdout).toContain(`Copied to s3://shop-backups/backups/${name}`);
    encrypted = file;
  }, 180_000);

  it('restores the encrypted backup only with its key', async () => {
    expect(encrypted, 'the encrypted backup of the test before').toBeDefined();
    const file = encrypted!;
    const noKey = await runCommand('restore', [file], { DATA_DIR: folder('no-key-target') });
    expect(noKey.status).toBe(1);
    expect(noKey.stderr).toMatch(/is encrypted: set BACKUP_ENCRYPTION_KEY to the key it was made with/);
    const wrongKey = await runCommand('restore', [file], {
      DATA_DIR: folder('wrong-key-target'),
      BACKUP_ENCRYPTION_KEY: 'another key of some length',
    });
    expect(wrongKey.status).toBe(1);
    expect(wrongKey.stderr).toMatch(/BACKUP_ENCRYPTION_KEY does not open .*: it was encrypted with another key/);

    const fresh = folder('restored-encrypted');
    const restored = await runCommand('restore', [file], { DATA_DIR: fresh, BACKUP_ENCRYPTION_KEY: BACKUP_KEY });
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/Restored the encrypted pglite backup/);
    expect(await withShop(fresh, shopFingerprint)).toEqual(before);
  }, 180_000);

  it('refuses to upload to a backups bucket that serves an unsigned read, and keeps the backup here', async () => {
    const backupDir = folder('public-bucket');
    const { made, s3 } = await backupBesideS3(encryptedInto(backupDir), ['shop-backups']);
    expect(made.status).toBe(1);
    expect(made.stderr).toMatch(
      /backup itself is kept: .*\.tar\.gz\.age\): Not copied to s3:\/\/shop-backups: .*anyone who guesses/,
    );
    expect(backups(backupDir)).toHaveLength(1);
    const [put, get, del, ...more] = s3.requests;
    expect(put).toMatchObject({ method: 'PUT', key: expect.stringMatching(/\/\.probe-/) });
    expect(get).toMatchObject({ method: 'GET', key: put!.key, signed: false, status: 200 });
    expect(del).toMatchObject({ method: 'DELETE', key: put!.key });
    expect(more).toEqual([]);
    expect(s3.objects.size).toBe(0);
  }, 120_000);
});

describe.runIf(embeddedPass)('npm run backup while the shop runs on the embedded database', () => {
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
