/**
 * A card refund Paystack does not answer (issue 26, item 14): it may have been made, so it is
 * never marked failed on the spot (the same money could then go back twice). It stays pending
 * with a note and a 202, and before the order's next refund Paystack's refunds of the
 * transaction are looked up. Against the local Paystack stand-in, which cuts the connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/fixtures.ts';
import { bearer, createAdmin, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { type PaystackStandin, paystackEnv, signPaystack, startPaystackStandin } from '../../test/paystack-standin.ts';
import { noAnswerNote, REFUND_UNCHECKED } from '../orders/index.ts';

const PAYSTACK_NO_ANSWER = noAnswerNote('Paystack');

let standin: PaystackStandin;
let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  standin = await startPaystackStandin();
  ctx = await createTestApp(paystackEnv(standin));
  adminToken = (await createAdmin(ctx)).accessToken;
});
afterAll(async () => {
  await ctx.close();
  await standin.close();
});

/** An order of ₦20,000 paid by card through Paystack. */
async function paidOrder() {
  const product = await insertProduct(ctx.database.db, { price: 1_000_000, counter: 10 });
  const { accessToken } = await registerShopper(ctx.app);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: bearer(accessToken),
    payload: { lines: [{ productId: product.id, quantity: 2 }] },
  });
  const { orderId, reference } = res.json() as { orderId: string; reference: string };
  standin.complete(reference, { status: 'success' });
  const verified = await ctx.app.inject({
    method: 'POST',
    url: `/api/checkout/${reference}/verify`,
    headers: bearer(accessToken),
  });
  expect(verified.json()).toMatchObject({ paid: true });
  return { orderId, reference };
}
const refund = (orderId: string, body: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/orders/${orderId}/refunds`, headers: bearer(adminToken), payload: body });
const view = async (orderId: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: bearer(adminToken) })).json();
const asked = (reference: string) => standin.refunds.filter((r) => r.reference === reference);

describe('a card refund Paystack did not answer', () => {
  it('stays pending with the note "Paystack did not answer" (202), and is not refunded again once Paystack is found to have it', async () => {
    const { orderId, reference } = await paidOrder();
    standin.dropNextRefund({ queued: true });
    const first = await refund(orderId, { reason: 'Wrong size' });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({
      paymentStatus: 'paid',
      refunds: [{ amount: 20_000, status: 'pending', note: PAYSTACK_NO_ANSWER, failureReason: null }],
    });
    expect(asked(reference)).toHaveLength(1);

    // The admin tries again: Paystack is asked first, has the refund, and nothing is left to refund.
    const again = await refund(orderId, { reason: 'Wrong size, again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('Everything paid for this order has been refunded or is being refunded');
    expect(asked(reference)).toHaveLength(1);
    expect((await view(orderId)).refunds).toEqual([expect.objectContaining({ amount: 20_000, status: 'pending', note: null })]);
    // Its webhook finds it by Paystack's id and settles it.
    const body = JSON.stringify(standin.refundEvent(asked(reference)[0]!, 'refund.processed'));
    await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystack(body, standin.secretKey) },
      payload: body,
    });
    expect(await view(orderId)).toMatchObject({ paymentStatus: 'refunded', amountRefunded: 20_000 });
  });

  it('takes the state Paystack reports for it: a refund already processed counts at once', async () => {
    const { orderId, reference } = await paidOrder();
    standin.dropNextRefund({ queued: true });
    expect((await refund(orderId, { amount: 5000, reason: 'One belt missing' })).statusCode).toBe(202);
    asked(reference)[0]!.status = 'processed';
    const next = await refund(orderId, { amount: 5000, reason: 'A second belt missing' });
    expect(next.statusCode, next.body).toBe(201);
    const now = await view(orderId);
    expect(now).toMatchObject({ paymentStatus: 'partially_refunded', amountRefunded: 5000 });
    expect(now.refunds.map((r: { status: string; amount: number }) => [r.status, r.amount])).toEqual([
      ['processed', 5000],
      ['pending', 5000],
    ]);
    expect(asked(reference)).toHaveLength(2);
  });

  it('is marked failed when Paystack has no record of it, and the new refund starts', async () => {
    const { orderId, reference } = await paidOrder();
    standin.dropNextRefund({ queued: false });
    expect((await refund(orderId, { reason: 'Cancelled' })).statusCode).toBe(202);
    expect(asked(reference)).toHaveLength(0);
    const next = await refund(orderId, { reason: 'Cancelled, again' });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().refunds).toEqual([
      expect.objectContaining({ status: 'failed', failureReason: 'Paystack has no record of this refund' }),
      expect.objectContaining({ status: 'pending', amount: 20_000 }),
    ]);
    expect(asked(reference)).toHaveLength(1);
  });

  it('starts nothing new (502) while Paystack cannot be asked about it', async () => {
    const { orderId, reference } = await paidOrder();
    standin.dropNextRefund({ queued: true });
    expect((await refund(orderId, { amount: 5000, reason: 'Late' })).statusCode).toBe(202);
    standin.dropNextRefundList();
    const blocked = await refund(orderId, { amount: 5000, reason: 'Late, again' });
    expect(blocked.statusCode).toBe(502);
    expect(blocked.json().msg).toBe(REFUND_UNCHECKED);
    expect((await view(orderId)).refunds).toHaveLength(1);
    expect(asked(reference)).toHaveLength(1);
  });
});
