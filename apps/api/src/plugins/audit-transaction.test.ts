/**
 * The audit plugin's transaction (decision 22) against what could go wrong with it: a change
 * rolled back after a service's own commit, another request meeting the open transaction, a
 * route that records its own entries, a streamed import, uploads decoded outside any
 * transaction, files deleted before a rollback, and (PostgreSQL) concurrent writers.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { inRequestTransaction } from '../db/request-transaction.ts';
import { auditLog, banners, orders, posts, productVariants } from '../db/schema/index.ts';
import { HttpError } from '../lib/http-error.ts';
import { multipart, png } from '../../test/clients.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { bearer, createStaff, createTestDatabase, registerShopper, testConfig } from '../../test/helpers.ts';
import { IMAGE_WIDTHS } from '../media/index.ts';

/** The files an image is stored as: a WebP per width and the sharing JPEG. */
const RENDITIONS = IMAGE_WIDTHS.length + 1;

let app: FastifyInstance;
let database: Database;
let dataDir: string;
let admin: InjectOptions['headers'];
const AUDIT_DOWN = 'audit-store-down';

/** A latch a test opens: the paused route waits on it inside its transaction. */
let paused: { inserted: () => void; release: Promise<'commit' | 'fail'> } | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig();
  dataDir = config.dataDir;
  app = await buildApp({ config, database, logger: false });
  // Routes of this test only, declared like any staff write (a permission, no table row).
  await app.register(async (scope) => {
    scope.post('/api/audit-test/write-then-fail', {
      config: { access: 'content.write' },
      handler: async () => {
        await app.db.insert(banners).values({ title: 'Written, then failed' });
        throw new HttpError(409, 'Failed after writing');
      },
    });
    scope.post('/api/audit-test/paused', {
      config: { access: 'content.write' },
      handler: async (request) => {
        const { title } = request.body as { title: string };
        await app.db.transaction(async (tx) => {
          await tx.insert(banners).values({ title });
        });
        paused!.inserted();
        if ((await paused!.release) === 'fail') throw new HttpError(409, 'Let go');
        return { title, inTransaction: inRequestTransaction() };
      },
    });
    scope.post('/api/audit-test/own-entries', {
      config: { access: 'content.write', audit: false },
      handler: async () => {
        await app.db.insert(banners).values({ title: 'Kept by its own route' });
        throw new HttpError(409, 'Refused, the count kept');
      },
    });
  });
  await app.ready();
  admin = bearer((await createStaff({ app, database, close: async () => {} }, 'owner')).accessToken);
  await database.db.execute(sql`
    create function audit_store_down() returns trigger language plpgsql as $$
    begin
      raise exception 'the audit store is down';
    end;
    $$`);
  await database.db.execute(sql`
    create trigger audit_store_down before insert on audit_log for each row
    when (new.user_agent = ${sql.raw(`'${AUDIT_DOWN}'`)}) execute function audit_store_down()`);
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const entries = async (action: string) => database.db.select().from(auditLog).where(sql`${auditLog.action} = ${action}`);
const bannerTitles = async () => (await database.db.select({ title: banners.title }).from(banners)).map((b) => b.title);
/** Lets every queued callback and I/O of this process run a few times over (no clock involved). */
const yieldTurns = async (n = 20) => {
  for (let i = 0; i < n; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('one transaction per staff write', () => {
  it('rolls back a change a service had already committed (its savepoint) when the handler fails after it, and leaves no entry', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/audit-test/write-then-fail', headers: admin });
    expect(res.statusCode).toBe(409);
    expect(await bannerTitles()).not.toContain('Written, then failed');
    expect(await entries('POST /api/audit-test/write-then-fail')).toEqual([]);
  });

  it('a permission-guarded write missing from the table is still recorded, as "METHOD /url"', async () => {
    paused = undefined;
    let inserted = () => {};
    const insertedOnce = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    paused = { inserted, release: Promise.resolve('commit') };
    const res = await app.inject({
      method: 'POST',
      url: '/api/audit-test/paused',
      headers: admin,
      payload: { title: 'Fallback' },
    });
    await insertedOnce;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ title: 'Fallback', inTransaction: true });
    const [entry] = await entries('POST /api/audit-test/paused');
    expect(entry).toMatchObject({ entity: 'audit-test', after: { title: 'Fallback', inTransaction: true } });
  });

  for (const outcome of ['fail', 'commit'] as const) {
    it(`another request meanwhile runs outside the open transaction (it ${outcome === 'fail' ? 'rolls back' : 'commits'})`, async () => {
      const title = `Paused ${outcome}`;
      let release: (value: 'commit' | 'fail') => void = () => {};
      let inserted: () => void = () => {};
      const insertedNow = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      paused = {
        inserted,
        release: new Promise((resolve) => {
          release = resolve;
        }),
      };
      const write = app.inject({ method: 'POST', url: '/api/audit-test/paused', headers: admin, payload: { title } });
      await insertedNow;
      const read = app.inject({ method: 'GET', url: '/api/banners/all', headers: admin });
      if (database.kind === 'pg') {
        // PostgreSQL answers it at once, from before the transaction.
        expect(((await read).json() as { title: string }[]).map((b) => b.title)).not.toContain(title);
      } else {
        // PGlite has one connection: the read waits for the transaction to end, whatever it is given.
        const early = await Promise.race([read.then(() => 'answered'), yieldTurns().then(() => 'waiting')]);
        expect(early).toBe('waiting');
      }
      release(outcome);
      const [written, seen] = await Promise.all([write, read]);
      expect(written.statusCode).toBe(outcome === 'fail' ? 409 : 200);
      const titles = (seen.json() as { title: string }[]).map((b) => b.title);
      // Never the uncommitted row: on PGlite the read ran after the transaction ended.
      if (outcome === 'fail' || database.kind === 'pg') expect(titles).not.toContain(title);
      else expect(titles).toContain(title);
      expect(await bannerTitles()).toEqual(
        outcome === 'fail' ? expect.not.arrayContaining([title]) : expect.arrayContaining([title]),
      );
    });
  }

  it('a route declaring audit: false is left alone: its write stands although it refuses, and it gets no entry of the plugin', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/audit-test/own-entries', headers: admin });
    expect(res.statusCode).toBe(409);
    expect(await bannerTitles()).toContain('Kept by its own route');
    expect(await entries('POST /api/audit-test/own-entries')).toEqual([]);
  });
});

describe('routes that cannot hold one transaction: an entry in each of theirs', () => {
  const HEADER =
    'product_id,sku,title,heading,description,category,sub,subsub,brand,price,discount,size_scale,size,color,variant_price,variant_discount,stock,paused';
  async function importCsv(csv: string, userAgent?: string) {
    const { payload, contentType } = await multipart([
      ['file', { file: Buffer.from(csv), name: 'catalogue.csv', type: 'text/csv' }],
    ]);
    return app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: {
        ...admin,
        'content-type': contentType,
        accept: 'application/x-ndjson',
        ...(userAgent && { 'user-agent': userAgent }),
      },
      payload,
    });
  }
  const variantBySku = async (sku: string) =>
    database.db.select().from(productVariants).where(sql`${productVariants.sku} = ${sku}`);

  it('the streamed catalogue import records its report in its own transaction', async () => {
    const res = await importCsv([HEADER, ',AUDIT-IMP-1,Imported Wrap,,,,,,,9000,,,,,,,5,'].join('\n'));
    expect(res.statusCode).toBe(200);
    expect(res.body.trim().split('\n').at(-1)).toContain('"report"');
    expect(await variantBySku('AUDIT-IMP-1')).toHaveLength(1);
    const [entry] = await entries('catalog.imported');
    expect(entry).toMatchObject({ entity: 'products', before: null, after: { created: 1, applied: true } });
  });

  it('an import whose entry cannot be written imports nothing, and its stream says so', async () => {
    const res = await importCsv([HEADER, ',AUDIT-IMP-2,Never Imported,,,,,,,9000,,,,,,,5,'].join('\n'), AUDIT_DOWN);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body.trim().split('\n').at(-1)!)).toEqual({ error: { status: 500, msg: 'Something went wrong' } });
    expect(await variantBySku('AUDIT-IMP-2')).toEqual([]);
  });

  const uploadsDir = () => path.join(dataDir, 'uploads');
  const storedFiles = (imageUrl: string) => {
    const id = app.images.idFromUrl(imageUrl)!;
    return existsSync(uploadsDir()) ? readdirSync(uploadsDir()).filter((f) => f.startsWith(id)) : [];
  };
  async function createPost(title: string, colour: string, userAgent?: string) {
    const { payload, contentType } = await multipart([
      ['title', title],
      ['imageUrl', { file: await png(colour), name: 'photo.png', type: 'image/png' }],
    ]);
    return app.inject({
      method: 'POST',
      url: '/api/posts/create',
      headers: { ...admin, 'content-type': contentType, ...(userAgent && { 'user-agent': userAgent }) },
      payload,
    });
  }

  it('an upload (decoded outside any transaction) records the row its single INSERT made, in that INSERT’s transaction', async () => {
    const res = await createPost('Audited upload', '#0a0');
    expect(res.statusCode).toBe(200);
    const post = res.json() as { id: string; imageUrl: string };
    const [entry] = (await entries('post.created')).filter((e) => e.entityId === post.id);
    expect(entry).toMatchObject({ entity: 'posts', before: null, after: { id: post.id, title: 'Audited upload' } });
    expect((entry!.after as { image: string }).image).toBe(app.images.idFromUrl(post.imageUrl));
  });

  it('an upload whose entry cannot be written writes no post and keeps no file', async () => {
    const before = (await database.db.select({ id: posts.id }).from(posts)).length;
    const res = await createPost('Never written', '#a0a', AUDIT_DOWN);
    expect(res.statusCode).toBe(500);
    expect(await database.db.select({ id: posts.id }).from(posts)).toHaveLength(before);
    const files = existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : [];
    const created = await createPost('Same picture, written', '#a0a');
    // The same bytes have the same id: none of its files were left from the failed try.
    expect(files.filter((f) => f.startsWith(app.images.idFromUrl(created.json().imageUrl)!))).toEqual([]);
  });

  it('deleting a post keeps its image’s files until the deletion commits: a rolled-back one keeps them', async () => {
    const post = (await createPost('Photo kept', '#00a')).json() as { id: string; imageUrl: string };
    expect(storedFiles(post.imageUrl)).toHaveLength(RENDITIONS);
    const failed = await app.inject({
      method: 'DELETE',
      url: `/api/posts/${post.id}`,
      headers: { ...admin, 'user-agent': AUDIT_DOWN },
    });
    expect(failed.statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: `/api/posts/${post.id}` })).statusCode).toBe(200);
    expect(storedFiles(post.imageUrl)).toHaveLength(RENDITIONS);
    const deleted = await app.inject({ method: 'DELETE', url: `/api/posts/${post.id}`, headers: admin });
    expect(deleted.statusCode).toBe(200);
    expect(storedFiles(post.imageUrl)).toHaveLength(0);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('concurrent staff writes (PostgreSQL)', () => {
  it('payments on one order and a sale of the same product, all at once: every one answered, each payment with its entry', async () => {
    const shopper = await registerShopper(app);
    const product = await insertProduct(database.db, { price: 1_000_000, counter: 20 });
    const order = await app.orders.create({
      channel: 'web',
      userId: shopper.user.id,
      contact: { email: shopper.email },
      lines: [{ productId: product.id, quantity: 1 }],
      status: 'pending',
    });
    const pay = (n: number) =>
      app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/payments`,
        headers: admin,
        payload: { method: 'cash', amount: 1000, reference: `PART-${n}` },
      });
    const sell = () =>
      app.inject({
        method: 'POST',
        url: '/api/pos/orders',
        headers: admin,
        payload: { lines: [{ productId: product.id, quantity: 1 }], paymentMethod: 'cash' },
      });
    const answers = await Promise.all([pay(1), sell(), pay(2), sell(), pay(3), pay(4)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const [row] = await database.db.select().from(orders).where(sql`${orders.id} = ${order.id}`);
    expect(row!.amountPaid).toBe(400_000);
    const mine = (await entries('order.payment_recorded')).filter((e) => e.entityId === order.id);
    expect(mine).toHaveLength(4);
    // Each entry holds its own payment only: the order's lock was held from the read before to COMMIT.
    const references = mine.map((e) => (e.after as { payments: { reference: string }[] }).payments.map((p) => p.reference));
    expect(references.flat().sort()).toEqual(['PART-1', 'PART-2', 'PART-3', 'PART-4']);
  });
});
