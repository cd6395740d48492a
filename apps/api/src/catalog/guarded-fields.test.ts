/**
 * The catalogue's field-level rules (issue 28), through HTTP: prices and markdowns need
 * catalog.prices, stock stock.adjust. A write that changes one the caller lacks is refused
 * whole (403 naming it, nothing changed); values sent as stored pass; a product made without
 * them starts paused at price 0 with no stock. The Content editor has catalog.write only, the
 * Fulfilment member stock.adjust only, the Manager both.
 */
import type { ProductDetail } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, client, multipart } from '../../test/clients.ts';
import { insertProduct, readProduct, readVariants } from '../../test/fixtures.ts';
import { bearer, createStaff, createTestApp, expectRefusal, type TestContext } from '../../test/helpers.ts';
import { products } from '../db/schema/index.ts';

let ctx: TestContext;
let editor: Client;
let editorToken: string;
let fulfilment: Client;
let cashier: Client;
let manager: Client;

beforeAll(async () => {
  ctx = await createTestApp();
  editorToken = (await createStaff(ctx, 'content_editor')).accessToken;
  editor = client(ctx.app, editorToken);
  fulfilment = client(ctx.app, (await createStaff(ctx, 'fulfilment')).accessToken);
  cashier = client(ctx.app, (await createStaff(ctx, 'cashier')).accessToken);
  manager = client(ctx.app, (await createStaff(ctx, 'manager')).accessToken);
});
afterAll(() => ctx.close());

/** A product of two sizes: small with a price of its own and 4 in stock, medium at the product's with 6. */
async function twoSizes() {
  const product = await insertProduct(ctx.database.db, {
    price: 2_500_000,
    discount: 100_000,
    variants: [
      { size: 'small', color: 'Indigo', counter: 4, price: 2_700_000 },
      { size: 'medium', color: 'Indigo', counter: 6 },
    ],
  });
  return product;
}

/** What the product and its variants hold in the database. */
async function stored(id: string) {
  const [product, variants] = await Promise.all([readProduct(ctx.database.db, id), readVariants(ctx.database.db, id)]);
  return { product, variants };
}

/** The variants as the back office's editor sends them back: as it read them. */
async function editorVariants(id: string) {
  const { variants } = (await manager.json('GET', `/api/products/${id}`)).json() as ProductDetail;
  return variants.map(({ id, sku, size, color, priceOverride, discountOverride, counter, stockVersion }) => {
    return { id, sku, size, color, price: priceOverride, discount: discountOverride, counter, stockVersion };
  });
}

describe('PUT /api/products/{id}: guarded fields', () => {
  it('refuses a price, a markdown or a stock the Content editor may not change, and changes nothing', async () => {
    const product = await twoSizes();
    const before = await stored(product.id);
    const url = `/api/products/${product.id}`;
    expectRefusal(await editor.json('PUT', url, { title: 'Cheaper', price: 20_000 }), 'catalog.prices');
    expectRefusal(await editor.json('PUT', url, { title: 'Marked down', discount: 5_000 }), 'catalog.prices');
    expectRefusal(await editor.json('PUT', url, { title: 'Restocked', counter: 30 }), 'stock.adjust');
    // The original form, multipart: the same rule.
    expectRefusal(
      await editor.form('PUT', url, [
        ['title', 'Cheaper'],
        ['price', '20000'],
      ]),
      'catalog.prices',
    );
    expect(await stored(product.id)).toEqual(before);
  });

  it('passes values sent as they are stored (in naira, as a number or as form text), changing the rest', async () => {
    const product = await twoSizes();
    const url = `/api/products/${product.id}`;
    const res = await editor.json('PUT', url, { title: 'Adire wrap, renamed', price: 25_000, discount: '1000.00', counter: 10 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Adire wrap, renamed', price: 25_000, discount: 1_000, counter: 10 });
    const form = await editor.form('PUT', url, [
      ['heading', 'Indigo, by hand'],
      ['price', '25000'],
      ['counter', '10'],
    ]);
    expect(form.statusCode, form.body).toBe(200);
    expect((await stored(product.id)).product).toMatchObject({ heading: 'Indigo, by hand', price: 2_500_000, counter: 10 });
  });

  it('lets the Manager change prices and stock', async () => {
    const product = await twoSizes();
    const res = await manager.json('PUT', `/api/products/${product.id}`, { price: 30_000, discount: 0, counter: 12 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(product.id)).product).toMatchObject({ price: 3_000_000, discount: 0, counter: 12 });
  });
});

describe('POST /api/products/create: a product made without the guarded permissions', () => {
  const body = {
    title: 'Aso-oke stole',
    price: 18_000,
    discount: 2_000,
    variants: [
      { sku: 'STOLE-GOLD', color: 'Gold', counter: 5, price: 19_000 },
      { sku: 'STOLE-RED', color: 'Red', counter: 3 },
    ],
  };

  it('is created paused, at price 0 with no markdown and no stock, when a Content editor makes it', async () => {
    const res = await editor.json('POST', '/api/products/create', body);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    expect(made).toMatchObject({ title: 'Aso-oke stole', price: 0, discount: 0, counter: 0, availability: 'Out of Stock' });
    const { product, variants } = await stored(made.id);
    expect(product).toMatchObject({ paused: true, price: 0, discount: 0, counter: 0 });
    expect(variants.map((v) => ({ sku: v.sku, price: v.price, discount: v.discount, counter: v.counter }))).toEqual([
      { sku: 'STOLE-GOLD', price: null, discount: null, counter: 0 },
      { sku: 'STOLE-RED', price: null, discount: null, counter: 0 },
    ]);
    // The original form's fields alike.
    const form = await editor.form('POST', '/api/products/create', [
      ['title', 'Adire scarf'],
      ['price', '9000'],
      ['counter', '8'],
    ]);
    expect(form.statusCode, form.body).toBe(201);
    expect(form.json()).toMatchObject({ price: 0, counter: 0, availability: 'Out of Stock' });
  });

  it('is created as sent when the Manager makes it', async () => {
    const res = await manager.json('POST', '/api/products/create', {
      ...body,
      title: 'Aso-oke stole, priced',
      variants: body.variants.map((v) => ({ ...v, sku: `${v.sku}-M` })),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { product, variants } = await stored(res.json().id);
    expect(product).toMatchObject({ paused: false, price: 1_800_000, discount: 200_000, counter: 8 });
    expect(variants.map((v) => [v.price, v.counter])).toEqual([
      [1_900_000, 5],
      [null, 3],
    ]);
  });
});

describe('PUT /api/products/{id}/variants: guarded fields, and the stock alone without catalog.write', () => {
  it('lets Fulfilment change the stock only', async () => {
    const product = await twoSizes();
    const variants = await editorVariants(product.id);
    const res = await fulfilment.json('PUT', `/api/products/${product.id}/variants`, {
      variants: variants.map((v) => ({ ...v, counter: v.counter + 10 })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(product.id)).variants.map((v) => v.counter)).toEqual([14, 16]);
  });

  it('refuses Fulfilment a variant price (catalog.prices) and anything but stock (catalog.write), and changes nothing', async () => {
    const product = await twoSizes();
    const before = await stored(product.id);
    const variants = await editorVariants(product.id);
    const url = `/api/products/${product.id}/variants`;
    const put = (body: object) => fulfilment.json('PUT', url, body);
    const [small, medium] = variants as [(typeof variants)[0], (typeof variants)[0]];
    expectRefusal(await put({ variants: [{ ...small, price: 26_000, counter: 9 }, medium] }), 'catalog.prices');
    expectRefusal(await put({ variants: [small, { ...medium, price: 30_000 }] }), 'catalog.prices');
    expectRefusal(await put({ variants: [small, { ...medium, discount: 0 }] }), 'catalog.prices');
    expectRefusal(await put({ variants: [{ ...small, sku: 'RENAMED-S' }, medium] }), 'catalog.write');
    expectRefusal(await put({ variants: [small, { ...medium, color: 'Red' }] }), 'catalog.write');
    expectRefusal(await put({ variants: [small] }), 'catalog.write');
    expectRefusal(await put({ variants: [medium, small] }), 'catalog.write');
    expectRefusal(
      await put({ variants: [small, medium, { sku: 'NEW-LARGE', size: 'large', color: 'Indigo', counter: 0 }] }),
      'catalog.write',
    );
    expectRefusal(await put({ variants, sizeScale: 'shoes' }), 'catalog.write');
    expect(await stored(product.id)).toEqual(before);
    // The Cashier may do neither: the route's guard names the first of its permissions.
    expectRefusal(await cashier.json('PUT', url, { variants }), 'catalog.write');
  });

  it('refuses the Content editor a variant price or stock, and passes the rest and values sent unchanged', async () => {
    const product = await twoSizes();
    const before = await stored(product.id);
    const variants = await editorVariants(product.id);
    const url = `/api/products/${product.id}/variants`;
    const [small, medium] = variants as [(typeof variants)[0], (typeof variants)[0]];
    expectRefusal(await editor.json('PUT', url, { variants: [{ ...small, counter: 5 }, medium] }), 'stock.adjust');
    expectRefusal(await editor.json('PUT', url, { variants: [{ ...small, price: null }, medium] }), 'catalog.prices');
    // A new variant: the product's price and no stock pass, anything else is a price or a stock.
    const large = { sku: 'LARGE-INDIGO', size: 'large', color: 'Indigo', counter: 0 };
    expectRefusal(await editor.json('PUT', url, { variants: [...variants, { ...large, counter: 2 }] }), 'stock.adjust');
    expectRefusal(await editor.json('PUT', url, { variants: [...variants, { ...large, price: 30_000 }] }), 'catalog.prices');
    expect(await stored(product.id)).toEqual(before);

    const res = await editor.json('PUT', url, { variants: [{ ...small, sku: 'SMALL-INDIGO' }, medium, large] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(product.id)).variants.map((v) => [v.sku, v.price, v.counter])).toEqual([
      ['SMALL-INDIGO', 2_700_000, 4],
      [medium.sku, null, 6],
      ['LARGE-INDIGO', null, 0],
    ]);
  });

  it('answers a stale stock with 409 (reload), not as a stock change', async () => {
    const product = await twoSizes();
    const variants = await editorVariants(product.id);
    // Someone sells a small meanwhile: the editor's form still says 4.
    const manager4 = variants.map((v, i) => (i === 0 ? { ...v, counter: 3 } : v));
    expect((await manager.json('PUT', `/api/products/${product.id}/variants`, { variants: manager4 })).statusCode).toBe(200);
    const res = await editor.json('PUT', `/api/products/${product.id}/variants`, { variants });
    expect(res.statusCode, res.body).toBe(409);
  });
});

// ---------------------------------------------------------------- the import

const HEADER = 'product_id,sku,title,price,discount,variant_price,stock,stock_version';

function upload(csv: string, query = '', as = editor) {
  return as.form('POST', `/api/products/import${query}`, [
    ['file', { file: Buffer.from(csv), name: 'catalogue.csv', type: 'text/csv' }],
  ]);
}

/** The two sizes as the export lists them (prices in naira), each row changed by `edit`. */
async function exportedRows(id: string, edit: (row: Record<string, string>, i: number) => Record<string, string> = (r) => r) {
  const { product, variants } = await stored(id);
  const rows = variants.map((v, i) =>
    edit(
      {
        product_id: id,
        sku: v.sku,
        title: product.title,
        price: String(product.price / 100),
        discount: String(product.discount / 100),
        variant_price: v.price === null ? '' : String(v.price / 100),
        stock: String(v.counter),
        stock_version: String(v.stockVersion),
      },
      i,
    ),
  );
  return [
    HEADER,
    ...rows.map((r) =>
      HEADER.split(',')
        .map((c) => r[c])
        .join(','),
    ),
  ].join('\n');
}

describe('POST /api/products/import: guarded fields', () => {
  it('refuses a Content editor’s file that changes a stock, whole: no row written, in the dry run too', async () => {
    const product = await twoSizes();
    const before = await stored(product.id);
    // The product renamed, and 9 mediums counted.
    const csv = await exportedRows(product.id, (r, i) => ({ ...r, title: 'Renamed', ...(i === 1 && { stock: '9' }) }));
    expectRefusal(await upload(csv, '?dryRun=true'), 'stock.adjust');
    expectRefusal(await upload(csv), 'stock.adjust');
    expectRefusal(await upload(csv, '?skipInvalid=true'), 'stock.adjust');
    expect(await stored(product.id)).toEqual(before);
  });

  it('refuses a price, a markdown or a variant’s price the same way', async () => {
    const product = await twoSizes();
    const before = await stored(product.id);
    expectRefusal(await upload(await exportedRows(product.id, (r) => ({ ...r, price: '26000' }))), 'catalog.prices');
    expectRefusal(await upload(await exportedRows(product.id, (r) => ({ ...r, discount: '0' }))), 'catalog.prices');
    expectRefusal(
      await upload(await exportedRows(product.id, (r, i) => (i === 1 ? { ...r, variant_price: '26000' } : r))),
      'catalog.prices',
    );
    expect(await stored(product.id)).toEqual(before);
  });

  it('imports a Content editor’s file when only names change, and a stock it would not write (a conflict) changes nothing', async () => {
    const product = await twoSizes();
    const csv = await exportedRows(product.id, (r) => ({ ...r, title: 'Adire wrap renamed' }));
    // A small is sold after the export: the file's stock is stale, so the import would not write it.
    const variants = await editorVariants(product.id);
    await manager.json('PUT', `/api/products/${product.id}/variants`, {
      variants: variants.map((v, i) => (i === 0 ? { ...v, counter: 3 } : v)),
    });
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applied: true, updated: 2, errors: [] });
    expect(res.json().conflicts).toHaveLength(1);
    const { product: after, variants: rows } = await stored(product.id);
    expect(after).toMatchObject({ title: 'Adire wrap renamed', price: 2_500_000, discount: 100_000 });
    expect(rows.map((v) => v.counter)).toEqual([3, 6]);
  });

  it('holds a new product to price 0 and no stock, and creates it paused', async () => {
    const csv = (price: string, stock: string) =>
      `sku,title,price,stock\nIMPORT-NEW-${price}-${stock},Imported wrap ${price},${price},${stock}`;
    expectRefusal(await upload(csv('15000', '0')), 'catalog.prices');
    expectRefusal(await upload(csv('0', '4')), 'stock.adjust');
    const res = await upload(csv('0', '0'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applied: true, created: 1 });
    const [made] = await ctx.database.db.select().from(products).where(eq(products.title, 'Imported wrap 0'));
    expect(made).toMatchObject({ paused: true, price: 0, counter: 0 });
  });

  it('answers a streamed import’s refusal as plain JSON, before any line', async () => {
    const product = await twoSizes();
    const before = await stored(product.id);
    const { payload, contentType } = await multipart([
      [
        'file',
        { file: Buffer.from(await exportedRows(product.id, (r) => ({ ...r, stock: '40' }))), name: 'c.csv', type: 'text/csv' },
      ],
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { ...bearer(editorToken), 'content-type': contentType, accept: 'application/x-ndjson, application/json' },
      payload,
    });
    expect(res.headers['content-type']).toContain('application/json');
    expectRefusal(res, 'stock.adjust');
    expect(await stored(product.id)).toEqual(before);
  });

  it('lets the Manager import prices and stock', async () => {
    const product = await twoSizes();
    const res = await upload(await exportedRows(product.id, (r) => ({ ...r, price: '26000', stock: '11' })), '', manager);
    expect(res.statusCode, res.body).toBe(200);
    const { product: after, variants } = await stored(product.id);
    expect(after.price).toBe(2_600_000);
    expect(variants.map((v) => v.counter)).toEqual([11, 11]);
  });
});
