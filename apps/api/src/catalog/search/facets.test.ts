import { type FacetsResponse, PRICE_BANDS, priceBandFilter, showingResultsFor } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureVariant, insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { type Client, clients } from '../../../test/clients.ts';

let ctx: TestContext;
let admin: Client;
let anonymous: Client;
const refs: Record<string, string> = {};

const BRANDS = ['Adunni Atelier', 'Bisola & Co.', 'Idan Gold'];
const SIZES = ['small', 'medium', 'large', 'extra-large'];
const COLOURS = ['Red', 'Indigo', 'gold', 'Black'];
/** Prices (naira) around the bands' bounds. */
const PRICES = [5000, 9999.99, 10000, 24999, 25000, 49999.5, 50000, 99999, 100000, 250000];

/**
 * A small catalogue where the filters overlap in every way: brands (and none), two
 * categories, sale and full prices either side of each band's bounds, sizes and colours in
 * stock and sold out, a variant priced apart, a paused product.
 */
beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, anonymous } = await clients(ctx));
  for (const [path, name] of [
    ['categories', 'Women'],
    ['categories', 'Home'],
    ...BRANDS.map((b) => ['brands', b] as const),
  ] as const) {
    const res = await admin.json('POST', `/api/${path}/create`, { name });
    expect(res.statusCode, res.body).toBe(201);
    refs[name] = res.json().id;
  }
  // A tiny deterministic generator, so a failure can be reproduced.
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  for (let i = 0; i < 36; i += 1) {
    const brand = BRANDS[i % 4];
    const price = PRICES[next(PRICES.length)]!;
    const variants: FixtureVariant[] = [];
    if (i % 9 !== 4) {
      for (const size of SIZES) {
        if (next(3) === 0) continue;
        for (const color of COLOURS) {
          if (next(3) !== 0) continue;
          variants.push({ size, color, counter: next(3), ...(next(8) === 0 && { price: Math.round(price * 80) }) });
        }
      }
    }
    if (variants.length === 0) variants.push({ color: COLOURS[i % 4], counter: next(2) * 4 });
    await insertProduct(ctx.database.db, {
      title: `${i % 3 === 0 ? 'Ankara wrap' : 'Adire tunic'} ${i}`,
      price: Math.round(price * 100),
      discount: i % 3 === 1 ? Math.min(100_000, Math.round(price * 100)) : 0,
      categoryId: refs[i % 2 === 0 ? 'Women' : 'Home']!,
      ...(brand && { brandId: refs[brand]!, brandName: brand }),
      ...(i % 11 === 5 && { availability: 'Out of Stock' as const }),
      variants,
    });
  }
});
afterAll(() => ctx.close());

type Filters = Record<string, string | number | undefined>;
const query = (filters: Filters) =>
  new URLSearchParams(
    Object.entries(filters).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]])) as [string, string][],
  ).toString();

async function facets(filters: Filters, as: Client = anonymous) {
  const res = await as.json('GET', `/api/products/facets?${query(filters)}`);
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json() as FacetsResponse, res };
}

async function total(filters: Filters): Promise<number> {
  const res = await anonymous.json('GET', `/api/products?${query({ ...filters, limit: 1 })}`);
  expect(res.statusCode, res.body).toBe(200);
  return Number(res.headers['x-total-count']);
}

/** Each filter set the listing may show, to check every facet's counts within. */
const FILTER_SETS: Filters[] = [
  {},
  { category: 'Women' },
  { brand: 'Idan Gold' },
  { size: 'medium' },
  { color: 'red' },
  { size: 'medium,large', color: 'Red,gold' },
  { minPrice: 10000, maxPrice: 60000 },
  { onSale: 'true' },
  { onSale: 'false', category: 'Home', size: 'small' },
  { title: 'ankara', color: 'indigo', minPrice: 9000 },
  { availability: 'In Stock', brand: 'Adunni Atelier', maxPrice: 99999 },
];

describe('GET /api/products/facets', () => {
  it('counts each value as the list shows it with that value and the other filters (every brand, size, colour, band and on sale)', async () => {
    let checked = 0;
    for (const filters of FILTER_SETS) {
      const { body } = await facets(filters);
      const label = JSON.stringify(filters);
      expect(body.total, label).toBe(await total(filters));

      for (const brand of BRANDS) {
        const count = body.brands.find((b) => b.name === brand)?.count ?? 0;
        expect(await total({ ...filters, brand: refs[brand] }), `${label} brand ${brand}`).toBe(count);
      }
      expect(
        body.brands.every((b) => b.count > 0 && refs[b.name] === b.id),
        label,
      ).toBe(true);

      for (const size of SIZES) {
        const count = body.sizes.find((s) => s.value === size)?.count ?? 0;
        expect(await total({ ...filters, size }), `${label} size ${size}`).toBe(count);
      }
      expect(body.sizes.map((s) => s.value)).toEqual(SIZES.filter((s) => body.sizes.some((f) => f.value === s)));

      for (const colour of COLOURS) {
        const count = body.colors.find((c) => c.value === colour.toLowerCase())?.count ?? 0;
        expect(await total({ ...filters, color: colour }), `${label} colour ${colour}`).toBe(count);
      }
      expect(body.colors.map((c) => c.value)).toEqual([...body.colors.map((c) => c.value)].sort());

      expect(body.prices.map(({ min, max }) => ({ min, max }))).toEqual(PRICE_BANDS.map(({ min, max }) => ({ min, max })));
      for (const band of body.prices) {
        const count = await total({ ...filters, minPrice: undefined, maxPrice: undefined, ...priceBandFilter(band) });
        expect(count, `${label} price ${band.min}–${band.max}`).toBe(band.count);
      }

      expect(await total({ ...filters, onSale: 'true' }), `${label} on sale`).toBe(body.onSale);
      checked += 1;
    }
    expect(checked).toBe(FILTER_SETS.length);
    // The catalogue is not trivial: every kind of value is counted somewhere.
    const all = (await facets({})).body;
    expect(all.total).toBe(36);
    expect(all.brands).toHaveLength(3);
    expect(all.sizes.length).toBeGreaterThan(2);
    expect(all.colors.length).toBeGreaterThan(2);
    expect(all.prices.filter((p) => p.count > 0).length).toBeGreaterThan(3);
    expect(all.onSale).toBeGreaterThan(0);
  });

  it('corrects a search that finds nothing, like the list, and says so', async () => {
    const { body, res } = await facets({ title: 'ankra' });
    expect(body.total).toBe(await total({ title: 'ankara' }));
    expect(body.total).toBeGreaterThan(0);
    expect(showingResultsFor({ get: (name) => (res.headers[name.toLowerCase()] as string | undefined) ?? null })).toBe('ankara');
    expect((await facets({ title: 'ankara' })).res.headers['x-showing-results-for']).toBeUndefined();
  });

  it('refuses filters the list refuses (400), and the stock filter to all but admins', async () => {
    for (const q of ['minPrice=abc', 'minPrice=10&maxPrice=5', 'onSale=yes', 'availability=maybe', 'stock=some']) {
      const res = await anonymous.json('GET', `/api/products/facets?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    expect((await anonymous.json('GET', '/api/products/facets?stock=out')).statusCode).toBe(401);
    const out = await facets({ stock: 'out' }, admin);
    expect(out.body.total).toBe(Number((await admin.json('GET', '/api/products?stock=out&limit=1')).headers['x-total-count']));
  });

  it('follows a catalogue change at once (read cache keyed by the catalogue version)', async () => {
    const before = await facets({ brand: 'Idan Gold' });
    const again = await facets({ brand: 'Idan Gold' });
    expect(again.res.headers.etag).toBe(before.res.headers.etag);
    const created = await admin.json('POST', '/api/products/create', {
      title: 'Coral bead set',
      price: 12000,
      brand: 'Idan Gold',
      variants: [{ sku: 'CORAL-1', size: 'extra-large', color: 'Coral', counter: 2 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = (await facets({ brand: 'Idan Gold' })).body;
    expect(after.total).toBe(before.body.total + 1);
    expect(after.colors).toContainEqual({ value: 'coral', count: 1 });
    const band = after.prices.find((p) => p.min === 10_000)!;
    expect(band.count).toBe(before.body.prices.find((p) => p.min === 10_000)!.count + 1);
    // Sold out: no longer counted among the colours in stock.
    await admin.json('PUT', `/api/products/${created.json().id}/variants`, {
      variants: [{ sku: 'CORAL-1', size: 'extra-large', color: 'Coral', counter: 0 }],
    });
    expect((await facets({ brand: 'Idan Gold' })).body.colors.map((c) => c.value)).not.toContain('coral');
    await admin.json('DELETE', `/api/products/${created.json().id}`);
    expect((await facets({ brand: 'Idan Gold' })).body).toEqual(before.body);
  });
});
