/**
 * What the backup tests share: a small shop made through the API (an admin, shoppers,
 * products with uploaded images, paid and pending orders), a fingerprint of it as the API
 * shows it (every order with its lines and totals, every user, every image's bytes), the
 * commands run as real processes, and a backup's manifest read the way an owner would read
 * it (an encrypted one opened with age-encryption itself, not with the shop's code).
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Decrypter } from 'age-encryption';
import type { FastifyInstance } from 'fastify';
import * as tar from 'tar';
import { expect } from 'vitest';
import { bearer, registerShopper } from './helpers.ts';
import { startS3Standin } from './s3-standin.ts';
import { client, png } from './clients.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { buildApp } from '../src/app.ts';
import type { Database, Db } from '../src/db/client.ts';
import { upsertAdmin } from '../src/users/service.ts';
import { commandScript } from './commands.ts';

export const ADMIN = { email: 'owner@adire.example', password: 'admin password 123' };
/** The ops token derives from it: the shop and the commands must share it. */
export const JWT_SECRET = randomBytes(32).toString('hex');

const apiDir = path.resolve(import.meta.dirname, '..');

/** BACKUP_ENCRYPTION_KEY in the tests. */
export const BACKUP_KEY = randomBytes(24).toString('base64');

/** The settings of a private backups bucket on the S3 stand-in at `endpoint`. */
export const backupBucket = (endpoint: string, bucket = 'shop-backups') => ({
  BACKUP_S3_BUCKET: bucket,
  BACKUP_S3_ENDPOINT: endpoint,
  BACKUP_S3_FORCE_PATH_STYLE: 'true',
  BACKUP_S3_ACCESS_KEY_ID: 'backups',
  BACKUP_S3_SECRET_ACCESS_KEY: 'backups-secret',
});

/**
 * npm run backup with the settings `env` gives for an S3 stand-in's endpoint, whose
 * `anonymousRead` buckets anyone may read. The stand-in is closed after; what it holds and
 * the requests it answered stay readable.
 */
export async function backupBesideS3(env: (endpoint: string) => Record<string, string>, anonymousRead: string[] = []) {
  const s3 = await startS3Standin({ anonymousRead });
  try {
    return { made: await runCommand('backup', [], env(s3.endpoint)), s3 };
  } finally {
    await s3.close();
  }
}

/** A backup's manifest.json; an encrypted one (.age) opened with `key`. */
export async function manifestOf<T>(file: string, key?: string): Promise<T> {
  let text = '';
  const list = tar.t({
    filter: (p) => p === 'manifest.json',
    onReadEntry: (entry) => entry.on('data', (chunk: Buffer) => (text += chunk.toString())),
  });
  if (key) {
    const decrypter = new Decrypter();
    decrypter.addPassphrase(key);
    await pipeline(Readable.from(Buffer.from(await decrypter.decrypt(new Uint8Array(readFileSync(file))))), list);
  } else {
    await pipeline(Readable.from(readFileSync(file)), list);
  }
  return JSON.parse(text) as T;
}

/**
 * Runs a command (src/cli/<name>.ts) as `npm run` would, with the shop's configuration.
 * Asynchronously: a stand-in server of this process (S3) must keep answering meanwhile.
 */
export function runCommand(name: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [commandScript(name), ...args], {
    cwd: apiDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: '',
      S3_BUCKET: '',
      BACKUP_S3_BUCKET: '',
      BACKUP_ENCRYPTION_KEY: '',
      JWT_SECRET,
      LOG_LEVEL: 'silent',
      ...env,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (status) => resolve({ status, stdout, stderr })),
  );
}

/** The configuration of a shop on `dataDir` in the tests (quiet, generous limits, no workers). */
export function shopConfig(dataDir: string): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET,
    AUTH_RATE_LIMIT: '1000',
    AUTH_IP_RATE_LIMIT: '100000',
    CHECKOUT_RATE_LIMIT: '1000',
    CHECKOUT_IP_RATE_LIMIT: '100000',
    MESSAGES_INTERVAL_MS: '0',
    MAX_EVENT_LOOP_DELAY_MS: '0',
  });
}

/** Runs `fn` with the shop built on `database` (migrated first) and `dataDir`, closed afterwards. */
export async function withShop<T>(database: Database, dataDir: string, fn: (app: FastifyInstance) => Promise<T>): Promise<T> {
  await database.migrate();
  const app = await buildApp({ config: shopConfig(dataDir), database, logger: false });
  try {
    return await fn(app);
  } finally {
    await app.close();
  }
}

export async function adminToken(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/adminlogin', payload: ADMIN });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().accessToken as string;
}

/** An admin, two shoppers, two products with images, three orders (two paid). */
export async function fillShop(app: FastifyInstance, db: Db): Promise<void> {
  await upsertAdmin(db, ADMIN);
  const admin = client(app, await adminToken(app));
  const products: { id: string; price: number }[] = [];
  for (const [title, colour] of [
    ['Adire maxi dress', '#2a4b8d'],
    ['Aso-oke clutch', '#b5651d'],
  ] as const) {
    const res = await admin.form('POST', '/api/products/create', [
      ['title', title],
      ['price', '25000'],
      ['counter', '50'],
      ['imageUrl', { file: await png(colour) }],
    ]);
    expect(res.statusCode, res.body).toBe(201);
    products.push(res.json());
  }
  const orders: [number, number][][] = [
    [[0, 2]],
    [
      [0, 1],
      [1, 3],
    ],
    [[1, 1]],
  ];
  for (const [i, lines] of orders.entries()) {
    const shopper = await registerShopper(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: bearer(shopper.accessToken),
      payload: { lines: lines.map(([p, quantity]) => ({ productId: products[p]!.id, quantity })) },
    });
    expect(res.statusCode, res.body).toBe(201);
    if (i === 2) continue; // left pending
    const { orderId, amount } = res.json();
    const paid = await admin.json('POST', `/api/orders/${orderId}/payments`, { method: 'transfer', amount: amount / 100 });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
  }
}

export interface ShopFingerprint {
  orders: unknown[];
  users: string[];
  images: Record<string, string>;
}

/** The shop as the API shows it: orders with lines and totals, users, images (by their bytes). */
export async function shopFingerprint(app: FastifyInstance): Promise<ShopFingerprint> {
  const admin = client(app, await adminToken(app));
  const purchases = (await admin.json('GET', '/api/purchases?limit=100')).json() as { id: string }[];
  const orders = [];
  for (const { id } of purchases) orders.push((await admin.json('GET', `/api/orders/${id}`)).json());
  orders.sort((a, b) => String(a.number).localeCompare(String(b.number)));
  const users = ((await admin.json('GET', '/api/users?limit=100')).json() as { email: string; role: string }[])
    .map((u) => `${u.email} ${u.role}`)
    .sort();
  const images: Record<string, string> = {};
  const products = (await admin.json('GET', '/api/products?limit=100')).json() as { imageUrls: string[] }[];
  for (const url of products.flatMap((p) => p.imageUrls)) {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    images[url] = createHash('sha256').update(res.rawPayload).digest('hex');
  }
  return { orders, users, images };
}
