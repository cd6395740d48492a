/**
 * The catalogue feeds (issue 31) over the whole demo catalogue: every item of
 * /feeds/google.xml and /feeds/meta.csv checked against the fields and formats Google
 * Merchant Center's product data specification and Meta's catalogue columns require, one item
 * per variant on sale; paused products left out; a price change in the next fetch; FEED_TOKEN.
 * The demo's pictures are not drawn (slow): its products get made-up image ids, whose URLs the
 * feeds write all the same; one product uploaded here has a real photo, whose JPEG is served.
 */
import { createHash } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { and, eq, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { FEED_AGE_GROUPS, FEED_GENDERS } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products, productVariants } from '../src/db/schema/index.ts';
import { demoPictureKeys, seedCatalogue } from '../src/seed/catalogue.ts';
import { CATEGORIES } from '../src/seed/catalogue-data.ts';
import { FEED_FIELDS, type FeedItem } from '../src/seo/feeds.ts';
import { makeMissingRenditions } from '../src/seo/index.ts';
import { type Client, clients, png } from './clients.ts';
import { bearer, createStaff, createTestApp, expectRefusedWithout, type TestContext } from './helpers.ts';

const PUBLIC_URL = 'https://shop.example.ng';
const PRICE = /^\d+\.\d{2} NGN$/;
/** What Google and Meta require of every item: all but sale_price, color, size and the category's three. */
const OPTIONAL: readonly string[] = ['sale_price', 'color', 'size', 'gender', 'age_group', 'google_product_category'];
const REQUIRED = FEED_FIELDS.filter((field) => !OPTIONAL.includes(field));

let ctx: TestContext;
let admin: Client;
let anonymous: Client;
let pausedId: string;
let htmlProduct: { id: string };

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL });
  ({ admin, anonymous } = await clients(ctx));
  const pictures = Object.fromEntries(
    demoPictureKeys().map((key) => [key, createHash('sha256').update(key).digest('hex').slice(0, 24)]),
  );
  await seedCatalogue(ctx.database.db, pictures, () => {});
  const [first] = await ctx.database.db.select({ id: products.id }).from(products).limit(1);
  pausedId = first!.id;
  await ctx.database.db.update(products).set({ paused: true }).where(eq(products.id, pausedId));
  const made = await admin.form('POST', '/api/products/create', [
    ['title', 'Adire   shirt'],
    ['price', '12500'],
    ['discount', '2500'],
    ['counter', '4'],
    ['description', '<p>Soft &amp; light <b>cotton</b></p><script>alert(1)</script>\n\nHand-dyed &#8212; Abeokuta'],
    ['imageUrl', { file: await png('#1a3c8c', 1600, 2000) }],
  ]);
  expect(made.statusCode, made.body).toBe(201);
  htmlProduct = made.json();
}, 120_000);
afterAll(() => ctx?.close());

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The items of our RSS, read strictly: every line of an item one `g:` element, every `&` an entity. */
function googleItems(xml: string): FeedItem[] {
  expect(
    xml.startsWith(
      '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n',
    ),
  ).toBe(true);
  expect(xml.trimEnd().endsWith('</channel>\n</rss>')).toBe(true);
  expect(xml).toMatch(
    /<channel>\n<title>[^<]+<\/title>\n<link>https:\/\/shop\.example\.ng\/<\/link>\n<description>[^<]+<\/description>/,
  );
  // No character XML 1.0 forbids, no bare ampersand.
  expect(xml).not.toMatch(/[^\P{Cc}\t\n\r]/u);
  expect(xml).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
  return [...xml.matchAll(/<item>\n([\s\S]*?)\n<\/item>/g)].map(([, body]) => {
    const item: FeedItem = {};
    for (const line of body!.split('\n')) {
      const match = /^<g:([a-z_]+)>([^<]*)<\/g:\1>$/.exec(line);
      expect(match, line).not.toBeNull();
      const field = match![1] as keyof FeedItem;
      expect(FEED_FIELDS).toContain(field);
      expect(item[field], `${field} twice`).toBeUndefined();
      item[field] = match![2]!.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]!);
    }
    return item;
  });
}

function metaItems(csv: string): Record<string, string>[] {
  const rows = parse(csv, { columns: true, record_delimiter: '\r\n', relax_quotes: false }) as Record<string, string>[];
  expect(csv.split('\r\n')[0]).toBe(FEED_FIELDS.join(','));
  return rows;
}

async function fetchFeeds(query = '') {
  const google = await anonymous.json('GET', `/feeds/google.xml${query}`);
  const meta = await anonymous.json('GET', `/feeds/meta.csv${query}`);
  return { google, meta };
}

/** The variants a feed must list: not archived, of products not paused that have a photo. */
async function expectedVariants() {
  const rows = await ctx.database.db
    .select({ id: productVariants.id, productId: productVariants.productId, images: products.images })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.paused, false), isNull(productVariants.archivedAt)));
  return rows.filter((row) => row.images.length > 0);
}

describe('catalogue feeds', () => {
  it('list every demo variant once, each with the fields and formats Google and Meta require', async () => {
    const { google, meta } = await fetchFeeds();
    expect(google.statusCode).toBe(200);
    expect(google.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(meta.statusCode).toBe(200);
    expect(meta.headers['content-type']).toBe('text/csv; charset=utf-8');

    const items = googleItems(google.body);
    const rows = metaItems(meta.body);
    const expected = await expectedVariants();
    expect(expected.length).toBeGreaterThan(200);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    expect(items.map((i) => i.id).sort()).toEqual(expected.map((v) => v.id).sort());
    expect(items.some((i) => i.item_group_id === pausedId)).toBe(false);

    const categoryFields = new Map((await ctx.database.db.select().from(categories)).map((c) => [c.name, c] as const));
    const categoryOf = new Map(
      (
        await ctx.database.db
          .select({ id: products.id, category: categories.name })
          .from(products)
          .leftJoin(categories, eq(categories.id, products.categoryId))
      ).map((p) => [p.id, p.category] as const),
    );
    const productOf = new Map(expected.map((v) => [v.id, v.productId]));
    for (const item of items) {
      const where = `item ${item.id}`;
      for (const field of REQUIRED) expect(item[field], `${where}: ${field}`).toBeTruthy();
      expect(item.item_group_id, where).toBe(productOf.get(item.id!));
      expect([...item.title!].length, where).toBeLessThanOrEqual(150);
      expect([...item.description!].length, where).toBeLessThanOrEqual(5000);
      expect(item.description, where).not.toMatch(/[<>]|&[a-z#0-9]+;|\s{2}/i);
      expect(item.title, where).not.toMatch(/[<>]|\s{2}/);
      expect(['in_stock', 'out_of_stock'], where).toContain(item.availability);
      expect(item.condition, where).toBe('new');
      expect(item.price, where).toMatch(PRICE);
      if (item.sale_price !== undefined) {
        expect(item.sale_price, where).toMatch(PRICE);
        expect(Number.parseFloat(item.sale_price), where).toBeLessThan(Number.parseFloat(item.price!));
      }
      expect(item.link, where).toBe(`${PUBLIC_URL}/productdetails/${item.item_group_id}?variant=${item.id}`);
      for (const url of [item.link!, item.image_link!]) expect(new URL(url).origin, where).toBe(PUBLIC_URL);
      expect(item.image_link, where).toMatch(/^https:\/\/shop\.example\.ng\/uploads\/[a-f0-9]{24}-1200\.jpg$/);
      if (item.gender !== undefined) expect(FEED_GENDERS, where).toContain(item.gender);
      if (item.age_group !== undefined) expect(FEED_AGE_GROUPS, where).toContain(item.age_group);
      // The category's three fields, or none of them.
      const category = categoryFields.get(categoryOf.get(item.item_group_id!) ?? '');
      expect(item.gender, where).toBe(category?.gender ?? undefined);
      expect(item.age_group, where).toBe(category?.ageGroup ?? undefined);
      expect(item.google_product_category, where).toBe(category?.googleProductCategory ?? undefined);
    }
    // The demo fills every category's product category, and gender and age group where Google asks for them.
    for (const spec of CATEGORIES) {
      const some = items.find((i) => categoryOf.get(i.item_group_id!) === spec.name);
      expect(some?.google_product_category, spec.name).toBe(spec.feed.googleProductCategory);
      expect(some?.gender, spec.name).toBe(spec.feed.gender);
    }
    expect(items.some((i) => i.sale_price)).toBe(true);
    expect(items.some((i) => i.availability === 'out_of_stock')).toBe(true);
    expect(items.some((i) => i.color) && items.some((i) => i.size)).toBe(true);

    // Meta's rows: the same items in the same order, availability in its words, absent fields empty.
    expect(rows).toHaveLength(items.length);
    rows.forEach((row, i) => {
      const item = items[i]!;
      for (const field of FEED_FIELDS) {
        const value = field === 'availability' ? item.availability!.replaceAll('_', ' ') : (item[field] ?? '');
        expect(row[field], `row ${i}: ${field}`).toBe(value);
      }
      expect(['in stock', 'out of stock']).toContain(row.availability);
    });
  }, 60_000);

  it('write a description as plain text and link a served JPEG of the photo', async () => {
    const items = googleItems((await fetchFeeds()).google.body).filter((i) => i.item_group_id === htmlProduct.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      title: 'Adire shirt',
      description: 'Soft & light cotton alert(1) Hand-dyed — Abeokuta',
      price: '12500.00 NGN',
      sale_price: '10000.00 NGN',
      availability: 'in_stock',
      // No brand: the shop's name, as Google requires one.
      brand: 'Adire',
    });
    // The product page's og:image is the same JPEG, with its size.
    const detail = (await anonymous.json('GET', `/api/products/${htmlProduct.id}`)).json();
    expect(detail.shareImages).toEqual({
      [detail.imageUrl]: { url: new URL(items[0]!.image_link!).pathname, width: 1200, height: 1500 },
    });
    const image = await anonymous.json('GET', new URL(items[0]!.image_link!).pathname);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.length).toBeLessThanOrEqual(300 * 1024);
  });

  it('follow a catalogue change: a new price and a paused product are in the next fetch', async () => {
    const before = await fetchFeeds();
    const etag = before.google.headers.etag as string;
    expect((await anonymous.json('GET', '/feeds/google.xml')).headers.etag).toBe(etag);
    const cached = await ctx.app.inject({ method: 'GET', url: '/feeds/google.xml', headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);

    const changed = await admin.json('PUT', `/api/products/${htmlProduct.id}`, { price: 14000 });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await fetchFeeds();
    expect(after.google.headers.etag).not.toBe(etag);
    const item = googleItems(after.google.body).find((i) => i.item_group_id === htmlProduct.id);
    expect(item).toMatchObject({ price: '14000.00 NGN', sale_price: '11500.00 NGN' });
    const row = metaItems(after.meta.body).find((r) => r.item_group_id === htmlProduct.id);
    expect(row).toMatchObject({ price: '14000.00 NGN', sale_price: '11500.00 NGN' });

    await ctx.database.db.update(products).set({ paused: true }).where(eq(products.id, htmlProduct.id));
    const paused = await fetchFeeds();
    expect(googleItems(paused.google.body).some((i) => i.item_group_id === htmlProduct.id)).toBe(false);
    expect(metaItems(paused.meta.body).some((r) => r.item_group_id === htmlProduct.id)).toBe(false);
    await ctx.database.db.update(products).set({ paused: false }).where(eq(products.id, htmlProduct.id));
  });

  it('leave out gender, age group and product category when the category has none', async () => {
    await ctx.database.db
      .update(categories)
      .set({ gender: null, ageGroup: null, googleProductCategory: null })
      .where(sql`${categories.name} = 'Women'`);
    const [women] = await ctx.database.db.select({ id: categories.id }).from(categories).where(eq(categories.name, 'Women'));
    const ids = new Set(
      (await ctx.database.db.select({ id: products.id }).from(products).where(eq(products.categoryId, women!.id))).map(
        (p) => p.id,
      ),
    );
    const { google, meta } = await fetchFeeds();
    const items = googleItems(google.body).filter((i) => ids.has(i.item_group_id!));
    expect(items.length).toBeGreaterThan(0);
    for (const item of items)
      expect([item.gender, item.age_group, item.google_product_category]).toEqual([undefined, undefined, undefined]);
    for (const row of metaItems(meta.body).filter((r) => ids.has(r.item_group_id!))) {
      expect([row.gender, row.age_group, row.google_product_category]).toEqual(['', '', '']);
    }
  });
});

describe('the feeds’ URLs for the back office', () => {
  it('are the bare feeds without FEED_TOKEN', async () => {
    const owner = await createStaff(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/feeds', headers: bearer(owner.accessToken) });
    expect(res.json()).toEqual({
      google: `${PUBLIC_URL}/feeds/google.xml`,
      meta: `${PUBLIC_URL}/feeds/meta.csv`,
      tokenRequired: false,
    });
  });
});

describe('catalogue feeds with FEED_TOKEN', () => {
  const token = 'feed-token-0123456789';
  let guarded: TestContext;
  beforeAll(async () => {
    guarded = await createTestApp({ PUBLIC_URL, FEED_TOKEN: token });
  });
  afterAll(() => guarded?.close());

  it('answer only ?token= it, and 404 to anything else', async () => {
    for (const path of ['/feeds/google.xml', '/feeds/meta.csv']) {
      for (const query of [
        '',
        '?token=',
        '?token=wrong-token-0123456789',
        `?token=${token}x`,
        `?token=${token}&token=${token}`,
      ]) {
        const res = await guarded.app.inject({ method: 'GET', url: `${path}${query}` });
        expect(res.statusCode, `${path}${query}`).toBe(404);
        expect(res.json().msg).toMatch(/not found/i);
      }
      const res = await guarded.app.inject({ method: 'GET', url: `${path}?token=${token}` });
      expect(res.statusCode, path).toBe(200);
    }
  });

  it('are given to the back office with the token, to staff who may change the settings only', async () => {
    const owner = await createStaff(guarded);
    const res = await guarded.app.inject({ method: 'GET', url: '/api/feeds', headers: bearer(owner.accessToken) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      google: `${PUBLIC_URL}/feeds/google.xml?token=${token}`,
      meta: `${PUBLIC_URL}/feeds/meta.csv?token=${token}`,
      tokenRequired: true,
    });
    await expectRefusedWithout(guarded, 'settings.write', [{ method: 'GET', url: '/api/feeds' }]);
  });
});

describe('the renditions older images lack (npm run images:renditions, and at start)', () => {
  it('are made for images that have none, once', async () => {
    const id = /([a-f0-9]{24})-640\.webp/.exec(
      ((await anonymous.json('GET', `/api/products/${htmlProduct.id}`)).json() as { imageUrl: string }).imageUrl,
    )![1]!;
    const jpeg = path.join(ctx.app.config.dataDir, 'uploads', `${id}-1200.jpg`);
    const small = path.join(ctx.app.config.dataDir, 'uploads', `${id}-480.webp`);
    rmSync(jpeg);
    rmSync(small);
    const first = await makeMissingRenditions(ctx.database.db, ctx.app.images);
    expect(first.made).toBe(1);
    expect(first.images).toBeGreaterThan(100);
    expect(existsSync(jpeg)).toBe(true);
    expect(existsSync(small)).toBe(true);
    expect((await makeMissingRenditions(ctx.database.db, ctx.app.images)).made).toBe(0);
  });

  it('a 480 px WebP not made yet is made when a browser first asks for it, and served', async () => {
    const id = /([a-f0-9]{24})-640\.webp/.exec(
      ((await anonymous.json('GET', `/api/products/${htmlProduct.id}`)).json() as { imageUrl: string }).imageUrl,
    )![1]!;
    const small = path.join(ctx.app.config.dataDir, 'uploads', `${id}-480.webp`);
    rmSync(small);
    const res = await ctx.app.inject({ method: 'GET', url: `/uploads/${id}-480.webp` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect((await sharp(res.rawPayload).metadata()).width).toBeLessThanOrEqual(480);
    expect(existsSync(small)).toBe(true);
    // Only the width added since: any other missing file is a 404, as before.
    expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${'0'.repeat(24)}-480.webp` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${id}-999.webp` })).statusCode).toBe(404);
  });
});
