/** Barcodes on variants and stock below zero in the editor (issue 29), through PUT /api/products/{id}/variants. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants } from '../../db/schema/index.ts';
import { insertProduct, readVariants } from '../../../test/fixtures.ts';
import { bearer, createStaff, createTestApp, type TestContext } from '../../../test/helpers.ts';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp();
  token = (await createStaff(ctx, 'owner')).accessToken;
});
afterAll(() => ctx.close());

const put = (productId: string, variants: object[]) =>
  ctx.app.inject({ method: 'PUT', url: `/api/products/${productId}/variants`, headers: bearer(token), payload: { variants } });
const one = async (productId: string) => (await readVariants(ctx.database.db, productId))[0]!;

describe('variant barcodes', () => {
  it('saves an EAN-13, a UPC-A or any text, answers it, and keeps it when a client leaves it out', async () => {
    const product = await insertProduct(ctx.database.db, { counter: 3 });
    const v = await one(product.id);
    for (const barcode of ['4006381333931', '036000291452', 'ADIRE-WRAP-01']) {
      const res = await put(product.id, [{ id: v.id, sku: v.sku, counter: 3, barcode }]);
      expect(res.statusCode, res.body).toBe(200);
      expect((await one(product.id)).barcode).toBe(barcode);
    }
    expect((await put(product.id, [{ id: v.id, sku: v.sku, counter: 3 }])).statusCode).toBe(200);
    expect((await one(product.id)).barcode).toBe('ADIRE-WRAP-01');
    const view = await ctx.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(JSON.stringify(view.json())).toContain('"barcode":"ADIRE-WRAP-01"');
    expect((await put(product.id, [{ id: v.id, sku: v.sku, counter: 3, barcode: null }])).statusCode).toBe(200);
    expect((await one(product.id)).barcode).toBeNull();
  });

  it('refuses a wrong check digit (400 naming the right one) and a barcode another variant has, any case (409)', async () => {
    const first = await insertProduct(ctx.database.db, { counter: 1 });
    const second = await insertProduct(ctx.database.db, { counter: 1 });
    const a = await one(first.id);
    const b = await one(second.id);
    const wrong = await put(first.id, [{ id: a.id, sku: a.sku, counter: 1, barcode: '4006381333932' }]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('4006381333932 is not a valid EAN-13: its check digit should be 1');
    expect((await put(first.id, [{ id: a.id, sku: a.sku, counter: 1, barcode: 'Shelf-77' }])).statusCode).toBe(200);
    const taken = await put(second.id, [{ id: b.id, sku: b.sku, counter: 1, barcode: 'SHELF-77' }]);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('The barcode "SHELF-77" is already used by another variant');
    expect((await one(second.id)).barcode).toBeNull();
  });

  it('takes a UPC-A and its EAN-13 (a leading 0) for one barcode: kept as typed, the other spelling refused 409', async () => {
    const first = await insertProduct(ctx.database.db, { counter: 1 });
    const second = await insertProduct(ctx.database.db, { counter: 1 });
    const a = await one(first.id);
    const b = await one(second.id);
    expect((await put(first.id, [{ id: a.id, sku: a.sku, counter: 1, barcode: '036000291452' }])).statusCode).toBe(200);
    expect((await one(first.id)).barcode).toBe('036000291452');
    const ean = await put(second.id, [{ id: b.id, sku: b.sku, counter: 1, barcode: '0036000291452' }]);
    expect(ean.statusCode).toBe(409);
    expect(ean.json().msg).toBe('The barcode "0036000291452" is already used by another variant');
    expect((await one(second.id)).barcode).toBeNull();

    // The other way round, and both spellings in one save.
    expect((await put(second.id, [{ id: b.id, sku: b.sku, counter: 1, barcode: '0012345678905' }])).statusCode).toBe(200);
    const upc = await put(first.id, [{ id: a.id, sku: a.sku, counter: 1, barcode: '012345678905' }]);
    expect(upc.statusCode).toBe(409);
    expect((await one(first.id)).barcode).toBe('036000291452');
    const twice = await put(first.id, [
      { id: a.id, sku: a.sku, color: 'Red', counter: 1, barcode: '036000291452' },
      { sku: `${a.sku}-B`, color: 'Blue', counter: 0, barcode: '0036000291452' },
    ]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe('The barcode "0036000291452" is used twice');
  });

  it('accepts a stock below zero sent back as it was loaded, and refuses setting one', async () => {
    const product = await insertProduct(ctx.database.db, { counter: 2 });
    const v = await one(product.id);
    const refused = await put(product.id, [{ id: v.id, sku: v.sku, counter: -1 }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(`Stock cannot be negative (${v.sku})`);
    // Offline till sales took it below zero; the editor saves back what it loaded.
    await ctx.database.db.update(productVariants).set({ counter: -2 }).where(eq(productVariants.id, v.id));
    const saved = await put(product.id, [{ id: v.id, sku: v.sku, counter: -2, barcode: '5901234123457' }]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await one(product.id)).toMatchObject({ counter: -2, barcode: '5901234123457' });
    expect((await put(product.id, [{ id: v.id, sku: v.sku, counter: -3 }])).statusCode).toBe(400);
    expect((await put(product.id, [{ id: v.id, sku: v.sku, counter: 4 }])).statusCode).toBe(200);
  });
});
