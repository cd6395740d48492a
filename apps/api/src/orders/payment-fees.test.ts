/**
 * What each payment cost the shop (issue 30), through HTTP: the sandbox's card payments at
 * Paystack's local rate; payments staff record (transfer, cash, pay on delivery, a card at the
 * counter) and the till's tenders (cash, its card terminal) at the owner's rate for the method,
 * a percentage and a fixed naira amount set in the private settings (default 0). A change of
 * the rates applies to payments recorded after it.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, readVariants } from '../../test/fixtures.ts';
import { bearer, createStaff, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { orderPayments } from '../db/schema/index.ts';
import { paystackLocalFee } from './fees.ts';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createStaff>>;
let cashier: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createStaff(ctx);
  cashier = await createStaff(ctx, 'cashier');
});
afterAll(() => ctx.close());

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload && { payload }) });
const feesOf = async (orderId: string) =>
  (
    await ctx.database.db
      .select({ method: orderPayments.method, amount: orderPayments.amount, fee: orderPayments.fee })
      .from(orderPayments)
      .where(eq(orderPayments.orderId, orderId))
      .orderBy(asc(orderPayments.createdAt), asc(orderPayments.method))
  ).map(({ method, amount, fee }) => ({ method, amount, fee }));

/** A pending web order of one unit at `price` kobo: its id, reference and total. */
async function webOrder(price: number) {
  const product = await insertProduct(ctx.database.db, { price, counter: 5 });
  const shopper = await registerShopper(ctx.app);
  const res = await inject('POST', '/api/checkout', shopper.accessToken, { lines: [{ productId: product.id, quantity: 1 }] });
  expect(res.statusCode, res.body).toBe(201);
  const { orderId, reference, amount } = res.json() as { orderId: string; reference: string; amount: number };
  return { orderId, reference, amount, productId: product.id, token: shopper.accessToken };
}

const RATES = {
  transfer: { percent: 0, fixed: 52.5 },
  cash: { percent: 0, fixed: 0 },
  pod: { percent: 1.25, fixed: 100 },
  card: { percent: 1.5, fixed: 0 },
  terminal: { percent: 0.5, fixed: 10 },
};

describe('payment fees', () => {
  it('charges a sandbox card payment at Paystack’s local rate', async () => {
    const order = await webOrder(1_234_567);
    const paid = await inject('POST', `/api/payments/sandbox/${order.reference}/pay`, order.token, {
      card: '4084 0840 8408 4081',
    });
    expect(paid.json()).toEqual({ status: 'success' });
    expect((await inject('POST', `/api/checkout/${order.reference}/verify`, order.token)).json()).toMatchObject({ paid: true });
    // 1.5 % of ₦12,345.67 = 18,518.505 kobo → 18,519, + ₦100.
    expect(paystackLocalFee(1_234_567)).toBe(28_519);
    expect(await feesOf(order.orderId)).toEqual([{ method: 'card', amount: 1_234_567, fee: 28_519 }]);
  });

  it('keeps the rates in the private settings: 0 by default, set by the owner, never shown to shoppers', async () => {
    expect((await inject('GET', '/api/settings', owner.accessToken)).json().paymentFees.pod).toEqual({ percent: 0, fixed: 0 });
    const bad = await inject('PUT', '/api/settings', owner.accessToken, {
      paymentFees: { ...RATES, pod: { percent: 101, fixed: -1 } },
    });
    expect(bad.statusCode).toBe(400);
    const saved = await inject('PUT', '/api/settings', owner.accessToken, { paymentFees: RATES });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await inject('GET', '/api/settings', owner.accessToken)).json().paymentFees).toEqual(RATES);
    expect((await inject('GET', '/api/settings')).json()).not.toHaveProperty('paymentFees');
    expect((await inject('GET', '/api/settings', cashier.accessToken)).json()).not.toHaveProperty('paymentFees');
  });

  it('charges each payment staff record at its method’s rate as it is recorded', async () => {
    await inject('PUT', '/api/settings', owner.accessToken, { paymentFees: RATES });
    const order = await webOrder(1_000_000);
    const record = (method: string, naira: number, reference = '') =>
      inject('POST', `/api/orders/${order.orderId}/payments`, owner.accessToken, { method, amount: naira, reference });
    expect((await record('transfer', 2_000, 'ZEN-1')).statusCode).toBe(201);
    expect((await record('pod', 3_333.33)).statusCode).toBe(201);
    expect((await record('card', 2_000, 'POS-9')).statusCode).toBe(201);
    // A rate changed now applies to what is recorded next only.
    await inject('PUT', '/api/settings', owner.accessToken, { paymentFees: { ...RATES, cash: { percent: 2, fixed: 0 } } });
    expect((await record('cash', 2_666.67)).statusCode).toBe(201);
    expect(await feesOf(order.orderId)).toEqual([
      { method: 'transfer', amount: 200_000, fee: 5_250 },
      // 1.25 % of 333,333 kobo = 4,166.6625 → 4,167, + ₦100.
      { method: 'pod', amount: 333_333, fee: 14_167 },
      { method: 'card', amount: 200_000, fee: 3_000 },
      { method: 'cash', amount: 266_667, fee: 5_333 },
    ]);
  });

  it('charges a till sale’s card at the terminal’s rate and its cash at the cash rate', async () => {
    await inject('PUT', '/api/settings', owner.accessToken, { paymentFees: { ...RATES, cash: { percent: 0, fixed: 5 } } });
    for (const paymentMethod of ['card', 'cash']) {
      const product = await insertProduct(ctx.database.db, { price: 2_000_000, counter: 5 });
      const res = await inject('POST', '/api/pos/orders', cashier.accessToken, {
        lines: [{ productId: product.id, quantity: 1 }],
        paymentMethod,
      });
      expect(res.statusCode, res.body).toBe(201);
      const fee = paymentMethod === 'card' ? 10_000 + 1_000 : 500;
      expect(await feesOf(res.json().order.id)).toEqual([{ method: paymentMethod, amount: 2_000_000, fee }]);
    }
  });

  it('charges a synced offline sale’s tenders the same way: card at the terminal’s rate, cash at the cash rate', async () => {
    await inject('PUT', '/api/settings', owner.accessToken, { paymentFees: { ...RATES, cash: { percent: 0, fixed: 5 } } });
    const till = (await inject('POST', '/api/pos/tills', cashier.accessToken, { name: 'Fees counter' })).json();
    const product = await insertProduct(ctx.database.db, { price: 2_000_000, counter: 5 });
    const [variant] = await readVariants(ctx.database.db, product.id);
    const sale = {
      id: randomUUID(),
      receiptNumber: `${till.prefix}-000001`,
      createdAt: new Date(Date.now() - 60_000).toISOString(),
      cashierId: cashier.user.id,
      offline: true,
      lines: [{ variantId: variant!.id, quantity: 1 }],
      tenders: [
        { type: 'card', amount: 1_500_000, reference: 'TERM-1' },
        { type: 'cash', amount: 500_000, tendered: 500_000 },
      ],
      approvals: [],
    };
    const synced = await inject('POST', '/api/pos/sales/sync', till.deviceToken, { tillId: till.tillId, sales: [sale] });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().results[0]).toMatchObject({ status: 'recorded' });
    // 0.5 % of ₦15,000 + ₦10; ₦5 on the cash.
    expect(await feesOf(sale.id)).toEqual([
      { method: 'card', amount: 1_500_000, fee: 7_500 + 1_000 },
      { method: 'cash', amount: 500_000, fee: 500 },
    ]);
  });
});
