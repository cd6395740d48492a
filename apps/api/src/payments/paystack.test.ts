import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentEvents } from '../db/schema/index.ts';
import { insertProduct, readProduct } from '../../test/fixtures.ts';
import { bearer, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { type PaystackStandin, signPaystack, startPaystackStandin } from '../../test/paystack-standin.ts';

let standin: PaystackStandin;
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  standin = await startPaystackStandin();
  ctx = await createTestApp({
    PAYSTACK_SECRET_KEY: standin.secretKey,
    PAYSTACK_PUBLIC_KEY: standin.publicKey,
    PAYSTACK_BASE_URL: standin.baseUrl,
  });
  token = (await registerShopper(ctx.app)).accessToken;
});
afterAll(async () => {
  await ctx.close();
  await standin.close();
});

async function startCheckout(quantity = 1, price = 1_200_000) {
  const product = await insertProduct(ctx.database.db, { price, counter: 10 });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: bearer(token),
    payload: { lines: [{ productId: product.id, quantity }] },
  });
  expect(res.statusCode).toBe(201);
  return {
    ...(res.json() as {
      reference: string;
      amount: number;
      orderId: string;
      accessCode: string;
      provider: string;
      publicKey: string;
    }),
    product,
  };
}
const orderOf = async (reference: string) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.paymentReference, reference)))[0]!;
const verify = (reference: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/checkout/${reference}/verify`, headers: bearer(token) });
const webhook = (payload: unknown, signature?: string) => {
  const body = JSON.stringify(payload);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/paystack/webhook',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signature ?? signPaystack(body, standin.secretKey) },
    payload: body,
  });
};
const chargeSuccess = (reference: string, amount: number, currency = 'NGN') => ({
  event: 'charge.success',
  data: { reference, amount, currency, status: 'success' },
});

describe('Paystack checkout', () => {
  it('initialises the transaction with the order total in kobo and hands the browser the public key and access code', async () => {
    const started = await startCheckout(2, 1_200_000);
    expect(started).toMatchObject({ provider: 'paystack', publicKey: standin.publicKey, amount: 2_400_000 });
    expect(started.accessCode).toBe(`ac_${started.reference}`);
    expect(standin.transactions.get(started.reference)).toMatchObject({ amount: 2_400_000, currency: 'NGN' });
  });

  it('marks the order paid when Paystack verifies the exact amount and currency', async () => {
    const { reference } = await startCheckout();
    standin.complete(reference, { status: 'success' });
    const res = await verify(reference);
    expect(res.json()).toMatchObject({ status: 'paid', paid: true });
  });

  it.each([
    ['a smaller amount', { amount: 100 }],
    ['another currency', { currency: 'USD' }],
  ])('does not mark the order paid when Paystack reports %s', async (_label, outcome) => {
    const { reference, product } = await startCheckout();
    standin.complete(reference, { status: 'success', ...outcome });
    const res = await verify(reference);
    expect(res.json()).toMatchObject({ paid: false });
    expect((await orderOf(reference)).status).not.toBe('paid');
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(10);
  });

  it('leaves the order pending while the customer has not paid', async () => {
    const { reference } = await startCheckout();
    expect((await verify(reference)).json()).toMatchObject({ status: 'pending', paid: false });
  });
});

describe('Paystack webhook', () => {
  it('refuses a bad signature with 401 and changes nothing', async () => {
    const { reference, amount } = await startCheckout();
    const forged = await webhook(chargeSuccess(reference, amount), 'a'.repeat(128));
    expect(forged.statusCode).toBe(401);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(chargeSuccess(reference, amount)),
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await orderOf(reference)).status).toBe('pending');
  });

  it('pays the order exactly once when the same event arrives 10 times at once', async () => {
    const { reference, amount } = await startCheckout();
    const results = await Promise.all(Array.from({ length: 10 }, () => webhook(chargeSuccess(reference, amount))));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const order = await orderOf(reference);
    expect(order.status).toBe('paid');
    const events = await ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.reference, reference));
    expect(events).toHaveLength(10);
    // A later replay does not move the payment time: the transition happened once.
    await webhook(chargeSuccess(reference, amount));
    expect((await orderOf(reference)).paidAt).toEqual(order.paidAt);
  });

  it('does not pay an order when the signed event carries a different amount', async () => {
    const { reference, amount } = await startCheckout();
    await webhook(chargeSuccess(reference, amount - 1));
    const order = await orderOf(reference);
    expect(order.status).toBe('failed');
    expect(order.failureReason).toMatch(/does not match/);
  });

  it('acknowledges events about references it does not know', async () => {
    expect((await webhook(chargeSuccess('someone-elses-ref', 5000))).statusCode).toBe(200);
  });
});
