import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, orders } from '../db/schema/index.ts';
import { insertProduct, readProduct, readVariants } from '../../test/fixtures.ts';
import { bearer, createAdmin, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
let admin: InjectOptions['headers'];
let shopper: InjectOptions['headers'];
beforeAll(async () => {
  ctx = await createTestApp();
  admin = bearer((await createAdmin(ctx)).accessToken);
  shopper = bearer((await registerShopper(ctx.app)).accessToken);
});
afterAll(() => ctx.close());

const sell = (payload: Record<string, unknown>, headers: InjectOptions['headers'] = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/pos/orders', headers, payload });
const customersByEmail = (email: string) => ctx.database.db.select().from(customers).where(eq(customers.email, email));

describe('point-of-sale sales', () => {
  it('records a paid pos sale for a new customer, takes the stock and answers with receipt data', async () => {
    const wrap = await insertProduct(ctx.database.db, { title: 'Silk Head Wrap', price: 600_000, discount: 100_000, counter: 5 });
    const bag = await insertProduct(ctx.database.db, { title: 'Raffia Bag', price: 1_000_000, counter: 2 });
    const res = await sell({
      customer: { firstName: 'Kemi', lastName: 'Adeyemi', email: 'Kemi@Example.com', phone: '+234 803 000 1111' },
      lines: [
        { productId: wrap.id, quantity: 3 },
        { productId: bag.id, quantity: 1 },
      ],
      paymentMethod: 'transfer',
    });
    expect(res.statusCode).toBe(201);
    const receipt = res.json();
    expect(receipt).toMatchObject({
      order: {
        status: 'paid',
        channel: 'pos',
        email: 'kemi@example.com',
        name: 'Kemi Adeyemi',
        paymentProvider: 'pos',
        paymentMethod: 'transfer',
        subtotal: 28_000,
        discount: 3_000,
        total: 25_000,
        paidAt: expect.any(String),
        lines: [
          { title: 'Silk Head Wrap', quantity: 3, unitPrice: 6_000, unitDiscount: 1_000, lineTotal: 15_000 },
          { title: 'Raffia Bag', quantity: 1, lineTotal: 10_000 },
        ],
      },
      customer: { id: expect.any(String), firstName: 'Kemi', lastName: 'Adeyemi', email: 'kemi@example.com' },
      storeName: 'Adire',
      issuedAt: expect.any(String),
    });
    expect(receipt.order.number).toMatch(/^NG-\d{6}$/);
    expect((await readProduct(ctx.database.db, wrap.id)).counter).toBe(2);
    expect((await readProduct(ctx.database.db, bag.id)).counter).toBe(1);

    const [stored] = await customersByEmail('kemi@example.com');
    expect(stored).toMatchObject({ id: receipt.customer.id, phone: '+234 803 000 1111' });
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, receipt.order.id));
    expect(order).toMatchObject({ customerId: stored!.id, userId: null });
  });

  it('finds an existing customer by email (any case) or by id, creating no duplicate', async () => {
    const product = await insertProduct(ctx.database.db, { counter: 10 });
    const first = await sell({
      customer: { firstName: 'Tunde', lastName: 'Bakare', email: 'tunde@example.com' },
      lines: [{ productId: product.id, quantity: 1 }],
      paymentMethod: 'cash',
    });
    const customerId = first.json().customer.id;
    const again = await sell({
      customer: { firstName: 'T.', lastName: 'B.', email: 'TUNDE@example.com' },
      lines: [{ productId: product.id, quantity: 1 }],
      paymentMethod: 'card',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().customer).toEqual({ id: customerId, firstName: 'Tunde', lastName: 'Bakare', email: 'tunde@example.com' });
    const byId = await sell({ customerId, lines: [{ productId: product.id, quantity: 2 }], paymentMethod: 'cash' });
    expect(byId.statusCode).toBe(201);
    expect(byId.json().order).toMatchObject({ name: 'Tunde Bakare', email: 'tunde@example.com' });
    expect(await customersByEmail('tunde@example.com')).toHaveLength(1);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(6);

    const unknown = await sell({
      customerId: '00000000-0000-4000-8000-000000000000',
      lines: [{ productId: product.id, quantity: 1 }],
      paymentMethod: 'cash',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses an empty cart with the point of sale message', async () => {
    for (const lines of [[], undefined]) {
      const res = await sell({
        customer: { firstName: 'A', lastName: 'B', email: 'ab@example.com' },
        lines,
        paymentMethod: 'cash',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('Please add items to the cart before purchasing');
    }
    expect(await customersByEmail('ab@example.com')).toHaveLength(0);
  });

  it('refuses more than is in stock with 409, taking nothing and recording no customer', async () => {
    const plenty = await insertProduct(ctx.database.db, { counter: 10 });
    const scarce = await insertProduct(ctx.database.db, { title: 'Carved Stool', counter: 1 });
    const res = await sell({
      customer: { firstName: 'Ife', lastName: 'Ola', email: 'ife@example.com' },
      lines: [
        { productId: plenty.id, quantity: 2 },
        { productId: scarce.id, quantity: 2 },
      ],
      paymentMethod: 'cash',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('Only 1 left in stock for Carved Stool');
    expect((await readProduct(ctx.database.db, plenty.id)).counter).toBe(10);
    expect((await readProduct(ctx.database.db, scarce.id)).counter).toBe(1);
    expect(await customersByEmail('ife@example.com')).toHaveLength(0);
  });

  it('sells to a walk-in shopper: no customer needed, none recorded, the order and its purchase say "Walk-in customer"', async () => {
    const product = await insertProduct(ctx.database.db, { title: 'Beaded Clutch', price: 1_200_000, counter: 3 });
    const customersBefore = (await ctx.database.db.select().from(customers)).length;
    const res = await sell({ lines: [{ productId: product.id, quantity: 2 }], paymentMethod: 'cash' });
    expect(res.statusCode).toBe(201);
    const receipt = res.json();
    expect(receipt).toMatchObject({
      customer: null,
      order: { status: 'paid', channel: 'pos', name: 'Walk-in customer', email: '', total: 24_000, paymentMethod: 'cash' },
    });
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(1);
    expect(await ctx.database.db.select().from(customers)).toHaveLength(customersBefore);
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, receipt.order.id));
    expect(order).toMatchObject({ customerId: null, userId: null });
    const purchase = await ctx.app.inject({ method: 'GET', url: `/api/purchases/${receipt.order.id}`, headers: admin });
    expect(purchase.json()).toMatchObject({ customerName: 'Walk-in customer', channel: 'pos', totalPrice: '24000.00' });
  });

  it('sells the variant a line names (variantId), and takes its stock only', async () => {
    const product = await insertProduct(ctx.database.db, {
      title: 'Adire Wrap Skirt',
      price: 1_800_000,
      variants: [
        { size: 'small', color: 'Indigo', counter: 3 },
        { size: 'medium', color: 'Indigo', counter: 3 },
        { size: 'large', color: 'Indigo', counter: 3 },
      ],
    });
    const medium = (await readVariants(ctx.database.db, product.id))[1]!;
    const res = await sell({ lines: [{ productId: product.id, variantId: medium.id, quantity: 2 }], paymentMethod: 'card' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.lines).toMatchObject([
      { variantId: medium.id, sku: medium.sku, size: 'medium', color: 'Indigo', quantity: 2, lineTotal: 36_000 },
    ]);
    expect((await readVariants(ctx.database.db, product.id)).map((v) => [v.size, v.counter])).toEqual([
      ['small', 3],
      ['medium', 1],
      ['large', 3],
    ]);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(7);
  });

  it('asks for a size when a line names no variant of a product that has several, selling nothing', async () => {
    const product = await insertProduct(ctx.database.db, {
      title: 'Kampala Shirt',
      variants: [
        { size: 'medium', color: 'Green', counter: 4 },
        { size: 'large', color: 'Green', counter: 4 },
      ],
    });
    const customersBefore = (await ctx.database.db.select().from(customers)).length;
    const res = await sell({
      customer: { firstName: 'Ada', lastName: 'Obi', email: 'ada.size@example.com' },
      lines: [{ productId: product.id, quantity: 1 }],
      paymentMethod: 'cash',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: 'Choose a size' });
    expect((await readVariants(ctx.database.db, product.id)).map((v) => v.counter)).toEqual([4, 4]);
    expect(await ctx.database.db.select().from(customers)).toHaveLength(customersBefore);
  });

  it.each([
    [
      'both a customer id and new customer details',
      {
        customerId: '00000000-0000-4000-8000-000000000000',
        customer: { firstName: 'A', lastName: 'B', email: 'ab@example.com' },
        lines: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
        paymentMethod: 'cash',
      },
    ],
    [
      'an unknown payment method',
      {
        customerId: '00000000-0000-4000-8000-000000000000',
        lines: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
        paymentMethod: 'cheque',
      },
    ],
    [
      'a customer without a valid email',
      {
        customer: { firstName: 'A', lastName: 'B', email: 'nope' },
        lines: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
        paymentMethod: 'cash',
      },
    ],
  ])('refuses %s with 400', async (_label, payload) => {
    expect((await sell(payload)).statusCode).toBe(400);
  });

  it('refuses an unknown product or a bad quantity with "Invalid product or quantity"', async () => {
    const product = await insertProduct(ctx.database.db);
    for (const line of [
      { productId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
      { productId: product.id, quantity: 0 },
    ]) {
      const res = await sell({
        customer: { firstName: 'A', lastName: 'B', email: 'cd@example.com' },
        lines: [line],
        paymentMethod: 'cash',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('Invalid product or quantity');
    }
  });

  it('answers 401 without a token and 403 for a shopper, before looking at the body', async () => {
    const payload = { customerId: '00000000-0000-4000-8000-000000000000', lines: [], paymentMethod: 'cash' };
    expect((await sell(payload, {})).statusCode).toBe(401);
    expect((await sell(payload, shopper)).statusCode).toBe(403);
  });
});
