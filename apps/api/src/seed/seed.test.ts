import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ROLE_TEMPLATES, type RoleTemplate, SIZES } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import type { Database } from '../db/client.ts';
import {
  appMeta,
  banners,
  brands,
  categories,
  messages,
  orderLines,
  orderPayments,
  orders,
  posts,
  products,
  productVariants,
  subs,
  staffPins,
  subsubs,
  users,
} from '../db/schema/index.ts';
import { COLOUR_HEX, artSvg } from './art.ts';
import { CATEGORIES } from './catalogue-data.ts';
import { parsePictureKey } from './generate.ts';
import { listCoupons } from '../coupons/index.ts';
import { listZones } from '../delivery/index.ts';
import { paystackLocalFee } from '../orders/index.ts';
import { DELIVERY_STATES } from '@shop/shared';
import { demoAccountsWithKnownPasswords, seedBulkProducts, seedDemo } from './index.ts';
import { DEMO_ADMIN, DEMO_SHOPPER, DEMO_STAFF, throwawayDemoPasswords } from './demo-accounts.ts';
import { findRoleByTemplate } from '../staff/index.ts';
import { verifyPassword } from '../lib/passwords.ts';

let database: Database;
let uploadsDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = mkdtempSync(path.join(tmpdir(), 'seed-test-uploads-'));
});

afterAll(async () => {
  await database?.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

async function counts() {
  const { db } = database;
  const count = async (table: PgTable) => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
    return row?.n ?? 0;
  };
  return {
    categories: await count(categories),
    subs: await count(subs),
    subsubs: await count(subsubs),
    brands: await count(brands),
    products: await count(products),
    banners: await count(banners),
    posts: await count(posts),
    users: await count(users),
    orders: await count(orders),
    files: readdirSync(uploadsDir).length,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

const passwords = throwawayDemoPasswords();

describe('demo seed', () => {
  it('seeds a realistic catalogue with pictures on disk', async () => {
    const { db } = database;
    // CI's runs share a folder of the pictures drawn before (DEMO_PICTURES_CACHE): drawn once a run.
    await seedDemo(db, { uploadsDir, passwords, picturesCache: inject('picturesCache') });

    const cats = await db.select().from(categories).orderBy(categories.name);
    expect(cats.map((c) => [c.name, c.slug])).toEqual([
      ['Beauty', 'beauty'],
      ['Home', 'home'],
      ['Jewellery', 'jewellery'],
      ['Men', 'men'],
      ['Women', 'women'],
    ]);
    for (const c of cats) expect(existsSync(path.join(uploadsDir, `${c.image}-640.webp`))).toBe(true);

    const subRows = await db.select().from(subs);
    expect(subRows.length).toBeGreaterThanOrEqual(15);
    expect(subRows.every((s) => s.categoryId !== null)).toBe(true);
    const subsubRows = await db.select().from(subsubs);
    expect(subsubRows.length).toBeGreaterThanOrEqual(5);
    expect(subsubRows.every((s) => s.subId !== null)).toBe(true);

    const brandRows = await db.select().from(brands);
    expect(brandRows.length).toBeGreaterThanOrEqual(15);
    expect(brandRows.length).toBeLessThanOrEqual(20);
    const brandName = new Map(brandRows.map((b) => [b.id, b.name]));

    const rows = await db.select().from(products);
    const variantsOf = new Map<string, (typeof productVariants.$inferSelect)[]>();
    for (const v of await db.select().from(productVariants).orderBy(productVariants.position)) {
      variantsOf.set(v.productId, [...(variantsOf.get(v.productId) ?? []), v]);
    }
    expect(rows.length).toBeGreaterThanOrEqual(180);
    expect(rows.length).toBeLessThanOrEqual(220);
    const catName = new Map(cats.map((c) => [c.id, c.name]));
    const subCategory = new Map(subRows.map((s) => [s.id, s.categoryId]));
    const subsubSub = new Map(subsubRows.map((s) => [s.id, s.subId]));
    const now = Date.now();
    for (const p of rows) {
      expect(p.title.length).toBeGreaterThan(5);
      expect(p.heading.length).toBeGreaterThan(10);
      expect(p.description.split(/(?<=\.) /).length).toBeGreaterThanOrEqual(2);
      expect(Number.isInteger(p.price) && p.price > 0).toBe(true);
      expect(p.discount).toBeLessThan(p.price);
      expect(p.salePrice).toBe(p.price - p.discount);
      expect(p.images.length).toBe(2 * p.colors.length);
      expect(new Set(p.images).size).toBe(p.images.length);
      for (const id of p.images) {
        for (const width of [320, 480, 640, 1280]) expect(existsSync(path.join(uploadsDir, `${id}-${width}.webp`))).toBe(true);
      }
      // Clothes in 3–4 sizes and 1–3 colours, one variant per combination; other goods have one variant.
      const own = variantsOf.get(p.id) ?? [];
      for (const size of p.sizes) expect(SIZES).toContain(size);
      const category = catName.get(p.categoryId ?? '');
      if (category === 'Women' || category === 'Men') {
        expect(p.sizes.length).toBeGreaterThanOrEqual(3);
        expect(p.sizes.length).toBeLessThanOrEqual(4);
        expect(p.colors.length).toBeGreaterThanOrEqual(1);
        expect(p.colors.length).toBeLessThanOrEqual(3);
        expect(own).toHaveLength(p.sizes.length * p.colors.length);
      } else {
        expect(p.sizes).toEqual([]);
        expect(own).toHaveLength(1);
      }
      expect(p.counter).toBe(own.reduce((sum, v) => sum + v.counter, 0));
      for (const v of own) expect(v.sku).toMatch(/^DM-\d{6}(-[A-Z0-9]+)*$/);
      expect(p.brandId).not.toBeNull();
      expect(p.brandName).toBe(brandName.get(p.brandId ?? ''));
      expect(subCategory.get(p.subId ?? '')).toBe(p.categoryId);
      if (p.subsubId) expect(subsubSub.get(p.subsubId)).toBe(p.subId);
      expect(p.color).not.toBe('');
      expect(p.availability).toBe(p.counter === 0 ? 'Out of Stock' : 'In Stock');
      expect(p.createdAt.getTime()).toBeGreaterThan(now - 91 * DAY_MS);
      expect(p.createdAt.getTime()).toBeLessThanOrEqual(now);
    }
    const onSale = rows.filter((p) => p.discount > 0).length;
    expect(onSale / rows.length).toBeGreaterThan(0.2);
    expect(onSale / rows.length).toBeLessThan(0.3);
    expect(rows.filter((p) => p.counter === 0).length).toBeGreaterThan(0);
    // Uneven stock: some sizes and colours of products in stock are sold out.
    const soldOutVariants = rows
      .filter((p) => p.counter > 0)
      .flatMap((p) => (variantsOf.get(p.id) ?? []).filter((v) => v.counter === 0));
    expect(soldOutVariants.length).toBeGreaterThan(10);
    expect(rows.filter((p) => p.colors.length > 1).length).toBeGreaterThan(10);
    expect(new Set(rows.map((p) => catName.get(p.categoryId ?? ''))).size).toBe(5);
    expect(new Set(rows.map((p) => p.title)).size).toBe(rows.length);
    // Spread over the last 90 days, so "latest" means something.
    const days = new Set(rows.map((p) => Math.floor((now - p.createdAt.getTime()) / DAY_MS)));
    expect(days.size).toBeGreaterThan(45);

    const bannerRows = await db.select().from(banners).orderBy(banners.position);
    expect(bannerRows.map((b) => [b.position, b.active])).toEqual([
      [0, true],
      [1, true],
      [2, true],
    ]);
    const postRows = await db.select().from(posts);
    expect(postRows).toHaveLength(5);
    for (const post of postRows) {
      expect(post.text.split('\n\n').length).toBeGreaterThanOrEqual(3);
      expect(existsSync(path.join(uploadsDir, `${post.image}-640.webp`))).toBe(true);
    }
    // Each product is drawn in its own colour (a "Mustard" top is mustard), and the pictures
    // are shared by the products of one kind and colour, not drawn once per product.
    const [saved] = await db.select().from(appMeta).where(eq(appMeta.key, 'demo_pictures_v2'));
    const keyOf = new Map(Object.entries(saved!.value as Record<string, string>).map(([key, id]) => [id, key]));
    for (const p of rows) {
      for (const id of p.images) {
        const key = parsePictureKey(keyOf.get(id) ?? '');
        expect(key.category).toBe(catName.get(p.categoryId ?? ''));
        expect(p.colors).toContain(key.colour);
      }
      // A variant shows the pictures of its own colour.
      for (const v of variantsOf.get(p.id) ?? []) {
        expect(v.images).toHaveLength(2);
        for (const id of v.images) expect(parsePictureKey(keyOf.get(id) ?? '').colour).toBe(v.color);
      }
    }
    expect(new Set(rows.flatMap((p) => p.images)).size).toBeLessThan(rows.length);

    const [admin] = await db.select().from(users).where(eq(users.email, 'admin@demo.shop'));
    expect(admin?.role).toBe('admin');
    // The run's first seed draws every demo picture (DEMO_PICTURES_CACHE): beside the browser
    // tests on a slow 2-core machine it took 70–115 s in fresh-clone CI runs, and 162 s in one
    // (stop 48), two thirds of the 240 s it had: the limit is for a hang, not for a busy machine.
  }, 360_000);

  it('delivers to every state once, free in Lagos over ₦50,000 as the banner says, and has promo codes', async () => {
    const zones = await listZones(database.db);
    const states = zones.flatMap((z) => z.states);
    expect([...states].sort()).toEqual([...DELIVERY_STATES].sort());
    const lagos = zones.find((z) => z.name === 'Lagos Mainland')!;
    expect(lagos.methods.map((m) => [m.name, m.kind, m.fee, m.freeOver])).toEqual([
      ['Standard delivery', 'free_over', 2500, 50000],
      ['Pickup at our Yaba shop', 'pickup', 0, null],
    ]);
    expect((await listCoupons(database.db)).map((c) => c.code).sort()).toEqual(['ANKARA5000', 'LAGOSFREE', 'WELCOME10']);
  });

  it('has a believable past: about 250 orders over 90 days, every way to pay and every status, as the services made them', async () => {
    const { db } = database;
    const all = await db.select().from(orders);
    expect(all.length).toBeGreaterThanOrEqual(200);
    expect(all.length).toBeLessThanOrEqual(250);
    const now = Date.now();
    for (const o of all) {
      expect(o.createdAt.getTime()).toBeGreaterThan(now - 91 * DAY_MS);
      expect(o.createdAt.getTime()).toBeLessThan(now);
      expect(o.total).toBe(o.subtotal - o.discount + o.deliveryFee);
    }
    const tally = (pick: (o: (typeof all)[number]) => string | null) =>
      Object.fromEntries([...new Set(all.map(pick))].map((k) => [k, all.filter((o) => pick(o) === k).length]));
    const statuses = tally((o) => o.status);
    for (const status of ['pending', 'confirmed', 'paid', 'fulfilled', 'delivered', 'cancelled', 'failed', 'refunded']) {
      expect(statuses[status], status).toBeGreaterThan(0);
    }
    expect(Object.keys(tally((o) => o.paymentMethod))).toEqual(
      expect.arrayContaining(['paystack', 'transfer', 'pod', 'cash', 'card']),
    );
    expect(tally((o) => o.channel).pos).toBeGreaterThan(30);
    expect(tally((o) => o.paymentStatus).partially_refunded).toBeGreaterThan(0);
    expect(all.filter((o) => o.deliveryFee > 0).length).toBeGreaterThan(50);

    // Coupons count once per paid order that used them.
    const withCode = all.filter((o) => o.couponCode !== null && o.paymentStatus !== 'unpaid');
    expect(withCode.length).toBeGreaterThan(10);
    const uses = (await listCoupons(db)).reduce((sum, c) => sum + c.uses, 0);
    expect(uses).toBe(withCode.length);

    // Invoices: one per paid order, numbered from 1 without a gap.
    const invoices = all.flatMap((o) => (o.invoiceNumber ? [Number(o.invoiceNumber.slice(4))] : [])).sort((a, b) => a - b);
    expect(invoices).toEqual(invoices.map((_, i) => i + 1));
    expect(invoices.length).toBe(all.filter((o) => o.paymentStatus !== 'unpaid').length);

    // The past is past: it queued no mail.
    expect(await db.select().from(messages)).toEqual([]);

    // Costs recorded as they happened (issue 30): the lines' cost prices, 40–65 % of the list
    // price; each card payment's fee at Paystack's local rate, the others' at the demo's rates;
    // each delivery's cost.
    const lines = await db.select().from(orderLines);
    expect(lines.length).toBeGreaterThan(all.length);
    for (const l of lines) {
      expect(l.unitCost, l.sku).not.toBeNull();
      expect(l.unitCost! / l.unitPrice).toBeGreaterThanOrEqual(0.38);
      expect(l.unitCost! / l.unitPrice).toBeLessThanOrEqual(0.67);
    }
    const payments = await db.select().from(orderPayments);
    const cards = payments.filter((p) => p.provider === 'sandbox');
    expect(cards.length).toBeGreaterThan(20);
    for (const p of cards) expect(p.fee).toBe(paystackLocalFee(p.amount));
    expect(payments.filter((p) => p.method === 'transfer').every((p) => p.fee === 5_000)).toBe(true);
    expect(payments.filter((p) => p.method === 'pod').every((p) => p.fee === Math.floor((p.amount + 50) / 100))).toBe(true);
    const delivered = all.filter((o) => o.deliveryKind !== null && o.deliveryKind !== 'pickup');
    expect(delivered.length).toBeGreaterThan(50);
    expect(delivered.every((o) => o.deliveryCost >= 200_000)).toBe(true);
    expect(all.filter((o) => o.deliveryKind === 'pickup').every((o) => o.deliveryCost === 0)).toBe(true);

    // The demo shopper has a few orders, none left waiting (they would count against checking out).
    const [demo] = await db.select().from(users).where(eq(users.email, 'shopper@demo.shop'));
    const own = all.filter((o) => o.userId === demo!.id);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((o) => o.status === 'delivered' || o.status === 'refunded')).toBe(true);
  });

  it('has one member per role template, with the passwords and the till PINs of demo-accounts.txt', async () => {
    const { db } = database;
    const members = [
      { email: DEMO_ADMIN.email, template: 'owner', password: passwords.admin, pin: passwords.staff.pins.admin },
      ...DEMO_STAFF.map((m) => ({
        email: m.email,
        template: m.template,
        password: passwords.staff.passwords[m.key],
        pin: (passwords.staff.pins as Record<string, string>)[m.key],
      })),
    ];
    expect(members.map((m) => m.template).sort()).toEqual([...ROLE_TEMPLATES].sort());
    for (const member of members) {
      const [user] = await db.select().from(users).where(eq(users.email, member.email));
      const role = await findRoleByTemplate(db, member.template as RoleTemplate);
      expect(user, member.email).toMatchObject({ role: 'admin', staffRoleId: role.id, active: true });
      expect(await verifyPassword(user!.passwordHash, member.password)).toBe(true);
      const [pin] = await db.select().from(staffPins).where(eq(staffPins.userId, user!.id));
      // A PIN for those who may sell at the till, and only them.
      expect(Boolean(pin), member.email).toBe(role.permissions.includes('pos.sell'));
      if (pin) expect(await verifyPassword(pin.pinHash, member.pin!)).toBe(true);
    }
    const names = await db
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.email, 'cashier@demo.shop'));
    expect(names).toEqual([{ first: 'Emeka', last: 'Nwosu' }]);
    // Production refuses to start while any of them keeps the password of the file.
    expect((await demoAccountsWithKnownPasswords(db, passwords)).sort()).toEqual(
      [DEMO_SHOPPER.email, ...members.map((m) => m.email)].sort(),
    );
  });

  it('changes nothing when run again', async () => {
    const before = await counts();
    await seedDemo(database.db, { uploadsDir });
    expect(await counts()).toEqual(before);
  }, 60_000);

  it('adds bulk products in batches from the same taxonomy and pictures', async () => {
    const { db } = database;
    const before = await counts();
    const progress: number[] = [];
    await seedBulkProducts(db, { count: 2_500, uploadsDir, batchSize: 1_000, onProgress: (done) => progress.push(done) });
    expect(progress).toEqual([0, 1_000, 2_000, 2_500]);
    const after = await counts();
    // New pictures only for kinds and colours the demo catalogue did not show.
    expect(after).toEqual({ ...before, products: before.products + 2_500, files: after.files });
    expect(after.files).toBeGreaterThanOrEqual(before.files);
    const [stats] = await db
      .select({
        onSale: sql<number>`count(*) filter (where ${products.discount} > 0)::int`,
        badDiscount: sql<number>`count(*) filter (where ${products.discount} >= ${products.price})::int`,
        badBrand: sql<number>`count(*) filter (where ${products.brandName} <> ${brands.name})::int`,
        badImages: sql<number>`count(*) filter (where cardinality(${products.images}) < 2)::int`,
        badSizes: sql<number>`count(*) filter (where not ${products.sizes} <@ array['small','medium','large','extra-large','one size'])::int`,
      })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId));
    expect(stats?.onSale).toBeGreaterThan(2_700 * 0.2);
    expect(stats?.onSale).toBeLessThan(2_700 * 0.3);
    expect(stats).toMatchObject({ badDiscount: 0, badBrand: 0, badImages: 0, badSizes: 0 });
  }, 60_000);
});

/**
 * PostgreSQL only: several processes at once are API processes starting on one PostgreSQL
 * (SEED_DEMO). An embedded database is one process's, which holds its folder's lock, and on
 * PGlite's one connection the three seeds below only take turns: run again, one after the
 * other, is "changes nothing when run again" above (the PGlite pass spent 11 s here, 31 s beside
 * the browser tests).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('demo seed from several processes at once', () => {
  it('writes the catalogue once', async () => {
    const other = await createTestDatabase();
    try {
      // Reuse the pictures already on disk, so this test does not draw them again.
      const [pool] = await database.db.select().from(appMeta).where(eq(appMeta.key, 'demo_pictures_v2'));
      if (pool) await other.db.insert(appMeta).values({ key: pool.key, value: pool.value });
      await Promise.all([
        seedDemo(other.db, { uploadsDir }),
        seedDemo(other.db, { uploadsDir }),
        seedDemo(other.db, { uploadsDir }),
      ]);
      const [row] = await other.db
        .select({ products: sql<number>`count(*)::int`, banners: sql<number>`(select count(*) from banners)::int` })
        .from(products);
      expect(row).toEqual({ products: 200, banners: 3 });
      const demoUsers = await other.db.select().from(users);
      // The admin, the shopper and the team of four, once each.
      expect(demoUsers.filter((u) => !u.email.endsWith('@customers.demo.shop'))).toHaveLength(6);
      // The sales history was written by one of them: one set of invoice numbers, from 1.
      const invoiced = await other.db
        .select({ n: sql<number>`count(*)::int`, top: sql<string>`max(${orders.invoiceNumber})` })
        .from(orders)
        .where(sql`${orders.invoiceNumber} is not null`);
      expect(invoiced[0]!.n).toBeGreaterThan(150);
      expect(invoiced[0]!.top).toBe(`INV-${String(invoiced[0]!.n).padStart(6, '0')}`);
    } finally {
      await other.close();
    }
  }, 180_000); // three whole demo seeds at once, each hashing the team's passwords and PINs
});

describe('demo art', () => {
  it('draws every product kind in each colour of its category with that colour', () => {
    for (const category of CATEGORIES) {
      for (const colour of category.colours) {
        const hex = COLOUR_HEX[colour];
        expect(hex, `${colour} has a hex value`).toMatch(/^#[0-9a-f]{6}$/);
        // Jewellery shows its colour in the metal's gradient or in the stones.
        const svg = artSvg({ theme: category.theme, kind: category.cover, colour, seed: 'test' });
        expect(svg.toLowerCase(), `${category.name} ${category.cover} in ${colour}`).toContain(hex!);
      }
    }
  });
});
