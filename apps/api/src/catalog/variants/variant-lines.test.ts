/**
 * Which variant an old client's purchase buys (POST /api/purchases/create), for a product
 * sold in several sizes: the direct form must name one (by `variantId`, or size and colour),
 * while the cart forms, which never could, take a variant that has the stock
 * (docs/decisions/0008-variants.md).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertProduct, readVariants } from '../../../test/fixtures.ts';
import { bearer, createTestApp, registerShopper, type TestContext } from '../../../test/helpers.ts';

let ctx: TestContext;
let shopper: Awaited<ReturnType<typeof registerShopper>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
// A shopper of their own per test: every online order counts against the cap of 3 unpaid ones.
beforeEach(async () => {
  shopper = await registerShopper(ctx.app);
});
afterAll(() => ctx.close());

const create = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/purchases/create', headers: bearer(shopper.accessToken), payload });

/** A product in three sizes of one colour, with this stock each. */
const threeSizes = (title: string, [small, medium, large]: [number, number, number]) =>
  insertProduct(ctx.database.db, {
    title,
    price: 2_000_000,
    variants: [
      { size: 'small', color: 'Indigo', counter: small },
      { size: 'medium', color: 'Indigo', counter: medium },
      { size: 'large', color: 'Indigo', counter: large },
    ],
  });

const stock = async (productId: string) => (await readVariants(ctx.database.db, productId)).map((v) => `${v.size}:${v.counter}`);

describe('the direct form, for a product in several sizes', () => {
  it('asks for a size when the purchase names none (nor only the list of sizes), and takes nothing', async () => {
    const product = await threeSizes('Direct Form Boubou', [2, 2, 2]);
    for (const payload of [
      { productId: product.id, quantity: 1 },
      { productId: product.id, quantity: 1, color: 'Indigo' },
      // The original client sends the product's own size list when the shopper chose none.
      { productId: product.id, quantity: 1, size: ['small', 'medium', 'large'] },
    ]) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ msg: 'Choose a size' });
    }
    expect(await stock(product.id)).toEqual(['small:2', 'medium:2', 'large:2']);
  });

  it('buys the variant named by variantId, and only it', async () => {
    const product = await threeSizes('Direct Form Kaftan', [2, 2, 2]);
    const large = (await readVariants(ctx.database.db, product.id))[2]!;
    const res = await create({ productId: product.id, variantId: large.id, quantity: 2, price: 1, totalPrice: '2.00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ size: 'large', color: 'Indigo', quantity: 2, totalPrice: '40000.00', status: 'pending' });
    expect(await stock(product.id)).toEqual(['small:2', 'medium:2', 'large:0']);
  });
});

describe('the cart forms, which name products only', () => {
  it('take a cart list line from a size that has the stock', async () => {
    // Small is sold out and medium has too few: the large is sold.
    const product = await threeSizes('Cart List Agbada', [0, 1, 5]);
    const res = await create({ cart: [{ product: { id: product.id, title: product.title }, quantity: 2 }], totalPrice: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Cart List Agbada', quantity: 2, totalPrice: '40000.00', status: 'pending' });
    expect(await stock(product.id)).toEqual(['small:0', 'medium:1', 'large:3']);
  });

  it('take a cart line named by title from a size that has the stock', async () => {
    const product = await threeSizes('Cart Title Iro', [0, 0, 2]);
    const res = await create({ cart: [{ product: { title: 'cart title iro' }, quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stock(product.id)).toEqual(['small:0', 'medium:0', 'large:1']);
  });

  it('take one unit of each title joined with ", " from a size that has the stock', async () => {
    const dress = await threeSizes('Joined Title Dress', [0, 3, 3]);
    const scarf = await insertProduct(ctx.database.db, { title: 'Joined Title Scarf', price: 500_000, counter: 4 });
    const res = await create({ title: 'Joined Title Dress, Joined Title Scarf', quantity: 2, totalPrice: '2.00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Joined Title Dress, Joined Title Scarf', totalPrice: '25000.00' });
    expect(await stock(dress.id)).toEqual(['small:0', 'medium:2', 'large:3']);
    expect((await readVariants(ctx.database.db, scarf.id)).map((v) => v.counter)).toEqual([3]);
  });
});
