import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPayments, orders, paymentEvents } from '../db/schema/index.ts';
import { insertProduct, readProduct } from '../../test/fixtures.ts';
import { bearer, createAdmin, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { type PaystackStandin, signPaystack, startPaystackStandin, paystackEnv } from '../../test/paystack-standin.ts';

let standin: PaystackStandin;
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  standin = await startPaystackStandin();
  ctx = await createTestApp({
    ...paystackEnv(standin),
  });
  token = (await registerShopper(ctx.app)).accessToken;
});
afterAll(async () => {
  await ctx.close();
  await standin.close();
});

/** A checkout by a new shopper (one shopper may hold only 3 unpaid orders), who verifies it afterwards. */
async function startCheckout(quantity = 1, price = 1_200_000) {
  const product = await insertProduct(ctx.database.db, { price, counter: 10 });
  token = (await registerShopper(ctx.app)).accessToken;
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
    expect(order).toMatchObject({ status: 'paid', paymentStatus: 'paid', amountPaid: amount });
    const events = await ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.reference, reference));
    expect(events).toHaveLength(10);
    // One payment recorded, one invoice number given.
    const payments = await ctx.database.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id));
    expect(payments).toMatchObject([{ method: 'card', amount, reference, provider: 'paystack' }]);
    expect(order.invoiceNumber).toMatch(/^INV-\d{6}$/);
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

describe('Paystack’s fees (issue 30)', () => {
  const paymentOf = async (reference: string) =>
    (await ctx.database.db.select().from(orderPayments).where(eq(orderPayments.reference, reference)))[0]!;

  it('stores the fees of the verify answer on the payment, in kobo', async () => {
    const { reference } = await startCheckout(1, 1_200_000);
    standin.complete(reference, { status: 'success', fees: 28_123 });
    expect((await verify(reference)).json()).toMatchObject({ paid: true });
    expect(await paymentOf(reference)).toMatchObject({ amount: 1_200_000, fee: 28_123 });
  });

  it('stores the fees of a charge.success webhook, and 0 when the event has none or nonsense', async () => {
    const { reference, amount } = await startCheckout(1, 1_200_000);
    const event = chargeSuccess(reference, amount);
    await webhook({ ...event, data: { ...event.data, fees: 28_000 } });
    expect(await paymentOf(reference)).toMatchObject({ amount, fee: 28_000 });
    for (const fees of [undefined, -5, 'lots']) {
      const other = await startCheckout(1, 1_200_000);
      const sent = chargeSuccess(other.reference, other.amount);
      await webhook({ ...sent, data: { ...sent.data, fees } });
      expect(await paymentOf(other.reference)).toMatchObject({ amount: other.amount, fee: 0 });
    }
  });
});

describe('refunds to the card through Paystack', () => {
  /** An order paid by card through Paystack (verified), and an admin to refund it. */
  async function paidOrder() {
    const started = await startCheckout(2, 1_000_000);
    standin.complete(started.reference, { status: 'success' });
    expect((await verify(started.reference)).json()).toMatchObject({ paid: true });
    return started;
  }
  let adminToken: string;
  beforeAll(async () => {
    adminToken = (await createAdmin(ctx)).accessToken;
  });
  const refund = (orderId: string, body: object) =>
    ctx.app.inject({ method: 'POST', url: `/api/orders/${orderId}/refunds`, headers: bearer(adminToken), payload: body });
  const view = async (orderId: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: bearer(adminToken) })).json();

  it('asks Paystack to refund the card and waits, pending, for refund.processed; a replay changes nothing', async () => {
    const { orderId, reference, product } = await paidOrder();
    const res = await refund(orderId, { amount: 10_000, reason: 'One dress did not fit', restock: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      paymentStatus: 'paid',
      amountRefunded: 0,
      refunds: [{ amount: 10_000, status: 'pending', method: 'paystack' }],
    });
    const asked = standin.refunds.find((r) => r.reference === reference)!;
    expect(asked).toMatchObject({ amount: 1_000_000, status: 'pending', merchantNote: 'One dress did not fit' });
    // The goods came back with the request.
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(10);
    // Meanwhile only the rest can be refunded.
    expect((await refund(orderId, { amount: 10_000.01, reason: 'More' })).statusCode).toBe(409);

    const event = standin.refundEvent(asked, 'refund.processed');
    expect((await webhook(event)).statusCode).toBe(200);
    expect(await view(orderId)).toMatchObject({
      status: 'paid',
      paymentStatus: 'partially_refunded',
      amountRefunded: 10_000,
      refunds: [{ status: 'processed', processedAt: expect.any(String) }],
    });
    await webhook(event);
    expect((await view(orderId)).amountRefunded).toBe(10_000);
  });

  it('reopens the amount when Paystack says refund.failed, and the order ends refunded once all of it went back', async () => {
    const { orderId, reference } = await paidOrder();
    await refund(orderId, { reason: 'Order cancelled by the shop' });
    const first = standin.refunds.find((r) => r.reference === reference)!;
    expect(first.amount).toBe(2_000_000);
    await webhook(standin.refundEvent(first, 'refund.failed'));
    expect(await view(orderId)).toMatchObject({
      paymentStatus: 'paid',
      amountRefunded: 0,
      refunds: [{ status: 'failed', failureReason: 'Paystack could not pay the refund' }],
    });

    await refund(orderId, { reason: 'Order cancelled by the shop, again' });
    const second = standin.refunds.filter((r) => r.reference === reference)[1]!;
    await webhook(standin.refundEvent(second, 'refund.processed'));
    expect(await view(orderId)).toMatchObject({ status: 'refunded', paymentStatus: 'refunded', amountRefunded: 20_000 });
  });

  it('answers 502 and marks the refund failed when Paystack refuses it; a forged event changes nothing', async () => {
    const { orderId, reference } = await paidOrder();
    standin.refuseNextRefund('Transaction has been fully reversed');
    const res = await refund(orderId, { amount: 5000, reason: 'Late delivery' });
    expect(res.statusCode).toBe(502);
    expect(res.json().msg).toBe('The card refund could not be started: Transaction has been fully reversed');
    expect((await view(orderId)).refunds).toMatchObject([{ status: 'failed', amount: 5000 }]);

    await refund(orderId, { amount: 5000, reason: 'Late delivery' });
    const asked = standin.refunds.find((r) => r.reference === reference)!;
    const forged = await webhook(standin.refundEvent(asked, 'refund.processed'), 'b'.repeat(128));
    expect(forged.statusCode).toBe(401);
    expect((await view(orderId)).amountRefunded).toBe(0);
  });
});
