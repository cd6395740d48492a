/**
 * Money at the edges of an order's life (issue 26, items 8, 15 and 16): a refund never puts
 * back units the order no longer holds, one bank reference is not recorded on two orders by
 * mistake, and a card payment after a part-payment settles the order. Through HTTP, with the
 * sandbox card provider.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, readProduct } from '../../test/fixtures.ts';
import { createAdmin, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { type Client, client } from '../../test/clients.ts';

let ctx: TestContext;
let admin: Client;
const SUCCESS_CARD = '4084 0840 8408 4081';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = client(ctx.app, (await createAdmin(ctx)).accessToken);
});
afterAll(() => ctx.close());

const shopper = async () => client(ctx.app, (await registerShopper(ctx.app)).accessToken);

/** A card order the shopper has not paid yet. */
async function cardOrder(buyer: Client, productId: string, quantity: number) {
  const res = await buyer.json('POST', '/api/checkout', { lines: [{ productId, quantity }] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { orderId: string; reference: string; amount: number };
}
/** The shopper pays at the (sandbox) card checkout and the browser asks the server to verify. */
async function payByCard(buyer: Client, reference: string) {
  expect((await buyer.json('POST', `/api/payments/sandbox/${reference}/pay`, { card: SUCCESS_CARD })).statusCode).toBe(200);
  return buyer.json('POST', `/api/checkout/${reference}/verify`);
}
const view = async (id: string) => (await admin.json('GET', `/api/orders/${id}`)).json();

describe('a refund puts back only the units the order still holds', () => {
  it('puts nothing back for an order paid after it was cancelled and its goods sold to someone else', async () => {
    const product = await insertProduct(ctx.database.db, { title: 'Coral Bead Set', price: 1_000_000, counter: 2 });
    const late = await shopper();
    const order = await cardOrder(late, product.id, 2);
    expect((await admin.json('PATCH', `/api/orders/${order.orderId}/status`, { status: 'cancelled' })).statusCode).toBe(200);
    await cardOrder(await shopper(), product.id, 2);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(0);

    // The money arrives anyway: recorded, with a word to refund it; the goods stay sold to the other shopper.
    expect((await payByCard(late, order.reference)).json().paid).toBe(false);
    const paid = await view(order.orderId);
    expect(paid).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', lines: [{ quantity: 2, restockedQuantity: 2 }] });
    const line = paid.lines[0].id as string;
    const named = await admin.json('POST', `/api/orders/${order.orderId}/refunds`, {
      reason: 'Sold out',
      restock: true,
      lines: [{ lineId: line, quantity: 2 }],
    });
    expect(named.statusCode).toBe(409);
    expect(named.json().msg).toBe('Only 0 of Coral Bead Set can still go back on sale');
    const refunded = await admin.json('POST', `/api/orders/${order.orderId}/refunds`, { reason: 'Sold out', restock: true });
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(refunded.json()).toMatchObject({ paymentStatus: 'refunded', refunds: [{ restocked: [] }] });
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(0);
  });

  it('puts back the units an order took again when it was paid after being cancelled', async () => {
    const product = await insertProduct(ctx.database.db, { title: 'Brass Bowl', price: 600_000, counter: 3 });
    const buyer = await shopper();
    const order = await cardOrder(buyer, product.id, 2);
    await admin.json('PATCH', `/api/orders/${order.orderId}/status`, { status: 'cancelled' });
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(3);
    expect((await payByCard(buyer, order.reference)).json().paid).toBe(true);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(1);
    expect((await view(order.orderId)).lines[0].restockedQuantity).toBe(0);
    const refunded = await admin.json('POST', `/api/orders/${order.orderId}/refunds`, { reason: 'Returned', restock: true });
    expect(refunded.statusCode).toBe(201);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(3);
  });
});

describe('a bank reference already recorded on another order', () => {
  it('is refused with the other order named, records nothing, and is recorded when the admin confirms it', async () => {
    const product = await insertProduct(ctx.database.db, { price: 1_000_000, counter: 10 });
    const first = await cardOrder(await shopper(), product.id, 1);
    const second = await cardOrder(await shopper(), product.id, 1);
    const pay = (id: string, body: object) => admin.json('POST', `/api/orders/${id}/payments`, body);
    expect((await pay(first.orderId, { method: 'transfer', amount: 4000, reference: 'GTB-778812' })).statusCode).toBe(201);
    const firstNumber = (await view(first.orderId)).number;

    const dup = await pay(second.orderId, { method: 'transfer', amount: 4000, reference: 'GTB-778812' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      msg: `Reference GTB-778812 is already recorded on order ${firstNumber}`,
      duplicateOf: first.orderId,
    });
    expect((await view(second.orderId)).payments).toEqual([]);

    const confirmed = await pay(second.orderId, {
      method: 'transfer',
      amount: 4000,
      reference: 'GTB-778812',
      confirmDuplicate: true,
    });
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json()).toMatchObject({ amountPaid: 4000, payments: [{ reference: 'GTB-778812' }] });
    // A payment without a reference is never a duplicate.
    expect((await pay(second.orderId, { method: 'cash', amount: 1000 })).statusCode).toBe(201);
  });
});

describe('a card payment after a part-payment', () => {
  it('pays what is still owed and says how much more came in, to refund; nothing is recorded twice', async () => {
    const product = await insertProduct(ctx.database.db, { price: 2_000_000, counter: 5 });
    const buyer = await shopper();
    const order = await cardOrder(buyer, product.id, 1);
    // The shopper sent ₦5,000 by transfer first, and an admin recorded it.
    const part = await admin.json('POST', `/api/orders/${order.orderId}/payments`, {
      method: 'transfer',
      amount: 5000,
      reference: 'ZEN-5000',
    });
    expect(part.json()).toMatchObject({ status: 'pending', amountPaid: 5000 });

    const verified = await payByCard(buyer, order.reference);
    expect(verified.json()).toMatchObject({ paid: true, status: 'paid' });
    const paid = await view(order.orderId);
    expect(paid).toMatchObject({
      status: 'paid',
      paymentStatus: 'paid',
      amountPaid: 20_000,
      balanceDue: 0,
      invoiceNumber: expect.stringMatching(/^INV-/),
      failureReason: 'Paid ₦5,000.00 more than owed: refund it',
    });
    expect(paid.payments.map((p: { method: string; amount: number }) => [p.method, p.amount])).toEqual([
      ['transfer', 5000],
      ['card', 15_000],
    ]);
    // The webhook and a second verification change nothing.
    await buyer.json('POST', `/api/checkout/${order.reference}/verify`);
    expect((await view(order.orderId)).payments).toHaveLength(2);
  });
});
