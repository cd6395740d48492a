import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { SIZES } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../client.ts';
import { appMeta, banners, brands, categories, posts, products, productVariants, subs, subsubs, users } from '../schema/index.ts';
import { COLOUR_HEX, artSvg } from './art.ts';
import { CATEGORIES } from './catalogue-data.ts';
import { parsePictureKey } from './generate.ts';
import { seedBulkProducts, seedDemo } from './index.ts';

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
    files: readdirSync(uploadsDir).length,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

describe('demo seed', () => {
  it('seeds a realistic catalogue with pictures on disk', async () => {
    const { db } = database;
    await seedDemo(db, { uploadsDir });

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
        for (const width of [320, 640, 1280]) expect(existsSync(path.join(uploadsDir, `${id}-${width}.webp`))).toBe(true);
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
  }, 120_000);

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

describe('demo seed from several processes at once', () => {
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
      expect(demoUsers).toHaveLength(2);
    } finally {
      await other.close();
    }
  }, 60_000);
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
