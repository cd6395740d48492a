import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema/index.ts';
import { insertProduct, readProduct } from '../../test/fixtures.ts';
import { bearer, createAdmin, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
let shopper: Awaited<ReturnType<typeof registerShopper>>;
beforeAll(async () => {
  ctx = await createTestApp();
  shopper = await registerShopper(ctx.app);
});
afterAll(() => ctx.close());

const checkout = (token: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/checkout', headers: bearer(token), payload: payload as object });
const verify = (token: string, reference: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/checkout/${reference}/verify`, headers: bearer(token) });
const pay = (token: string, reference: string, card: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/pay`, headers: bearer(token), payload: { card } });

describe('checkout', () => {
  it('prices the order from the catalogue, ignoring any price the client sends, and reserves stock', async () => {
    const product = await insertProduct(ctx.database.db, { price: 1_500_000, discount: 250_000, counter: 7 });
    const res = await checkout(shopper.accessToken, {
      lines: [{ productId: product.id, quantity: 2, price: 1, totalPrice: 1, size: 'medium' }],
      total: 1,
      amount: 100,
      discount: 1_000_000,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    // (15,000 − 2,500) × 2 naira = 25,000 naira = 2,500,000 kobo.
    expect(body).toMatchObject({ amount: 2_500_000, currency: 'NGN', provider: 'sandbox', email: shopper.email });
    expect(body.number).toMatch(/^NG-\d{6}$/);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(5);
  });

  it.each([
    ['an empty cart', { lines: [] }],
    ['a quantity below 1', { lines: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 0 }] }],
    ['an unknown product', { lines: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }] }],
    ['a malformed product id', { lines: [{ productId: 'abc', quantity: 1 }] }],
    ['a fractional quantity', { lines: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1.5 }] }],
  ])('refuses %s with "Invalid product or quantity"', async (_label, payload) => {
    const res = await checkout(shopper.accessToken, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Invalid product or quantity');
  });

  it('refuses a line that cannot be reserved with 409 and reserves nothing at all', async () => {
    const plenty = await insertProduct(ctx.database.db, { counter: 10 });
    const scarce = await insertProduct(ctx.database.db, { title: 'Coral Bead Necklace', counter: 2 });
    const res = await checkout(shopper.accessToken, {
      lines: [
        { productId: plenty.id, quantity: 3 },
        { productId: scarce.id, quantity: 3 },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('Only 2 left in stock for Coral Bead Necklace');
    expect((await readProduct(ctx.database.db, plenty.id)).counter).toBe(10);
    expect((await readProduct(ctx.database.db, scarce.id)).counter).toBe(2);
  });

  it('refuses a product without a price (made by a member who may not set one, then un-paused) and reserves nothing', async () => {
    const unpriced = await insertProduct(ctx.database.db, { title: 'Brass Wall Mirror', price: 0, counter: 4 });
    const priced = await insertProduct(ctx.database.db, { counter: 4 });
    const lines = [
      { productId: priced.id, quantity: 1 },
      { productId: unpriced.id, quantity: 1 },
    ];
    const res = await checkout(shopper.accessToken, { lines });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Brass Wall Mirror has no price yet and cannot be bought');
    expect((await readProduct(ctx.database.db, priced.id)).counter).toBe(4);
    expect((await readProduct(ctx.database.db, unpriced.id)).counter).toBe(4);
  });

  it('needs a signed-in shopper', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/checkout', payload: { lines: [] } });
    expect(res.statusCode).toBe(401);
  });
});

describe('stock under concurrency', () => {
  it('20 concurrent checkouts of a product with 5 in stock: exactly 5 reserve, 15 get 409, stock ends at 0', async () => {
    const product = await insertProduct(ctx.database.db, { title: 'Gele Headwrap', counter: 5 });
    const buyers = await Promise.all(Array.from({ length: 4 }, () => registerShopper(ctx.app)));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        checkout(buyers[i % buyers.length]!.accessToken, { lines: [{ productId: product.id, quantity: 1 }] }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    const after = await readProduct(ctx.database.db, product.id);
    expect(after.counter).toBe(0);
    expect(after.availability).toBe('Out of Stock');
  });
});

describe('sandbox payment', () => {
  it('pays with the success card: verified as paid, and verifying again changes nothing', async () => {
    const product = await insertProduct(ctx.database.db, { counter: 3 });
    const { reference } = (await checkout(shopper.accessToken, { lines: [{ productId: product.id, quantity: 1 }] })).json();

    // Before paying, verification leaves the order pending.
    const early = await verify(shopper.accessToken, reference);
    expect(early.json()).toMatchObject({ status: 'pending', paid: false });

    expect((await pay(shopper.accessToken, reference, '4084 0840 8408 4081')).json()).toEqual({ status: 'success' });
    const first = await verify(shopper.accessToken, reference);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'paid', paid: true });
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.paymentReference, reference));
    const again = await verify(shopper.accessToken, reference);
    expect(again.json()).toMatchObject({ status: 'paid', paid: true });
    const [still] = await ctx.database.db.select().from(orders).where(eq(orders.paymentReference, reference));
    expect(still!.paidAt).toEqual(order!.paidAt);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(2);
  });

  it('declines the decline card: the order fails with a reason and its stock is released', async () => {
    const product = await insertProduct(ctx.database.db, { counter: 3 });
    const { reference } = (await checkout(shopper.accessToken, { lines: [{ productId: product.id, quantity: 2 }] })).json();
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(1);
    expect((await pay(shopper.accessToken, reference, '4000 0000 0000 0002')).json()).toEqual({ status: 'failed' });
    const res = await verify(shopper.accessToken, reference);
    expect(res.json()).toMatchObject({ status: 'failed', paid: false });
    expect(res.json().msg).toMatch(/declined/i);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(3);
  });

  it("does not let one shopper see or pay another's order", async () => {
    const product = await insertProduct(ctx.database.db, { counter: 3 });
    const { reference } = (await checkout(shopper.accessToken, { lines: [{ productId: product.id, quantity: 1 }] })).json();
    const other = await registerShopper(ctx.app);
    expect((await verify(other.accessToken, reference)).statusCode).toBe(404);
    expect((await pay(other.accessToken, reference, '4084 0840 8408 4081')).statusCode).toBe(404);
    const peek = await ctx.app.inject({
      method: 'GET',
      url: `/api/payments/sandbox/${reference}`,
      headers: bearer(other.accessToken),
    });
    expect(peek.statusCode).toBe(404);
  });
});

describe('expiry', () => {
  it('cancels a pending order whose hold ran out and gives its stock back, once', async () => {
    const product = await insertProduct(ctx.database.db, { counter: 4 });
    const { orderId } = (await checkout(shopper.accessToken, { lines: [{ productId: product.id, quantity: 4 }] })).json();
    const held = await readProduct(ctx.database.db, product.id);
    expect(held.counter).toBe(0);
    expect(held.availability).toBe('Out of Stock');

    const later = new Date(Date.now() + 31 * 60 * 1000);
    const [first, second] = await Promise.all([ctx.app.orders.expirePending(later), ctx.app.orders.expirePending(later)]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('cancelled');
    const released = await readProduct(ctx.database.db, product.id);
    expect(released.counter).toBe(4);
    expect(released.availability).toBe('In Stock');
  });
});

describe('orders', () => {
  it("lists the shopper's own orders newest first and hides other shoppers' orders", async () => {
    const buyer = await registerShopper(ctx.app);
    const product = await insertProduct(ctx.database.db, { title: 'Brass Candle Holder', counter: 5 });
    const first = (await checkout(buyer.accessToken, { lines: [{ productId: product.id, quantity: 1 }] })).json();
    const second = (await checkout(buyer.accessToken, { lines: [{ productId: product.id, quantity: 2 }] })).json();
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/orders/mine', headers: bearer(buyer.accessToken) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((o: { number: string }) => o.number)).toEqual([second.number, first.number]);
    expect(mine.json()[0]).toMatchObject({ status: 'pending', lines: [{ title: 'Brass Candle Holder', quantity: 2 }] });

    const own = await ctx.app.inject({ method: 'GET', url: `/api/orders/${first.orderId}`, headers: bearer(buyer.accessToken) });
    expect(own.statusCode).toBe(200);
    const stranger = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${first.orderId}`,
      headers: bearer(shopper.accessToken),
    });
    expect(stranger.statusCode).toBe(404);
    const othersList = await ctx.app.inject({ method: 'GET', url: '/api/orders/mine', headers: bearer(shopper.accessToken) });
    expect(othersList.json().map((o: { number: string }) => o.number)).not.toContain(first.number);
  });

  it('enforces the status lifecycle for admins and refuses shoppers', async () => {
    const admin = await createAdmin(ctx);
    const product = await insertProduct(ctx.database.db, { counter: 5 });
    const { orderId, amount } = (await checkout(shopper.accessToken, { lines: [{ productId: product.id, quantity: 2 }] })).json();
    const patch = (token: string, status: string) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}/status`, headers: bearer(token), payload: { status } });

    expect((await patch(shopper.accessToken, 'paid')).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}/status`, payload: { status: 'paid' } })).statusCode,
    ).toBe(401);
    expect((await patch(admin.accessToken, 'delivered')).statusCode).toBe(409);
    // Paid is what its payments make it, not a name an admin sets.
    const byName = await patch(admin.accessToken, 'paid');
    expect(byName.statusCode).toBe(409);
    expect(byName.json().msg).toBe('Record the payment instead: an order is paid when its payments reach its total');
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/payments`,
      headers: bearer(admin.accessToken),
      payload: { method: 'transfer', amount: amount / 100, reference: 'ZEN-77102' },
    });
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ status: 'paid', paymentStatus: 'paid', allowedTransitions: ['fulfilled'] });
    expect((await patch(admin.accessToken, 'refunded')).statusCode).toBe(409);
    expect((await patch(admin.accessToken, 'cancelled')).statusCode).toBe(409);
    expect((await patch(admin.accessToken, 'fulfilled')).json().status).toBe('fulfilled');
    expect((await patch(admin.accessToken, 'delivered')).json().status).toBe('delivered');
    expect((await patch(admin.accessToken, 'pending')).statusCode).toBe(409);
    // Paid stock stays sold.
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(3);
  });

  it('gives the stock back when an admin cancels a pending order', async () => {
    const admin = await createAdmin(ctx);
    const product = await insertProduct(ctx.database.db, { counter: 5 });
    const { orderId } = (await checkout(shopper.accessToken, { lines: [{ productId: product.id, quantity: 5 }] })).json();
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}/status`,
      headers: bearer(admin.accessToken),
      payload: { status: 'cancelled' },
    });
    expect(res.json().status).toBe('cancelled');
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(5);
  });
});
