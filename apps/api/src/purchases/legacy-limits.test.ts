/**
 * The old clients' POST /api/purchases/create under the rules every online order follows: the
 * one cap on unpaid orders, delivery priced as checkout prices it, and no order at all when
 * nothing can pay for it (holes a review found: issue 26, items 1 and 3).
 */
import { CHOOSE_STATE, MESSAGES_ORDER, OUTSIDE_NIGERIA } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema/index.ts';
import { PAYMENTS_UNAVAILABLE } from '../payments/index.ts';
import { insertProduct, readProduct } from '../../test/fixtures.ts';
import { createAdmin, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { type Client, client } from '../../test/clients.ts';

let ctx: TestContext;
let admin: Client;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = client(ctx.app, (await createAdmin(ctx)).accessToken);
  const zone = {
    name: 'Lagos Mainland',
    states: ['Lagos Mainland'],
    methods: [
      { name: 'Pickup at the shop', kind: 'pickup', fee: 0, etaDays: 1, pickupAddress: '24 Herbert Macaulay Way' },
      { name: 'Express', kind: 'flat', fee: 5000, etaDays: 1 },
      { name: 'Standard delivery', kind: 'flat', fee: 2500, etaDays: 2 },
    ],
  };
  expect((await admin.json('POST', '/api/delivery/zones', zone)).statusCode).toBe(201);
});
afterAll(() => ctx.close());

async function shopper(overrides: Record<string, unknown> = {}) {
  const registered = await registerShopper(ctx.app, overrides);
  return { ...client(ctx.app, registered.accessToken), id: registered.user.id as string, email: registered.email };
}
const create = (who: Client, body: object) => who.json('POST', '/api/purchases/create', body);
const ordersOf = (userId: string) => ctx.database.db.select().from(orders).where(eq(orders.userId, userId));

describe('one cap for every online order', () => {
  it('refuses an old cart of four lines sent one call per line at its fourth line, which creates nothing', async () => {
    const buyer = await shopper();
    const lines = await Promise.all(
      ['Adire Throw', 'Raffia Basket', 'Coral Earrings', 'Brass Bowl'].map((title) =>
        insertProduct(ctx.database.db, { title, price: 500_000, counter: 5 }),
      ),
    );
    for (const product of lines.slice(0, 3)) {
      expect((await create(buyer, { title: product.title, quantity: 1 })).statusCode).toBe(200);
    }
    const fourth = await create(buyer, { title: lines[3]!.title, quantity: 1 });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().msg).toBe(MESSAGES_ORDER.tooManyUnpaid);
    expect(await ordersOf(buyer.id)).toHaveLength(3);
    expect((await readProduct(ctx.database.db, lines[3]!.id)).counter).toBe(5);
  });

  it('counts web checkout and legacy create together; sales at the counter never count', async () => {
    const buyer = await shopper();
    const product = await insertProduct(ctx.database.db, { title: 'Kente Scarf', price: 400_000, counter: 20 });
    expect((await create(buyer, { productId: product.id, quantity: 1 })).statusCode).toBe(200);
    expect((await buyer.json('POST', '/api/checkout', { lines: [{ productId: product.id, quantity: 1 }] })).statusCode).toBe(201);
    expect((await create(buyer, { productId: product.id, quantity: 1 })).statusCode).toBe(200);
    const checkout = await buyer.json('POST', '/api/checkout', { lines: [{ productId: product.id, quantity: 1 }] });
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json().msg).toBe(MESSAGES_ORDER.tooManyUnpaid);
    expect((await create(buyer, { productId: product.id, quantity: 1 })).statusCode).toBe(409);

    // The counter sells to the same person, by her e-mail, as often as she buys.
    for (let i = 0; i < 4; i++) {
      const sale = await create(admin, { title: 'Kente Scarf', email: buyer.email, fname: 'Chioma', lname: 'Eze', quantity: 1 });
      expect(sale.json()).toMatchObject({ status: 'paid', channel: 'pos' });
    }
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(13);
  });
});

describe('delivery, priced as checkout prices it', () => {
  it("charges the cheapest delivery to the shopper's state that is not a pickup", async () => {
    const buyer = await shopper({ state: 'Lagos' });
    const product = await insertProduct(ctx.database.db, { price: 1_000_000, counter: 5 });
    const res = await create(buyer, { productId: product.id, quantity: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      deliveryFee: 2500,
      deliveryMethod: 'Standard delivery',
      totalPrice: '22500.00',
    });
    expect((await ordersOf(buyer.id))[0]).toMatchObject({ state: 'Lagos Mainland', country: 'Nigeria', total: 2_250_000 });
  });

  it.each([
    ['a state the shop does not serve', { state: 'Kano' }, 'We do not deliver to Kano yet'],
    ['no state at all', { state: '' }, CHOOSE_STATE],
    ['an address outside Nigeria', { state: 'Greater Accra', country: 'Ghana' }, OUTSIDE_NIGERIA],
  ])("refuses %s with checkout's message and creates nothing", async (_label, address, message) => {
    const buyer = await shopper(address);
    const product = await insertProduct(ctx.database.db, { price: 1_000_000, counter: 5 });
    const res = await create(buyer, { productId: product.id, quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(message);
    expect(await ordersOf(buyer.id)).toHaveLength(0);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(5);
  });

  it('records a card payment for the goods alone as a part-payment: the order shows the delivery fee still owed', async () => {
    const buyer = await shopper({ state: 'Lagos' });
    const product = await insertProduct(ctx.database.db, { price: 1_000_000, counter: 5 });
    // The old client priced the goods (₦20,000) and had the shopper pay that, then sends the reference.
    const sandbox = ctx.app.payments.sandbox!;
    await sandbox.initialize({ reference: 'legacy-goods-only', amount: 2_000_000, currency: 'NGN', email: buyer.email });
    await sandbox.pay('legacy-goods-only', '4084 0840 8408 4081');
    const res = await create(buyer, { productId: product.id, quantity: 2, reference: 'legacy-goods-only' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', totalPrice: '22500.00' });
    const view = (await buyer.json('GET', `/api/orders/${res.json().id}`)).json();
    expect(view).toMatchObject({
      amountPaid: 20_000,
      balanceDue: 2_500,
      failureReason: 'Paid for the goods only: the delivery fee of ₦2,500.00 is still owed',
      payments: [{ method: 'card', amount: 20_000, reference: 'legacy-goods-only' }],
    });
    // The goods stay held while the fee is owed (the sweeper lets go only of orders with nothing paid).
    await ctx.app.orders.expirePending(new Date(Date.now() + 7 * 24 * 3600_000));
    expect((await buyer.json('GET', `/api/orders/${res.json().id}`)).json().status).toBe('pending');
    // The rider collects the fee: the order is paid.
    const fee = await admin.json('POST', `/api/orders/${res.json().id}/payments`, { method: 'pod', amount: 2500 });
    expect(fee.json()).toMatchObject({ status: 'paid', paymentStatus: 'paid', balanceDue: 0 });
  });
});

describe('no payment provider, no order', () => {
  let production: TestContext;
  beforeAll(async () => {
    production = await createTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'legacy-limits-production-secret-0123456789',
      PUBLIC_URL: 'https://shop.example.ng',
    });
  });
  afterAll(() => production.close());

  it("answers 503 with checkout's message and creates nothing when no provider is configured", async () => {
    const registered = await registerShopper(production.app);
    const buyer = client(production.app, registered.accessToken);
    const product = await insertProduct(production.database.db, { title: 'Ankara Maxi Dress', counter: 5 });
    for (const body of [
      { productId: product.id, quantity: 1 },
      { title: 'Ankara Maxi Dress', quantity: 1 },
    ]) {
      const res = await create(buyer, body);
      expect(res.statusCode).toBe(503);
      expect(res.json().msg).toBe(PAYMENTS_UNAVAILABLE);
    }
    expect(await production.database.db.select().from(orders)).toHaveLength(0);
    expect((await readProduct(production.database.db, product.id)).counter).toBe(5);
  });
});
