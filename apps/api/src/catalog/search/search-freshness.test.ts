/**
 * A title search keeps its matches between catalogue changes that cannot alter them
 * (search-matches.ts): these tests hold it to the read cache's promise, that a write is
 * visible to the very next read on every process, for every write that can change what a
 * search finds or its order, and check that a sale or stock count does not make it search again.
 */
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { cacheVersions, products, productVariants, searchChanges } from '../../db/schema/index.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext, testConfig } from '../../../test/helpers.ts';
import { type Client, client, clients } from '../../../test/clients.ts';

let ctx: TestContext;
/** A second API process on the same database, with its own memory. */
let other: FastifyInstance;
let admin: Client;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  other = await buildApp({
    config: testConfig(),
    // Closed with ctx: this app must not close the database the first one still uses.
    database: { ...ctx.database, close: async () => {} },
    logger: false,
  });
  await other.ready();
  ({ admin } = await clients(ctx));
  const db = ctx.database.db;
  // Oldest first: the newest match is listed first.
  ids.stole = (await insertProduct(db, { title: 'Kente Stole', heading: '', price: 1_500_000 })).id;
  ids.clutch = (await insertProduct(db, { title: 'Kente Clutch', heading: '', price: 900_000 })).id;
  ids.top = (await insertProduct(db, { title: 'Ankara Top', heading: '', price: 1_200_000 })).id;
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

type Listed = { id: string; title: string; availability: string; salePrice: number };

async function search(app: FastifyInstance, query: string) {
  const res = await app.inject({ method: 'GET', url: `/api/products?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return {
    titles: (res.json() as Listed[]).map((p) => p.title),
    items: res.json() as Listed[],
    total: Number(res.headers['x-total-count']),
  };
}

/** Both processes answer this search with these titles and this total. */
async function bothFind(query: string, titles: string[], total = titles.length) {
  for (const app of [ctx.app, other]) {
    const found = await search(app, query);
    expect(found.titles).toEqual(titles);
    expect(found.total).toBe(total);
  }
}

const db = () => ctx.database.db;
const searchVersion = async () =>
  (await ctx.database.db.select().from(cacheVersions).where(eq(cacheVersions.scope, 'search')))[0]!.version;

describe('a title search after catalogue changes', () => {
  it('shows a sale or a stock count at once, without searching again', async () => {
    await bothFind('title=kente', ['Kente Clutch', 'Kente Stole']);
    const before = await searchVersion();

    // The last unit of the clutch sold: its variant's stock, as checkout writes it.
    await ctx.database.db.update(productVariants).set({ counter: 0 }).where(eq(productVariants.productId, ids.clutch!));
    for (const app of [ctx.app, other]) {
      const found = await search(app, 'title=kente');
      expect(found.items.map((p) => [p.title, p.availability])).toEqual([
        ['Kente Clutch', 'Out of Stock'],
        ['Kente Stole', 'In Stock'],
      ]);
      expect(found.total).toBe(2);
    }
    // Stock moved the catalogue's version (the read cache's answers went) but not the search's.
    expect(await searchVersion()).toBe(before);
  });

  it('finds a new product at once on every process', async () => {
    const res = await admin.json('POST', '/api/products/create', { title: 'Kente Scarf', price: 800 });
    expect(res.statusCode, res.body).toBe(201);
    ids.scarf = res.json().id;
    await bothFind('title=kente', ['Kente Scarf', 'Kente Clutch', 'Kente Stole']);
  });

  it('follows a renamed product out of one search and into another', async () => {
    const res = await admin.json('PUT', `/api/products/${ids.clutch}`, { title: 'Aso Oke Clutch' });
    expect(res.statusCode, res.body).toBe(200);
    await bothFind('title=kente', ['Kente Scarf', 'Kente Stole']);
    await bothFind('title=clutch', ['Aso Oke Clutch']);
  });

  it('follows a brand renamed in the back office (its products’ search text)', async () => {
    const brand = await admin.json('POST', '/api/brands/create', { name: 'Bonwire Weavers' });
    expect(brand.statusCode, brand.body).toBe(201);
    expect((await admin.json('PUT', `/api/products/${ids.stole}`, { brand: brand.json().id })).statusCode).toBe(200);
    await bothFind('title=bonwire', ['Kente Stole']);
    expect((await admin.json('PUT', `/api/brands/${brand.json().id}`, { name: 'Ashanti Looms' })).statusCode).toBe(200);
    await bothFind('title=bonwire', []);
    await bothFind('title=ashanti', ['Kente Stole']);
  });

  it('reorders a search by price as soon as a price changes', async () => {
    await bothFind('title=kente&sort=price_asc', ['Kente Scarf', 'Kente Stole']);
    expect((await admin.json('PUT', `/api/products/${ids.scarf}`, { price: 90_000 })).statusCode).toBe(200);
    await bothFind('title=kente&sort=price_asc', ['Kente Stole', 'Kente Scarf']);
    await bothFind('title=kente&sort=price_desc', ['Kente Scarf', 'Kente Stole']);
  });

  it('drops a deleted product at once', async () => {
    expect((await admin.json('DELETE', `/api/products/${ids.scarf}`)).statusCode).toBe(200);
    await bothFind('title=kente', ['Kente Stole']);
  });

  it('pages through the matches with the total of all of them', async () => {
    for (const n of [1, 2, 3]) await insertProduct(ctx.database.db, { title: `Kente Cap ${n}`, heading: '' });
    await bothFind('title=kente&limit=2', ['Kente Cap 3', 'Kente Cap 2'], 4);
    await bothFind('title=kente&limit=2&offset=2', ['Kente Cap 1', 'Kente Stole'], 4);
    await bothFind('title=kente&limit=2&offset=4', [], 4);
    // With another filter the search is answered as before, and agrees.
    const found = await search(ctx.app, 'title=kente&availability=In%20Stock&limit=2');
    expect(found.titles).toEqual(['Kente Cap 3', 'Kente Cap 2']);
    expect(found.total).toBe(4);
  });

  it('lists each product as its own page shows it (category names, the only variant)', async () => {
    const create = async (path: string, body: Record<string, string>) => {
      const res = await admin.json('POST', `/api/${path}/create`, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const categoryId = await create('categories', { name: 'Scarves and Wraps' });
    const subId = await create('subs', { name: 'Silk Scarves', categoryId });
    const subsubId = await create('subsubs', { name: 'Kente Silk', subId });
    const made = await admin.json('POST', '/api/products/create', {
      title: 'Kente Silk Square',
      price: 450,
      categoryId,
      sub: subId,
      subsub: subsubId,
    });
    expect(made.statusCode, made.body).toBe(201);
    // The page's own extras: its variants, and its images' sharing JPEGs (for og:image, issue 31).
    const { variants, shareImages, ...detail } = (await client(ctx.app).json('GET', `/api/products/${made.json().id}`)).json();
    expect(shareImages).toEqual({});
    expect(variants).toHaveLength(1);
    expect(detail).toMatchObject({
      defaultVariantId: variants[0].id,
      Category: { id: categoryId, name: 'Scarves and Wraps' },
      Sub: { id: subId, name: 'Silk Scarves' },
      Subsub: { id: subsubId, name: 'Kente Silk' },
    });
    for (const query of ['limit=1', 'title=silk%20square']) {
      const [listed] = (await ctx.app.inject({ method: 'GET', url: `/api/products?${query}` })).json();
      expect(listed).toEqual(detail);
    }
  });

  it('is not moved by writes that cannot change a search, and logs the products that can', async () => {
    const db = ctx.database.db;
    const before = await searchVersion();
    await db.execute(sql`update products set updated_at = now(), paused = not paused where id = ${ids.stole}`);
    // Naming a column without changing it changes nothing a search sees.
    await db.execute(sql`update products set heading = heading, price = price where id = ${ids.stole}`);
    expect(await searchVersion()).toBe(before);

    // One statement, two products: one version, both logged under it.
    await db.execute(sql`update products set heading = heading || ' woven' where id in (${ids.stole}, ${ids.top})`);
    expect(await searchVersion()).toBe(before + 1);
    const logged = await db
      .select({ productId: searchChanges.productId })
      .from(searchChanges)
      .where(eq(searchChanges.version, before + 1));
    expect(logged.map((r) => r.productId).sort()).toEqual([ids.stole, ids.top].sort());
    await bothFind('title=woven', ['Ankara Top', 'Kente Stole']);
  });

  it('orders a search by title again after a rename', async () => {
    await bothFind('title=kente&sort=title', ['Kente Cap 1', 'Kente Cap 2', 'Kente Cap 3', 'Kente Silk Square', 'Kente Stole']);
    const [cap] = await db().select({ id: products.id }).from(products).where(eq(products.title, 'Kente Cap 2'));
    expect((await admin.json('PUT', `/api/products/${cap!.id}`, { title: 'Kente Zigzag Cap' })).statusCode).toBe(200);
    await bothFind('title=kente&sort=title', [
      'Kente Cap 1',
      'Kente Cap 3',
      'Kente Silk Square',
      'Kente Stole',
      'Kente Zigzag Cap',
    ]);
  });

  it('finds every search again when the log has let go of the versions a process kept them at', async () => {
    await bothFind('title=kente&limit=2', ['Kente Silk Square', 'Kente Cap 3'], 5);
    const before = await searchVersion();
    const [cap] = await db().select({ id: products.id }).from(products).where(eq(products.title, 'Kente Cap 3'));
    // 1,001 changes of what searches match, each its own statement and version: the log
    // keeps 1,000, so the first (the stole renamed out of "kente") is gone from it.
    await db().execute(sql`do $$ begin
      update products set title = 'Woven Stole' where id = ${sql.raw(`'${ids.stole}'`)};
      for i in 1..1000 loop
        update products set title = 'Kente Cap ' || (3 + i) where id = ${sql.raw(`'${cap!.id}'`)};
      end loop;
    end $$`);
    expect(await searchVersion()).toBe(before + 1001);
    const [kept] = await db()
      .select({
        oldest: sql<number>`min(${searchChanges.version})`.mapWith(Number),
        versions: sql<number>`count(distinct ${searchChanges.version})`.mapWith(Number),
      })
      .from(searchChanges);
    expect(kept).toEqual({ oldest: before + 2, versions: 1000 });
    await bothFind('title=kente&limit=2', ['Kente Silk Square', 'Kente Cap 1003'], 4);
  });

  it('agrees with the catalogue after writes and searches at once on both processes', async () => {
    const otherAdmin = (await clients({ ...ctx, app: other })).admin;
    const titles = Array.from({ length: 12 }, (_, i) => `Kente Belt ${String(i).padStart(2, '0')}`);
    // Creates on both processes, each racing a search of the same words on both.
    await Promise.all(
      titles.map(async (title, i) => {
        const res = await (i % 2 === 0 ? admin : otherAdmin).json('POST', '/api/products/create', { title, price: 500 + i });
        expect(res.statusCode, res.body).toBe(201);
        await Promise.all([search(ctx.app, 'title=kente%20belt'), search(other, 'title=kente%20belt&sort=price_asc')]);
      }),
    );
    await bothFind('title=kente%20belt&sort=price_asc', titles);
    await bothFind('title=kente%20belt&sort=price_desc', [...titles].reverse());
  });

  it('finds every search again after a truncate, which logs no product (the last test: it empties the catalogue)', async () => {
    await bothFind('title=kente%20silk', ['Kente Silk Square']);
    const before = await searchVersion();
    await db().execute(sql`truncate products cascade`);
    const logged = await db()
      .select({ productId: searchChanges.productId })
      .from(searchChanges)
      .where(eq(searchChanges.version, before + 1));
    expect(logged).toEqual([{ productId: null }]);
    await insertProduct(db(), { title: 'Kente Silk Hat', heading: '' });
    await bothFind('title=kente%20silk', ['Kente Silk Hat']);
  });
});
