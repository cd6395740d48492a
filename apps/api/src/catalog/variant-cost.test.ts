/**
 * Cost prices (issue 30), through HTTP: a variant's `cost` (naira in the API, kobo stored,
 * null unknown) is read and set only with catalog.cost. Without it the field is absent from
 * every answer (not null), a write that sends one is refused (403 naming the permission,
 * nothing changed), the catalogue export leaves the column out and an import that carries it
 * is refused. The Manager holds catalog.cost; "Pricer" is a custom role with the Manager's
 * catalogue permissions but catalog.cost.
 */
import type { ProductDetail } from '@shop/shared';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, client, multipart } from '../../test/clients.ts';
import { insertProduct, readVariants } from '../../test/fixtures.ts';
import { bearer, createStaff, createTestApp, expectRefusal, registerShopper, type TestContext } from '../../test/helpers.ts';
import { productVariants, users } from '../db/schema/index.ts';

let ctx: TestContext;
let manager: Client;
let pricer: Client;
let pricerToken: string;
let shopper: Client;
const anonymous = () => client(ctx.app);

beforeAll(async () => {
  ctx = await createTestApp();
  const owner = await createStaff(ctx);
  manager = client(ctx.app, (await createStaff(ctx, 'manager')).accessToken);
  const role = await ctx.app.inject({
    method: 'POST',
    url: '/api/roles',
    headers: bearer(owner.accessToken),
    payload: {
      name: 'Pricer',
      permissions: ['catalog.read', 'catalog.write', 'catalog.prices', 'stock.adjust'],
      pos: { discount: 'deny', priceOverride: 'deny', refund: 'deny', negativeStock: 'deny' },
      discountLimitPercent: 0,
    },
  });
  expect(role.statusCode, role.body).toBe(201);
  const member = await createStaff(ctx, 'manager');
  await ctx.database.db.update(users).set({ staffRoleId: role.json().id }).where(eq(users.id, member.user.id));
  pricerToken = member.accessToken;
  pricer = client(ctx.app, pricerToken);
  shopper = client(ctx.app, (await registerShopper(ctx.app)).accessToken);
});
afterAll(() => ctx.close());

/** Two sizes; small cost ₦9,000.50 (stored as kobo), medium's cost unknown. */
async function twoSizes() {
  const product = await insertProduct(ctx.database.db, {
    price: 2_500_000,
    variants: [
      { size: 'small', color: 'Indigo', counter: 4 },
      { size: 'medium', color: 'Indigo', counter: 6 },
    ],
  });
  const [small] = await readVariants(ctx.database.db, product.id);
  await ctx.database.db.update(productVariants).set({ cost: 900_050 }).where(eq(productVariants.id, small!.id));
  return product;
}

const costs = async (id: string) => (await readVariants(ctx.database.db, id)).map((v) => v.cost);

/** The variants as the editor sends them back, as `as` read them (a cost only if it was shown). */
async function asRead(id: string, as: Client) {
  const { variants } = (await as.json('GET', `/api/products/${id}`)).json() as ProductDetail;
  return variants.map(({ id, sku, size, color, priceOverride, discountOverride, counter, stockVersion, ...rest }) => ({
    id,
    sku,
    size,
    color,
    price: priceOverride,
    discount: discountOverride,
    counter,
    stockVersion,
    ...('cost' in rest && { cost: rest.cost }),
  }));
}

describe('GET /api/products/{id}: the cost price', () => {
  it('shows each variant’s cost in naira (null: unknown) to staff with catalog.cost only, and to nobody else', async () => {
    const product = await twoSizes();
    const url = `/api/products/${product.id}`;
    const shown = (await manager.json('GET', url)).json() as ProductDetail;
    expect(shown.variants.map((v) => v.cost)).toEqual([9_000.5, null]);
    for (const as of [pricer, shopper, anonymous()]) {
      // Asked first by the one who may see it: the shared cache must not hand it on.
      const res = await as.json('GET', url);
      expect(res.statusCode).toBe(200);
      for (const v of (res.json() as ProductDetail).variants) expect(v).not.toHaveProperty('cost');
      expect(res.body).not.toContain('9000.5');
    }
  });
});

describe('PUT /api/products/{id}/variants: the cost price', () => {
  it('lets the Manager set, keep (left out) and clear (null) a cost, answering it', async () => {
    const product = await twoSizes();
    const url = `/api/products/${product.id}/variants`;
    const [small, medium] = await asRead(product.id, manager);
    const set = await manager.json('PUT', url, { variants: [small, { ...medium, cost: 12_500.25 }] });
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as ProductDetail).variants.map((v) => v.cost)).toEqual([9_000.5, 12_500.25]);
    expect(await costs(product.id)).toEqual([900_050, 1_250_025]);
    const { cost: _left, ...withoutCost } = small!;
    const kept = await manager.json('PUT', url, {
      variants: [
        { ...withoutCost, cost: undefined },
        { ...medium, cost: null },
      ],
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await costs(product.id)).toEqual([900_050, null]);
  });

  it('refuses a negative cost, or one with more than 2 decimals (400), changing nothing', async () => {
    const product = await twoSizes();
    const [small, medium] = await asRead(product.id, manager);
    for (const cost of [-1, 10.005]) {
      const res = await manager.json('PUT', `/api/products/${product.id}/variants`, { variants: [{ ...small, cost }, medium] });
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(await costs(product.id)).toEqual([900_050, null]);
  });

  it('refuses a cost sent by staff without catalog.cost, even as it is stored, and keeps it on their other saves', async () => {
    const product = await twoSizes();
    const url = `/api/products/${product.id}/variants`;
    const [small, medium] = await asRead(product.id, pricer);
    expect(small).not.toHaveProperty('cost');
    for (const cost of [9_000.5, 1, null]) {
      expectRefusal(await pricer.json('PUT', url, { variants: [{ ...small, cost }, medium] }), 'catalog.cost');
    }
    expect(await costs(product.id)).toEqual([900_050, null]);
    // A save as read (no cost) changes the rest and keeps the costs; its answer shows none.
    const saved = await pricer.json('PUT', url, { variants: [{ ...small, price: 26_000 }, medium] });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const v of (saved.json() as ProductDetail).variants) expect(v).not.toHaveProperty('cost');
    expect(await costs(product.id)).toEqual([900_050, null]);
  });

  it('refuses a new product with a cost from staff without catalog.cost, and makes it with one for the Manager', async () => {
    const body = (sku: string) => ({ title: `Aso-oke ${sku}`, price: 18_000, variants: [{ sku, counter: 2, cost: 7_000 }] });
    expectRefusal(await pricer.json('POST', '/api/products/create', body('COST-P')), 'catalog.cost');
    const made = await manager.json('POST', '/api/products/create', body('COST-M'));
    expect(made.statusCode, made.body).toBe(201);
    expect((made.json() as ProductDetail).variants[0]?.cost).toBe(7_000);
    expect(await costs(made.json().id)).toEqual([700_000]);
  });
});

// ---------------------------------------------------------------- the catalogue CSV

function upload(csv: string, as: Client, query = '') {
  return as.form('POST', `/api/products/import${query}`, [
    ['file', { file: Buffer.from(csv), name: 'catalogue.csv', type: 'text/csv' }],
  ]);
}

async function exported(as: Client, id: string) {
  const res = await as.json('GET', '/api/products.csv');
  expect(res.statusCode).toBe(200);
  const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
  return { header: res.body.replace('\uFEFF', '').split('\n')[0]!.split(','), rows: rows.filter((r) => r.product_id === id) };
}

describe('the catalogue CSV: the cost column', () => {
  it('is exported with catalog.cost only (empty: unknown)', async () => {
    const product = await twoSizes();
    const full = await exported(manager, product.id);
    expect(full.header).toContain('cost');
    expect(full.rows.map((r) => r.cost)).toEqual(['9000.50', '']);
    const without = await exported(pricer, product.id);
    expect(without.header).not.toContain('cost');
    expect(without.rows.every((r) => !('cost' in r))).toBe(true);
  });

  it('sets and clears costs for the Manager; a file without the column keeps them', async () => {
    const product = await twoSizes();
    const [small, medium] = await readVariants(ctx.database.db, product.id);
    const file = (cells: [string, string]) => ['sku,cost', `${small!.sku},${cells[0]}`, `${medium!.sku},${cells[1]}`].join('\n');
    const res = await upload(file(['', '"₦4,000.75"']), manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ updated: 2, applied: true });
    expect(await costs(product.id)).toEqual([null, 400_075]);
    expect((await upload(file(['x', '1']), manager)).json().errors).toEqual([
      { row: 2, message: 'Cost price must be an amount in naira, like 25000 or 25000.50' },
    ]);
    const kept = await upload(`sku,color\n${small!.sku},Red\n${medium!.sku},Indigo`, manager);
    expect(kept.json()).toMatchObject({ updated: 1, unchanged: 1, applied: true });
    expect(await costs(product.id)).toEqual([null, 400_075]);
  });

  it('refuses a file with a cost column from staff without catalog.cost, whatever its cells, dry run or streamed', async () => {
    const product = await twoSizes();
    const [small] = await readVariants(ctx.database.db, product.id);
    for (const cell of ['9000.50', '1', '']) {
      const file = `sku,title,cost\n${small!.sku},Renamed,${cell}`;
      expectRefusal(await upload(file, pricer), 'catalog.cost');
      expectRefusal(await upload(file, pricer, '?dryRun=true'), 'catalog.cost');
    }
    const { payload, contentType } = await multipart([
      ['file', { file: Buffer.from(`sku,cost\n${small!.sku},1`), name: 'catalogue.csv', type: 'text/csv' }],
    ]);
    const streamed = await ctx.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { ...bearer(pricerToken), 'content-type': contentType, accept: 'application/x-ndjson' },
      payload,
    });
    expectRefusal(streamed, 'catalog.cost');
    expect(await costs(product.id)).toEqual([900_050, null]);
    expect((await readVariants(ctx.database.db, product.id))[0]?.sku).toBe(small!.sku);
    // The same file without the column imports.
    expect((await upload(`sku,stock\n${small!.sku},4`, pricer)).statusCode).toBe(200);
  });
});
