/** The catalogue spreadsheet: export, and import by SKU with a dry run, all-or-nothing, and skipping bad rows. */
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { insertProduct, readProduct, readVariants } from '../../../test/fixtures.ts';
import { bearer, createAdmin, createTestApp, registerShopper, type TestContext } from '../../../test/helpers.ts';
import { type Client, client, multipart } from '../../../test/clients.ts';
import { productVariants } from '../../db/schema/index.ts';

let ctx: TestContext;
let admin: Client;
let shopper: Client;
let anonymous: Client;
let adminToken: string;
let shopperToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await createAdmin(ctx)).accessToken;
  shopperToken = (await registerShopper(ctx.app)).accessToken;
  admin = client(ctx.app, adminToken);
  shopper = client(ctx.app, shopperToken);
  anonymous = client(ctx.app);
  await admin.json('POST', '/api/categories/create', { name: 'Women' });
  await admin.json('POST', '/api/brands/create', { name: 'Iya Adire Studio' });
});
afterAll(() => ctx.close());

const HEADER =
  'product_id,sku,title,heading,description,category,sub,subsub,brand,price,discount,size_scale,size,color,variant_price,variant_discount,stock,paused';
/**
 * The export's columns for an Owner: the import's, with each variant's barcode after its SKU, its
 * cost price (catalog.cost: variant-cost.test.ts) before its stock and its stock_version after it.
 */
const EXPORT_HEADER = HEADER.replace(',sku,', ',sku,barcode,').replace(',stock,', ',cost,stock,stock_version,');

function upload(csv: string, query = '', client = admin) {
  return client.form('POST', `/api/products/import${query}`, [
    ['file', { file: Buffer.from(csv), name: 'catalogue.csv', type: 'text/csv' }],
  ]);
}

/** The import as the back office asks for it: its progress as JSON lines, then the report. */
async function uploadWatching(csv: string, query = '', token = adminToken) {
  const { payload, contentType } = await multipart([
    ['file', { file: Buffer.from(csv), name: 'catalogue.csv', type: 'text/csv' }],
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/products/import${query}`,
    headers: { ...(token && bearer(token)), 'content-type': contentType, accept: 'application/x-ndjson, application/json' },
    payload,
  });
}

const lines = (body: string) =>
  body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

async function exported() {
  const res = await admin.json('GET', '/api/products.csv');
  expect(res.statusCode).toBe(200);
  return { res, rows: parse(res.body, { bom: true, columns: true }) as Record<string, string>[] };
}

describe('GET /api/products.csv', () => {
  it('lists one row per variant with its product’s columns, guarded against spreadsheet formulas', async () => {
    const product = await insertProduct(ctx.database.db, {
      title: '=HYPERLINK("http://evil.example","Wrap")',
      price: 2_550_050,
      variants: [
        { size: 'small', color: 'Red', counter: 2, sku: 'CSV-S-RED' },
        { size: 'medium', color: 'Red', counter: 0, sku: 'CSV-M-RED', price: 2_700_000 },
      ],
    });
    const { res, rows } = await exported();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="catalogue.csv"');
    expect(res.body.split('\r\n')[0]).toBe(`\uFEFF${EXPORT_HEADER}`);
    const mine = rows.filter((r) => r.product_id === product.id);
    expect(mine).toEqual([
      expect.objectContaining({
        sku: 'CSV-S-RED',
        barcode: '',
        size: 'small',
        color: 'Red',
        stock: '2',
        stock_version: '1',
        price: '25500.50',
        variant_price: '',
      }),
      expect.objectContaining({ sku: 'CSV-M-RED', size: 'medium', stock: '0', variant_price: '27000.00', paused: 'no' }),
    ]);
    expect(mine[0]!.title).toBe(`'=HYPERLINK("http://evil.example","Wrap")`);
  });

  it('is for admins only', async () => {
    expect((await anonymous.json('GET', '/api/products.csv')).statusCode).toBe(401);
    expect((await shopper.json('GET', '/api/products.csv')).statusCode).toBe(403);
  });
});

describe('POST /api/products/import', () => {
  it('creates new products from rows grouped by title, and reports what it did', async () => {
    const csv = [
      HEADER,
      ',IMP-DRESS-S-RED,Imported Dress,Hand-dyed,,Women,,,Iya Adire Studio,25000,,standard,small,Red,,,3,',
      ',IMP-DRESS-M-RED,Imported Dress,,,,,,,,,,medium,Red,,,0,',
      ',IMP-BAG,Imported Bag,,,,,,,12000.50,500,,,Natural,,,7,no',
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 3, updated: 0, unchanged: 0, errors: [], conflicts: [], applied: true, dryRun: false });
    const list = (await admin.json('GET', '/api/products?title=imported&sort=title')).json();
    expect(list).toMatchObject([
      { title: 'Imported Bag', price: 12000.5, discount: 500, counter: 7, colors: ['Natural'], brand: '' },
      {
        title: 'Imported Dress',
        heading: 'Hand-dyed',
        price: 25000,
        counter: 3,
        size: ['small', 'medium'],
        brand: 'Iya Adire Studio',
        Category: { name: 'Women' },
      },
    ]);
  });

  it('updates by SKU, leaves empty cells unchanged, and counts what did not change', async () => {
    const product = await insertProduct(ctx.database.db, {
      title: 'Stock Count Kaftan',
      price: 3_000_000,
      variants: [
        { size: 'medium', color: 'Wine', counter: 1, sku: 'UPD-M-WINE' },
        { size: 'large', color: 'Wine', counter: 1, sku: 'UPD-L-WINE' },
      ],
    });
    const res = await upload(['sku,stock,stock_version', 'UPD-M-WINE,9,1', 'upd-l-wine,1,1'].join('\n'));
    expect(res.json()).toMatchObject({ created: 0, updated: 1, unchanged: 1, errors: [], conflicts: [], applied: true });
    expect((await readVariants(ctx.database.db, product.id)).map((v) => v.counter)).toEqual([9, 1]);
    expect(await readProduct(ctx.database.db, product.id)).toMatchObject({ counter: 10, title: 'Stock Count Kaftan' });
  });

  it('writes nothing when a row is bad, says which rows and why, and imports the good ones when asked to skip', async () => {
    const csv = [
      HEADER,
      ',BAD-OK-1,Half Good Set,,,,,,,18000,,,small,,,,4,',
      ',,Half Good Set,,,,,,,18000,,,medium,,,,4,',
      ',BAD-3,Half Good Set,,,Menswear,,,,18000,,,large,,,,4,',
      ',BAD-4,Half Good Set,,,,,,,18000,,,huge,,,,4,',
      ',BAD-5,Half Good Set,,,,,,,abc,,,extra-large,,,,4,',
      ',BAD-OK-1,Half Good Set,,,,,,,18000,,,large,,,,1,',
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      created: 1,
      updated: 0,
      unchanged: 0,
      applied: false,
      dryRun: false,
      conflicts: [],
      errors: [
        { row: 3, message: 'SKU is required' },
        { row: 4, message: 'Category "Menswear" does not exist' },
        { row: 5, message: '"huge" is not a size of the standard scale' },
        { row: 6, message: 'Price must be an amount in naira, like 25000 or 25000.50' },
        { row: 7, message: 'The SKU "BAD-OK-1" is also on row 2' },
      ],
    });
    expect((await admin.json('GET', '/api/products?title=half%20good')).json()).toEqual([]);
    const skipped = await upload(csv, '?skipInvalid=true');
    expect(skipped.json()).toMatchObject({ created: 1, applied: true });
    expect((await admin.json('GET', '/api/products?title=half%20good')).json()).toMatchObject([{ counter: 4 }]);
  });

  it('reports a dry run exactly and writes nothing', async () => {
    const before = await exported();
    const dry = await upload([HEADER, ',DRY-1,Dry Run Scarf,,,,,,,9000,,,,,,,5,'].join('\n'), '?dryRun=true');
    expect(dry.json()).toEqual({
      created: 1,
      updated: 0,
      unchanged: 0,
      errors: [],
      conflicts: [],
      applied: false,
      dryRun: true,
    });
    expect((await exported()).rows).toEqual(before.rows);
  });

  it('refuses a size and colour twice in one product, and a SKU of another product', async () => {
    const product = await insertProduct(ctx.database.db, {
      variants: [
        { size: 'small', color: 'Red', counter: 1, sku: 'OPT-S-RED' },
        { size: 'medium', color: 'Red', counter: 1, sku: 'OPT-M-RED' },
      ],
    });
    const other = await insertProduct(ctx.database.db, { variants: [{ counter: 1, sku: 'OTHER-ONE' }] });
    const res = await upload(
      [
        'product_id,sku,size,color,stock',
        `${product.id},OPT-NEW,small,red,2`,
        `${product.id},OTHER-ONE,large,Red,2`,
        `${other.id},OPT-M-RED,,,1`,
      ].join('\n'),
    );
    expect(res.json().errors).toEqual([
      { row: 2, message: '"small / red" is already the SKU OPT-S-RED of this product' },
      { row: 3, message: 'The SKU "OTHER-ONE" belongs to another product' },
      { row: 4, message: 'The SKU "OPT-M-RED" belongs to another product' },
    ]);
  });

  it('compares a size and colour as the variants editor does: a stored colour with spaces around it, or a size in capitals, is the option the row names', async () => {
    // As an older back office could leave them: the editor and the import store sizes
    // lower-cased and colours trimmed, and the database's index compares lower(size), lower(color).
    const product = await insertProduct(ctx.database.db, {
      variants: [
        { size: 'small', color: ' Red ', counter: 1, sku: 'KEY-S-RED' },
        { size: 'Medium', color: 'Blue', counter: 1, sku: 'KEY-M-BLUE' },
      ],
    });
    // Gone again after, so the round-trip below exports only what the import itself wrote.
    onTestFinished(async () => {
      expect((await admin.json('DELETE', `/api/products/${product.id}`)).statusCode).toBe(200);
    });
    const colour = await upload(['product_id,sku,size,color,stock', `${product.id},KEY-NEW-1,small,red,2`].join('\n'));
    expect(colour.statusCode, colour.body).toBe(200);
    expect(colour.json()).toMatchObject({
      applied: false,
      created: 0,
      errors: [{ row: 2, message: '"small / red" is already the SKU KEY-S-RED of this product' }],
    });
    const size = await upload(['product_id,sku,size,color,stock', `${product.id},KEY-NEW-2,medium,blue,2`].join('\n'));
    expect(size.statusCode, size.body).toBe(200);
    expect(size.json()).toMatchObject({
      applied: false,
      errors: [{ row: 2, message: '"medium / blue" is already the SKU KEY-M-BLUE of this product' }],
    });
    expect((await readVariants(ctx.database.db, product.id)).map((v) => v.sku)).toEqual(['KEY-S-RED', 'KEY-M-BLUE']);
  });

  it('reports a malformed product_id as a refused row, not a server error', async () => {
    const res = await upload(
      [
        'product_id,sku,stock',
        '------------------------------------,BADID-1,1',
        '0123456789abcdef0123456789abcdef0123,BADID-2,1',
        'not-a-product,BADID-3,1',
      ].join('\n'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      applied: false,
      errors: [
        { row: 2, message: 'product_id is not a product id' },
        { row: 3, message: 'product_id is not a product id' },
        { row: 4, message: 'product_id is not a product id' },
      ],
    });
  });

  it('round-trips: importing an export changes nothing', async () => {
    const { res, rows } = await exported();
    const report = await upload(res.body);
    expect(report.json()).toMatchObject({ created: 0, updated: 0, unchanged: rows.length, errors: [], conflicts: [] });
  });

  it('refuses what is not a catalogue file, and non-admins', async () => {
    expect((await upload('name,price\nx,1')).json().msg).toBe(
      'The file needs a "sku" column (export the catalogue to see the columns)',
    );
    expect((await upload('')).statusCode).toBe(400);
    expect((await upload([HEADER].join('\n'), '', shopper)).statusCode).toBe(403);
    expect((await upload([HEADER].join('\n'), '', anonymous)).statusCode).toBe(401);
    const noFile = await admin.json('POST', '/api/products/import', {});
    expect(noFile.statusCode).toBe(400);
  });
});

describe('POST /api/products/import, watching its progress (Accept: application/x-ndjson)', () => {
  // More rows than a batch writes (1,000), so the progress moves more than once.
  const bigFile = (tag: string) =>
    [
      'sku,title,price,size,color,stock',
      ...Array.from({ length: 2_500 }, (_, i) => {
        const size = ['small', 'medium', 'large', 'extra-large'][i % 4];
        return `WATCH-${tag}-${i},Watched Kaftan ${tag} ${Math.floor(i / 4)},15000,${size},Indigo,${i % 5}`;
      }),
    ].join('\n');

  it('streams increasing progress as the rows are processed, then the same report as the plain answer', async () => {
    const csv = bigFile('A');
    const plain = await upload(csv, '?dryRun=true');
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);

    const watched = await uploadWatching(csv, '?dryRun=true');
    expect(watched.statusCode, watched.body).toBe(200);
    expect(watched.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    const dry = lines(watched.body);
    expect(dry.at(-1)).toEqual({ report: plain.json() });
    const dryProgress = dry.slice(0, -1).map((line) => line.progress);
    expect(dryProgress.length).toBeGreaterThan(3);
    expect(dryProgress[0]).toEqual({ done: 0, total: 2_500 });
    expect(dryProgress.at(-1)).toEqual({ done: 2_500, total: 2_500 });
    for (const [i, p] of dryProgress.entries()) {
      expect(p.total).toBe(2_500);
      if (i > 0) expect(p.done).toBeGreaterThan(dryProgress[i - 1].done);
    }

    const imported = lines((await uploadWatching(csv)).body);
    expect(imported.at(-1)).toEqual({ report: { ...plain.json(), applied: true, dryRun: false } });
    expect(imported.at(-1).report).toMatchObject({ created: 2_500, errors: [] });
    const progress = imported.slice(0, -1).map((line) => line.progress.done);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(new Set(progress).size).toBe(progress.length);
    expect(progress.at(-1)).toBe(2_500);
    // What the plain answer says of the same file now: nothing left to change.
    expect((await upload(csv)).json()).toMatchObject({ created: 0, updated: 0, unchanged: 2_500, applied: true });
  });

  it('ends with the report of refused rows, and answers a file it cannot read, and non-admins, with plain JSON errors', async () => {
    const refused = lines((await uploadWatching('sku,stock\nWATCH-BAD,many')).body);
    expect(refused.at(-1)).toEqual({
      report: {
        created: 0,
        updated: 0,
        unchanged: 0,
        errors: [{ row: 2, message: 'Stock must be a whole number' }],
        conflicts: [],
        applied: false,
        dryRun: false,
      },
    });
    const unreadable = await uploadWatching('name,price\nx,1');
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.headers['content-type']).toMatch(/^application\/json/);
    expect(unreadable.json().msg).toBe('The file needs a "sku" column (export the catalogue to see the columns)');
    expect((await uploadWatching('sku\nX', '', shopperToken)).statusCode).toBe(403);
    const anonymousAnswer = await uploadWatching('sku\nX', '', '');
    expect(anonymousAnswer.statusCode).toBe(401);
    expect(anonymousAnswer.json().msg).toEqual(expect.any(String));
  });
});

describe('POST /api/products/import: stock checked against the stock_version it was exported at', () => {
  /** An order for one unit, through the checkout, by a shopper of its own (a shopper holds at most 3 unpaid orders). */
  async function buyOne(productId: string, variantId: string) {
    const buyer = await registerShopper(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: bearer(buyer.accessToken),
      payload: { lines: [{ productId, variantId, quantity: 1 }] },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  const rowsOf = async (productId: string) => (await exported()).rows.filter((r) => r.product_id === productId);
  const stockOf = async (productId: string) =>
    (await readVariants(ctx.database.db, productId)).map((v) => `${v.sku}:${v.counter}:${v.price}`);

  it('exports each variant’s stock_version, which every change of its stock moves on, and nothing else', async () => {
    const product = await insertProduct(ctx.database.db, {
      title: 'Versioned Boubou',
      variants: [
        { size: 'small', counter: 3, sku: 'VER-S' },
        { size: 'medium', counter: 3, sku: 'VER-M' },
      ],
    });
    const versions = async () => Object.fromEntries((await rowsOf(product.id)).map((r) => [r.sku, r.stock_version]));
    expect(await versions()).toEqual({ 'VER-S': '1', 'VER-M': '1' });
    const [small] = await readVariants(ctx.database.db, product.id);
    await buyOne(product.id, small!.id);
    // A product column and a variant's own price are not its stock.
    const priced = await upload(['sku,title,variant_price', 'VER-M,Versioned Boubou Dress,31000'].join('\n'));
    expect(priced.json()).toMatchObject({ updated: 1, errors: [], conflicts: [] });
    expect(await versions()).toEqual({ 'VER-S': '2', 'VER-M': '1' });
  });

  it('re-importing a morning export after an order took a unit: its other columns apply, the sold unit is not put back, and its stock is a conflict, in the dry run and the import', async () => {
    const product = await insertProduct(ctx.database.db, {
      title: 'Morning Export Kaftan',
      variants: [
        { size: 'small', counter: 3, sku: 'AM-S' },
        { size: 'medium', counter: 5, sku: 'AM-M' },
      ],
    });
    const morning = await rowsOf(product.id);
    expect(morning.map((r) => [r.sku, r.stock, r.stock_version])).toEqual([
      ['AM-S', '3', '1'],
      ['AM-M', '5', '1'],
    ]);
    // In the afternoon a shopper buys a small one...
    const [small] = await readVariants(ctx.database.db, product.id);
    await buyOne(product.id, small!.id);
    // ...and the admin imports the morning's file, edited: a price of its own for small, 7 mediums counted.
    const edited = morning.map((r) =>
      [r.sku, r.sku === 'AM-S' ? '26000' : '', r.sku === 'AM-M' ? '7' : r.stock, r.stock_version].join(','),
    );
    const file = ['sku,variant_price,stock,stock_version', ...edited].join('\n');
    const conflicts = [
      {
        row: 2,
        sku: 'AM-S',
        message:
          'The stock changed after this file was exported (it is now 2): 3 was not applied. Export again, or put the count in set_stock',
      },
    ];

    const dry = await upload(file, '?dryRun=true');
    expect(dry.json()).toEqual({ created: 0, updated: 2, unchanged: 0, errors: [], conflicts, applied: false, dryRun: true });
    expect(await stockOf(product.id)).toEqual(['AM-S:2:null', 'AM-M:5:null']);

    const imported = await upload(file);
    expect(imported.json()).toEqual({
      created: 0,
      updated: 2,
      unchanged: 0,
      errors: [],
      conflicts,
      applied: true,
      dryRun: false,
    });
    expect(await stockOf(product.id)).toEqual(['AM-S:2:2600000', 'AM-M:7:null']);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(9);

    // The same file once more: nothing left to change, and the small one's stock is still not the file's.
    const again = await upload(file);
    expect(again.json()).toEqual({ created: 0, updated: 0, unchanged: 2, errors: [], conflicts, applied: true, dryRun: false });
    expect(await stockOf(product.id)).toEqual(['AM-S:2:2600000', 'AM-M:7:null']);
  });

  it('takes set_stock whatever the version, a new variant’s stock as given, and refuses the stock of a known variant without a stock_version', async () => {
    const product = await insertProduct(ctx.database.db, {
      title: 'Counted Gele',
      variants: [
        { color: 'Gold', counter: 4, sku: 'CNT-GOLD' },
        { color: 'Silver', counter: 4, sku: 'CNT-SILVER' },
        { color: 'Blue', counter: 4, sku: 'CNT-BLUE' },
      ],
    });
    const res = await upload(
      [
        'product_id,sku,color,stock,stock_version,set_stock',
        `${product.id},CNT-GOLD,Gold,9,,`,
        // The stock the shop has already: nothing to refuse.
        `${product.id},CNT-SILVER,Silver,4,,`,
        `${product.id},CNT-BLUE,Blue,1,99,6`,
        `${product.id},CNT-GREEN,Green,2,,`,
        `${product.id},CNT-RED,Red,2,,5`,
      ].join('\n'),
    );
    expect(res.json()).toEqual({
      created: 2,
      updated: 1,
      unchanged: 2,
      errors: [],
      conflicts: [
        {
          row: 2,
          sku: 'CNT-GOLD',
          message: 'No stock_version: 9 was not applied (the stock is 4). Export again, or put the count in set_stock',
        },
      ],
      applied: true,
      dryRun: false,
    });
    expect(await stockOf(product.id)).toEqual([
      'CNT-GOLD:4:null',
      'CNT-SILVER:4:null',
      'CNT-BLUE:6:null',
      'CNT-GREEN:2:null',
      'CNT-RED:5:null',
    ]);

    const bad = await upload(['sku,stock_version,set_stock', 'CNT-GOLD,first,', 'CNT-SILVER,,-1'].join('\n'));
    expect(bad.json()).toMatchObject({
      applied: false,
      errors: [
        { row: 2, message: 'stock_version must be the whole number the export gave' },
        { row: 3, message: 'set_stock must be a whole number of 0 or more' },
      ],
    });
  });
});

describe('The barcode column (issue 29)', () => {
  const setBarcode = (sku: string, barcode: string | null) =>
    ctx.database.db.update(productVariants).set({ barcode }).where(eq(productVariants.sku, sku));
  const barcodesOf = async (productId: string) =>
    (await readVariants(ctx.database.db, productId)).map((v) => `${v.sku}:${v.barcode}`);

  it('exports each variant’s barcode, empty for none (the SKU’s Code 128), and imports the export unchanged', async () => {
    const product = await insertProduct(ctx.database.db, {
      title: 'Barcoded Agbada',
      variants: [
        { size: 'small', counter: 1, sku: 'BAR-S' },
        { size: 'medium', counter: 1, sku: 'BAR-M' },
      ],
    });
    await setBarcode('BAR-S', '4006381333931');
    const { res, rows } = await exported();
    expect(rows.filter((r) => r.product_id === product.id).map((r) => [r.sku, r.barcode])).toEqual([
      ['BAR-S', '4006381333931'],
      ['BAR-M', ''],
    ]);
    expect((await upload(res.body)).json()).toMatchObject({ updated: 0, errors: [], conflicts: [], applied: true });
    expect(await barcodesOf(product.id)).toEqual(['BAR-S:4006381333931', 'BAR-M:null']);
  });

  it('sets, changes and clears barcodes (a new variant’s too), and a file without the column leaves them as they are', async () => {
    const product = await insertProduct(ctx.database.db, {
      title: 'Barcode Set Kaftan',
      variants: [
        { size: 'small', counter: 1, sku: 'BARSET-S' },
        { size: 'medium', counter: 1, sku: 'BARSET-M' },
        { size: 'large', counter: 1, sku: 'BARSET-L' },
      ],
    });
    await setBarcode('BARSET-S', 'OLD-CODE');
    await setBarcode('BARSET-L', 'KEEP-1');
    const res = await upload(['sku,barcode', 'BARSET-S,', 'BARSET-M,036000291452', 'barset-l,KEEP-1'].join('\n'));
    expect(res.json()).toMatchObject({ updated: 2, unchanged: 1, errors: [], applied: true });
    expect(await barcodesOf(product.id)).toEqual(['BARSET-S:null', 'BARSET-M:036000291452', 'BARSET-L:KEEP-1']);

    const renamed = await upload(['sku,title', 'BARSET-M,Barcode Set Kaftan II'].join('\n'));
    expect(renamed.json()).toMatchObject({ updated: 1, errors: [], applied: true });
    expect(await barcodesOf(product.id)).toEqual(['BARSET-S:null', 'BARSET-M:036000291452', 'BARSET-L:KEEP-1']);

    const created = await upload(['sku,title,price,barcode', 'BARSET-NEW,Barcoded Scarf,5000,5901234123457'].join('\n'));
    expect(created.json()).toMatchObject({ created: 1, errors: [], applied: true });
    const [scarf] = await ctx.database.db.select().from(productVariants).where(eq(productVariants.sku, 'BARSET-NEW'));
    expect(scarf?.barcode).toBe('5901234123457');
  });

  it('refuses, on its row, a wrong check digit and a barcode twice in the file or held by another variant (any case), and then imports nothing', async () => {
    await insertProduct(ctx.database.db, { title: 'Shelf Holder', variants: [{ counter: 1, sku: 'HOLDER-1' }] });
    await setBarcode('HOLDER-1', 'SHELF-77');
    const product = await insertProduct(ctx.database.db, {
      title: 'Duplicate Barcode Set',
      variants: ['small', 'medium', 'large', 'extra-large'].map((size, i) => ({ size, counter: 1, sku: `BARDUP-${i}` })),
    });
    const csv = ['sku,barcode', 'BARDUP-0,4006381333932', 'BARDUP-1,ABC-1', 'BARDUP-2,abc-1', 'BARDUP-3,shelf-77'].join('\n');
    const res = await upload(csv);
    expect(res.json()).toMatchObject({
      applied: false,
      errors: [
        { row: 2, message: '4006381333932 is not a valid EAN-13: its check digit should be 1' },
        { row: 4, message: 'The barcode "abc-1" is also on row 3' },
        { row: 5, message: 'The barcode "shelf-77" is already used by the variant HOLDER-1' },
      ],
    });
    expect(await barcodesOf(product.id)).toEqual(['BARDUP-0:null', 'BARDUP-1:null', 'BARDUP-2:null', 'BARDUP-3:null']);
    expect((await upload(csv, '?skipInvalid=true')).json()).toMatchObject({ updated: 1, applied: true });
    expect(await barcodesOf(product.id)).toEqual(['BARDUP-0:null', 'BARDUP-1:ABC-1', 'BARDUP-2:null', 'BARDUP-3:null']);
  });

  it('takes a UPC-A and its EAN-13 (a leading 0) for one barcode, in the file and against the catalogue', async () => {
    await insertProduct(ctx.database.db, { title: 'UPC Holder', variants: [{ counter: 1, sku: 'UPC-HOLDER' }] });
    await setBarcode('UPC-HOLDER', '042100005264');
    const product = await insertProduct(ctx.database.db, {
      title: 'UPC Spellings Set',
      variants: [
        { size: 'small', counter: 1, sku: 'UPC-A' },
        { size: 'medium', counter: 1, sku: 'UPC-B' },
        { size: 'large', counter: 1, sku: 'UPC-C' },
      ],
    });
    const res = await upload(['sku,barcode', 'UPC-A,0042100005264', 'UPC-B,073456789010', 'UPC-C,0073456789010'].join('\n'));
    expect(res.json()).toMatchObject({
      applied: false,
      errors: [
        { row: 2, message: 'The barcode "0042100005264" is already used by the variant UPC-HOLDER' },
        { row: 4, message: 'The barcode "0073456789010" is also on row 3' },
      ],
    });
    expect(await barcodesOf(product.id)).toEqual(['UPC-A:null', 'UPC-B:null', 'UPC-C:null']);
  });

  it('lets a row take the barcode an earlier row gave up, and refuses taking it before it is given up', async () => {
    const product = await insertProduct(ctx.database.db, {
      title: 'Moving Barcode Wrap',
      variants: [
        { size: 'small', counter: 1, sku: 'MOVE-A' },
        { size: 'medium', counter: 1, sku: 'MOVE-B' },
      ],
    });
    await setBarcode('MOVE-A', 'MOVE-CODE');
    const early = await upload(['sku,barcode', 'MOVE-B,MOVE-CODE', 'MOVE-A,'].join('\n'));
    expect(early.json()).toMatchObject({
      applied: false,
      errors: [{ row: 2, message: 'The barcode "MOVE-CODE" is already used by the variant MOVE-A' }],
    });
    const moved = await upload(['sku,barcode', 'MOVE-A,', 'MOVE-B,MOVE-CODE'].join('\n'));
    expect(moved.json()).toMatchObject({ updated: 2, errors: [], applied: true });
    expect(await barcodesOf(product.id)).toEqual(['MOVE-A:null', 'MOVE-B:MOVE-CODE']);
  });
});

describe('POST /api/products/import: stock below zero after offline till sales (issue 29)', () => {
  const setStock = (sku: string, counter: number) =>
    ctx.database.db.update(productVariants).set({ counter }).where(eq(productVariants.sku, sku));
  const stockOf = async (sku: string) =>
    (await ctx.database.db.select().from(productVariants).where(eq(productVariants.sku, sku)))[0]?.counter;

  it('takes back an exported stock below zero unchanged, and as a conflict once more was sold', async () => {
    const product = await insertProduct(ctx.database.db, { title: 'Oversold Buba', variants: [{ counter: 2, sku: 'NEG-S' }] });
    await setStock('NEG-S', -3);
    const lines = (await exported()).res.body.replace('\uFEFF', '').split('\r\n');
    const file = [lines[0], ...lines.filter((l) => l.startsWith(product.id))].join('\n');
    expect(parse(file, { columns: true })).toMatchObject([{ sku: 'NEG-S', stock: '-3' }]);
    expect((await upload(file)).json()).toMatchObject({ updated: 0, unchanged: 1, errors: [], conflicts: [], applied: true });

    await setStock('NEG-S', -5);
    expect((await upload(file)).json()).toMatchObject({
      errors: [],
      conflicts: [{ row: 2, sku: 'NEG-S', message: expect.stringContaining('(it is now -5): -3 was not applied') }],
      applied: true,
    });
    expect(await stockOf('NEG-S')).toBe(-5);
  });

  it('refuses a stock below zero typed in: for a new variant, or one a known variant’s version would take', async () => {
    await insertProduct(ctx.database.db, { title: 'Counted Buba', variants: [{ counter: 1, sku: 'NEG-K' }] });
    const res = await upload(
      ['sku,title,price,stock,stock_version', 'NEG-NEW,Negative Scarf,5000,-1,', 'NEG-K,,,-2,1'].join('\n'),
    );
    const refused = 'Stock cannot be negative: only offline till sales take a variant below zero';
    expect(res.json()).toMatchObject({
      applied: false,
      errors: [
        { row: 2, message: refused },
        { row: 3, message: refused },
      ],
    });
    expect(await stockOf('NEG-K')).toBe(1);
    expect(await stockOf('NEG-NEW')).toBeUndefined();
  });
});

describe('POST /api/products/import: at most 50,000 rows', () => {
  const rows = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `CAP-${tag}-${i},x`);

  it('refuses a longer file with 400, reading no further than the cap (a malformed row after it is never reported)', async () => {
    const res = await upload(['sku,stock', ...rows(50_001, 'A'), 'CAP-"BROKEN,1', 'CAP-A-LAST,1'].join('\n'));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('A file can have at most 50000 rows');
  });

  it('reads a file of exactly 50,000 rows', async () => {
    const res = await upload(['sku,stock', ...rows(50_000, 'B')].join('\n'), '?dryRun=true');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.json().errors).toHaveLength(50_000);
  });
});
