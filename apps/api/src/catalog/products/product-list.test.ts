import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { products } from '../../db/schema/index.ts';
import { type Client, clients } from '../../../test/clients.ts';

let ctx: TestContext;
let admin: Client;
let anonymous: Client;
const ids: Record<string, string> = {};
const refs: Record<string, string> = {};

/**
 * The fixture catalogue, created in this order (so "latest" lists it backwards).
 * Sale prices: gown 40000, boubou 8000, wrapper 8000, serum 2500, lipstick 2500, vase 15000, fan 1500.
 */
const FIXTURE = [
  {
    key: 'gown',
    title: 'Silk evening gown',
    heading: 'For the big night',
    price: 40000,
    category: 'Women',
    sub: 'Dresses',
    brand: 'Kosibah',
    size: ['medium'],
  },
  {
    key: 'boubou',
    title: 'Boubou kaftan',
    heading: 'Breezy and loose',
    price: 10000,
    discount: 2000,
    category: 'Women',
    sub: 'Dresses',
    subsub: 'Kaftans',
    brand: 'Lisa Folawiyo',
  },
  {
    key: 'wrapper',
    title: 'Ankara wrapper',
    heading: 'Bold prints',
    price: 8000,
    category: 'Women',
    brand: 'Kosibah',
    availability: 'Out of Stock',
  },
  {
    key: 'serum',
    title: 'Shea glow serum',
    heading: '100% natural_oils',
    price: 3000,
    discount: 500,
    category: 'Beauty',
    brand: 'Zaron',
  },
  { key: 'lipstick', title: 'Matte lipstick', heading: 'Long wear', price: 2500, category: 'Beauty', brand: 'Zaron' },
  { key: 'vase', title: 'Clay vase', heading: 'Hand thrown', price: 15000, category: 'Home' },
  { key: 'fan', title: 'Woven hand fan', heading: 'Raffia', price: 2000, discount: 500, category: 'Home', brand: 'Kosibah' },
] as const;
const LATEST = FIXTURE.map((p) => p.key).reverse();

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, anonymous } = await clients(ctx));
  for (const [path, names] of [
    ['categories', ['Women', 'Beauty', 'Home', 'Men']],
    ['subs', ['Dresses']],
    ['subsubs', ['Kaftans']],
    ['brands', ['Kosibah', 'Lisa Folawiyo', 'Zaron']],
  ] as const) {
    for (const name of names) {
      const res = await admin.json('POST', `/api/${path}/create`, { name });
      refs[name] = res.json().id;
    }
  }
  for (const { key, category, ...fields } of FIXTURE) {
    const res = await admin.json('POST', '/api/products/create', { counter: 5, ...fields, categoryId: refs[category] });
    expect(res.statusCode, res.body).toBe(201);
    ids[key] = res.json().id;
  }
});
afterAll(() => ctx.close());

/** Equal sale prices are ordered by id. */
const byId = (a: string, b: string) => (ids[a]! < ids[b]! ? -1 : 1);

async function list(query: string) {
  const res = await anonymous.json('GET', `/api/products${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { id: string }[];
  const keyOf = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
  return { keys: body.map((p) => keyOf[p.id]), total: Number(res.headers['x-total-count']), body, res };
}

describe('GET /api/products', () => {
  it('lists the newest first, with the total in an exposed X-Total-Count header', async () => {
    const { keys, total, res, body } = await list('');
    expect(keys).toEqual(LATEST);
    expect(total).toBe(FIXTURE.length);
    expect(res.headers['access-control-expose-headers']).toContain('X-Total-Count');
    expect(body[0]).toMatchObject({ title: 'Woven hand fan', price: 2000, discount: 500, Category: { name: 'Home' } });
  });

  it('searches title, heading and brand, case-insensitively', async () => {
    expect((await list('?title=KAFTAN')).keys).toEqual(['boubou']);
    expect((await list('?title=big%20night')).keys).toEqual(['gown']);
    expect((await list('?title=kosibah')).keys).toEqual(['fan', 'wrapper', 'gown']);
    expect((await list('?title=nothing-like-this')).keys).toEqual([]);
    expect((await list('?title=nothing-like-this')).total).toBe(0);
  });

  it('treats % and _ in the search as text', async () => {
    expect((await list('?title=100%25')).keys).toEqual(['serum']);
    expect((await list('?title=%25')).keys).toEqual(['serum']);
    expect((await list('?title=l_oils')).keys).toEqual(['serum']);
    expect((await list('?title=_')).keys).toEqual(['serum']);
  });

  it('filters by category, sub, subsub and brand, by name in any case or by id', async () => {
    expect((await list('?category=women')).keys).toEqual(['wrapper', 'boubou', 'gown']);
    expect((await list(`?category=${refs.Beauty}`)).keys).toEqual(['lipstick', 'serum']);
    expect((await list('?sub=DRESSES')).keys).toEqual(['boubou', 'gown']);
    expect((await list('?subsub=kaftans')).keys).toEqual(['boubou']);
    expect((await list('?brand=zaron')).keys).toEqual(['lipstick', 'serum']);
    expect((await list(`?brand=${refs.Kosibah}&category=Home`)).keys).toEqual(['fan']);
  });

  it('gives an empty list (not an error) for a category or brand that does not exist or has nothing', async () => {
    for (const query of ['?category=Kids', '?brand=Nobody', '?category=Men', '?sub=00000000-0000-4000-8000-000000000000']) {
      const { keys, total } = await list(query);
      expect(keys, query).toEqual([]);
      expect(total).toBe(0);
    }
  });

  it('filters by sale price in naira, bounds included', async () => {
    expect((await list('?minPrice=8000&maxPrice=15000&sort=price_asc')).keys).toEqual([
      ...['boubou', 'wrapper'].sort(byId),
      'vase',
    ]);
    expect((await list('?maxPrice=7999.99')).keys).toEqual(['fan', 'lipstick', 'serum']);
    expect((await list('?minPrice=40000')).keys).toEqual(['gown']);
    expect((await list('?minPrice=40000.01')).keys).toEqual([]);
  });

  it('filters products on sale and by availability', async () => {
    expect((await list('?onSale=true')).keys).toEqual(['fan', 'serum', 'boubou']);
    expect((await list('?onSale=false')).total).toBe(4);
    expect((await list('?availability=Out%20of%20Stock')).keys).toEqual(['wrapper']);
    expect((await list('?availability=In%20Stock')).total).toBe(6);
    expect((await list('?category=Women&onSale=true&sort=price_asc')).keys).toEqual(['boubou']);
  });

  it('sorts by sale price (ties by id) and by title', async () => {
    const cheapTie = ['serum', 'lipstick'].sort(byId);
    const midTie = ['boubou', 'wrapper'].sort(byId);
    expect((await list('?sort=price_asc')).keys).toEqual(['fan', ...cheapTie, ...midTie, 'vase', 'gown']);
    expect((await list('?sort=price_desc')).keys).toEqual(['gown', 'vase', ...midTie.reverse(), ...cheapTie.reverse(), 'fan']);
    expect((await list('?sort=title')).keys).toEqual(['wrapper', 'boubou', 'vase', 'lipstick', 'serum', 'gown', 'fan']);
    expect((await list('?sort=latest')).keys).toEqual(LATEST);
  });

  it('pages with limit and offset; the pages add up to the whole list', async () => {
    const pages: (string | undefined)[] = [];
    for (const offset of [0, 3, 6]) {
      const page = await list(`?sort=price_asc&limit=3&offset=${offset}`);
      expect(page.total).toBe(FIXTURE.length);
      expect(page.keys.length).toBe(offset === 6 ? 1 : 3);
      pages.push(...page.keys);
    }
    expect(pages).toEqual((await list('?sort=price_asc')).keys);
    const beyond = await list('?offset=50');
    expect(beyond.keys).toEqual([]);
    expect(beyond.total).toBe(FIXTURE.length);
    expect((await list('?category=women&limit=1')).total).toBe(3);
  });

  it('treats empty parameters as not given', async () => {
    expect((await list('?title=&sort=&limit=&category=&minPrice=')).keys).toEqual(LATEST);
  });

  it.each([
    ['sort=foo', /sort must be one of/],
    ['limit=abc', /limit must be a number/],
    ['limit=0', /limit must be at least 1/],
    ['limit=201', /limit must be at most 200/],
    ['limit=2.5', /limit must be a whole number/],
    ['offset=-1', /offset must be at least 0/],
    ['minPrice=-1', /minPrice must be at least 0/],
    ['maxPrice=cheap', /maxPrice must be a number/],
    ['minPrice=10&maxPrice=5', /minPrice cannot be more than maxPrice/],
    ['availability=bogus', /availability must be one of/],
    ['onSale=yes', /onSale must be one of/],
  ])('refuses ?%s with a 400 that says why', async (query, msg) => {
    const res = await anonymous.json('GET', `/api/products?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(msg);
  });

  it('shows the rating average to one decimal', async () => {
    await ctx.database.db.update(products).set({ ratingCount: 3, ratingSum: 13 }).where(eq(products.id, ids.vase!));
    const vase = (await anonymous.json('GET', `/api/products/${ids.vase}`)).json();
    expect(vase).toMatchObject({ ratingAverage: 4.3, ratingCount: 3 });
    expect((await list('?title=clay')).body[0]).toMatchObject({ ratingAverage: 4.3, ratingCount: 3 });
  });

  it('shows a write at the next read', async () => {
    const created = await admin.json('POST', '/api/products/create', { title: 'Fresh arrival', price: 100 });
    expect((await list('')).keys[0]).toBeUndefined(); // the new product is first (not a fixture key)
    expect((await list('')).body[0]!.id).toBe(created.json().id);
    await admin.json('PUT', `/api/products/${created.json().id}`, { title: 'Renamed arrival' });
    expect((await list('?title=renamed')).body.map((p) => p.id)).toEqual([created.json().id]);
    await admin.json('DELETE', `/api/products/${created.json().id}`);
    expect((await list('')).total).toBe(FIXTURE.length);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await anonymous.json('GET', '/api/openapi.json')).json();
    const listing = doc.paths['/api/products/'] ?? doc.paths['/api/products'];
    expect(listing.get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['title', 'category', 'minPrice', 'sort', 'limit', 'offset']),
    );
    for (const path of ['/api/products/create', '/api/products/{id}', '/api/categories/{id}', '/api/brands/create']) {
      expect(doc.paths[path], path).toBeDefined();
    }
    // Variants and the catalogue spreadsheet (issue 11).
    const variants = doc.paths['/api/products/{id}/variants']?.put;
    expect(variants?.requestBody?.content?.['application/json']?.schema?.properties).toHaveProperty('variants');
    expect(Object.keys(variants?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '404', '409']));
    const csv = doc.paths['/api/products.csv']?.get;
    expect(csv?.responses?.['200']?.content).toHaveProperty(['text/csv']);
    const importer = doc.paths['/api/products/import']?.post;
    expect(importer?.requestBody?.content).toHaveProperty(['multipart/form-data']);
    expect(importer?.parameters?.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['dryRun', 'skipInvalid']));
    expect(Object.keys(importer?.responses?.['200']?.content?.['application/json']?.schema?.properties ?? {})).toEqual(
      expect.arrayContaining(['created', 'updated', 'unchanged', 'errors']),
    );
    expect(importer?.description).toContain('application/x-ndjson');
  });
});
