/** Syncing a till's sales (issue 29): exactly once, tenders, store credit, policies, offline limits and stock. */
import { randomUUID } from 'node:crypto';
import type { SyncSale } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { customers, orderLines, orderPayments, orders, productVariants, products, tills } from '../db/schema/index.ts';
import { insertProduct, readVariants } from '../../test/fixtures.ts';
import { bearer, createStaff, createTestApp, type TestContext } from '../../test/helpers.ts';
import { registerTill } from '../../test/till-sales.ts';

let ctx: TestContext;
let manager: Awaited<ReturnType<typeof createStaff>>;
let cashier: Awaited<ReturnType<typeof createStaff>>;
let other: Awaited<ReturnType<typeof createStaff>>;
let till: { tillId: string; prefix: string; deviceToken: string };
let receipt = 0;
beforeAll(async () => {
  ctx = await createTestApp();
  manager = await createStaff(ctx, 'manager');
  cashier = await createStaff(ctx, 'cashier');
  other = await createStaff(ctx, 'cashier');
  till = await registerTill(ctx.app, cashier.accessToken, 'Counter');
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await settings({ posOfflineStock: 'allow_negative', posOfflineSaleLimit: 0, posOfflineTillLimit: 0 });
});

const settings = (payload: object) =>
  ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: bearer(manager.accessToken), payload });
const sync = (sales: SyncSale[], token = till.deviceToken) =>
  ctx.app.inject({ method: 'POST', url: '/api/pos/sales/sync', headers: bearer(token), payload: { tillId: till.tillId, sales } });
const statuses = async (sales: SyncSale[]) => {
  const res = await sync(sales);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as { id: string; status: string; orderId?: string; message?: string }[];
};
const orderOf = async (id: string) => (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0];

/** A variant on sale at ₦10,000 with `stock` units. */
async function variant(stock = 10, price = 1_000_000) {
  const product = await insertProduct(ctx.database.db, { price, counter: stock });
  return (await readVariants(ctx.database.db, product.id))[0]!;
}
const stockOf = async (id: string) =>
  (await ctx.database.db.select().from(productVariants).where(eq(productVariants.id, id)))[0]!;

function sale(variantId: string, overrides: Partial<SyncSale> = {}): SyncSale {
  receipt += 1;
  return {
    id: randomUUID(),
    receiptNumber: `${till.prefix}-${String(receipt).padStart(6, '0')}`,
    createdAt: new Date(Date.now() - 60_000 + receipt).toISOString(),
    cashierId: cashier.user.id,
    offline: true,
    lines: [{ variantId, quantity: 1 }],
    tenders: [{ type: 'cash', amount: 1_000_000, tendered: 1_000_000 }],
    approvals: [],
    ...overrides,
  };
}
const approval = (action: string, managerId = manager.user.id) =>
  ({ id: randomUUID(), action, managerId, at: new Date().toISOString() }) as SyncSale['approvals'][number];

describe('syncing till sales', () => {
  it('records a sale once as a paid till order numbered by its receipt, however often, in any order and batches', async () => {
    const v = await variant(10);
    const [a, b, c] = [
      sale(v.id),
      sale(v.id),
      sale(v.id, { tenders: [{ type: 'cash', amount: 1_000_000, tendered: 1_500_000 }] }),
    ];
    expect((await statuses([a])).map((r) => r.status)).toEqual(['recorded']);
    expect((await statuses([c, a, b])).map((r) => r.status)).toEqual(['recorded', 'duplicate', 'recorded']);
    expect((await statuses([b, c, a])).map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect((await stockOf(v.id)).counter).toBe(7);
    const order = await orderOf(c.id);
    expect(order).toMatchObject({
      number: c.receiptNumber,
      channel: 'pos',
      status: 'paid',
      paymentStatus: 'paid',
      total: 1_000_000,
      tillId: till.tillId,
      cashierId: cashier.user.id,
      offline: true,
      review: null,
      posTenders: [{ type: 'cash', amount: 1_000_000, tendered: 1_500_000 }],
    });
    expect(order!.createdAt.toISOString()).toBe(c.createdAt);
    const [row] = await ctx.database.db.select().from(tills).where(eq(tills.id, till.tillId));
    expect(row!.lastSyncAt).not.toBeNull();
  });

  it('keeps what a half-applied batch recorded, and a resend records only the rest', async () => {
    const v = await variant(10);
    const [a, b, c] = [sale(v.id), sale(v.id), sale(v.id)];
    const create = ctx.app.orders.create;
    let calls = 0;
    const spy = vi.spyOn(ctx.app.orders, 'create').mockImplementation((input, tx) => {
      calls += 1;
      // The process dies while recording the second sale (a lost connection, a crash).
      if (calls === 2) throw new Error('connection lost');
      return create(input, tx);
    });
    const crashed = await sync([a, b, c]);
    spy.mockRestore();
    expect(crashed.statusCode).toBe(500);
    expect(await orderOf(a.id)).toBeDefined();
    expect(await orderOf(b.id)).toBeUndefined();
    expect((await statuses([a, b, c])).map((r) => r.status)).toEqual(['duplicate', 'recorded', 'recorded']);
    expect((await stockOf(v.id)).counter).toBe(7);

    // One sale refused: the others are recorded, and the refused one is not recorded by a resend.
    const [d, e] = [sale(v.id), sale(v.id, { customerId: randomUUID() })];
    expect((await statuses([d, e])).map((r) => [r.status, r.message])).toEqual([
      ['recorded', undefined],
      ['conflict', 'Unknown customer'],
    ]);
    expect((await statuses([d, e])).map((r) => r.status)).toEqual(['duplicate', 'conflict']);
    expect((await stockOf(v.id)).counter).toBe(6);
  });

  it("refuses a receipt number another sale has, or another till's", async () => {
    const v = await variant(10);
    const first = sale(v.id);
    await statuses([first]);
    const copy = { ...sale(v.id), receiptNumber: first.receiptNumber };
    const foreign = { ...sale(v.id), receiptNumber: 'T999-000001' };
    const results = await statuses([copy, foreign]);
    expect(results.map((r) => r.message)).toEqual([
      `Receipt number ${first.receiptNumber} is already another sale's`,
      `Receipt number T999-000001 is not this till's (${till.prefix})`,
    ]);
    expect(await orderOf(copy.id)).toBeUndefined();
  });

  it('records split tenders with their references, a transfer owed until confirmed, and refuses tenders that do not add up', async () => {
    const v = await variant(10);
    const split = sale(v.id, {
      lines: [{ variantId: v.id, quantity: 2 }],
      tenders: [
        { type: 'cash', amount: 500_000, tendered: 500_000 },
        { type: 'card', amount: 1_000_000, reference: 'MONIEPOINT-8841' },
        { type: 'transfer', amount: 500_000, reference: 'GTB-1122' },
      ],
    });
    const short = sale(v.id, { tenders: [{ type: 'cash', amount: 900_000 }] });
    const results = await statuses([split, short]);
    expect(results[0]!.status).toBe('recorded');
    expect(results[1]).toMatchObject({
      status: 'conflict',
      message: "The tenders (₦9,000.00) do not add up to the sale's total (₦10,000.00)",
    });
    expect(await orderOf(split.id)).toMatchObject({
      paymentMethod: 'split',
      amountPaid: 1_500_000,
      paymentStatus: 'unpaid',
      total: 2_000_000,
      expiresAt: null,
    });
    const payments = await ctx.database.db.select().from(orderPayments).where(eq(orderPayments.orderId, split.id));
    expect(payments.map((p) => [p.method, p.amount, p.reference]).sort()).toEqual([
      ['card', 1_000_000, 'MONIEPOINT-8841'],
      ['cash', 500_000, ''],
    ]);
    // Someone with orders.record_payment confirms the transfer: paid in full.
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${split.id}/payments`,
      headers: bearer(manager.accessToken),
      payload: { method: 'transfer', amount: 5_000, reference: 'GTB-1122' },
    });
    expect(confirm.statusCode, confirm.body).toBeLessThan(300);
    expect(await orderOf(split.id)).toMatchObject({ paymentStatus: 'paid', status: 'paid' });
  });

  it('spends store credit as a tender, and refuses a sale the credit does not cover, changing nothing', async () => {
    const v = await variant(10);
    const [customer] = await ctx.database.db
      .insert(customers)
      .values({ firstName: 'Ada', lastName: 'Obi', email: `ada-${randomUUID()}@example.com` })
      .returning();
    await ctx.database.db.update(customers).set({ storeCredit: 1_200_000 }).where(eq(customers.id, customer!.id));
    const spent = sale(v.id, { customerId: customer!.id, tenders: [{ type: 'store_credit', amount: 1_000_000 }] });
    const tooMuch = sale(v.id, { customerId: customer!.id, tenders: [{ type: 'store_credit', amount: 1_000_000 }] });
    const walkIn = sale(v.id, { tenders: [{ type: 'store_credit', amount: 1_000_000 }] });
    const results = await statuses([spent, tooMuch, walkIn]);
    expect(results.map((r) => [r.status, r.message])).toEqual([
      ['recorded', undefined],
      ['conflict', 'The customer does not have enough store credit'],
      ['conflict', 'Store credit is spent by a known customer: choose the customer'],
    ]);
    const [after] = await ctx.database.db.select().from(customers).where(eq(customers.id, customer!.id));
    expect(after!.storeCredit).toBe(200_000);
    expect(await orderOf(spent.id)).toMatchObject({ paymentStatus: 'paid', name: 'Ada Obi', customerId: customer!.id });
    expect(await orderOf(tooMuch.id)).toBeUndefined();
    expect((await stockOf(v.id)).counter).toBe(9);
  });

  it("follows the cashier role's discount and price-override policies, with and without a manager's approval", async () => {
    const v = await variant(20);
    // The Cashier template: discounts up to 10 % allowed, above that with approval; price overrides denied.
    const small = sale(v.id, {
      lines: [{ variantId: v.id, quantity: 1, discount: 100_000 }],
      tenders: [{ type: 'cash', amount: 900_000 }],
    });
    const big = {
      lines: [{ variantId: v.id, quantity: 2, discount: 250_000 }],
      tenders: [{ type: 'cash' as const, amount: 1_500_000 }],
    };
    const unapproved = sale(v.id, big);
    const byCashier = sale(v.id, { ...big, approvals: [approval('discount', other.user.id)] });
    const approved = sale(v.id, { ...big, approvals: [approval('discount')] });
    const override = sale(v.id, {
      lines: [{ variantId: v.id, quantity: 1, unitPrice: 800_000 }],
      tenders: [{ type: 'cash', amount: 800_000 }],
    });
    const byManager = sale(v.id, {
      cashierId: manager.user.id,
      lines: [{ variantId: v.id, quantity: 1, unitPrice: 800_000 }],
      tenders: [{ type: 'cash', amount: 800_000 }],
    });
    const results = await statuses([small, unapproved, byCashier, approved, override, byManager]);
    expect(results.map((r) => r.status)).toEqual(['recorded', 'conflict', 'conflict', 'recorded', 'conflict', 'recorded']);
    expect(results[1]!.message).toBe("A discount above their limit needs a manager's approval");
    expect(results[4]!.message).toMatch(/role \(Cashier\) does not allow price overrides/);
    expect(await orderOf(approved.id)).toMatchObject({
      total: 1_500_000,
      tillDiscount: 500_000,
      // The till's discount is part of the order's (total = subtotal − discount), as the coupon's is.
      discount: 500_000,
      subtotal: 2_000_000,
    });
    const [line] = await ctx.database.db.select().from(orderLines).where(eq(orderLines.orderId, byManager.id));
    expect(line).toMatchObject({ unitPrice: 800_000, priceOverride: true, tillDiscount: 0 });
    expect((await stockOf(v.id)).counter).toBe(16);
  });

  it("needs an offline_limit approval for an offline sale over the owner's limits", async () => {
    const v = await variant(20);
    await settings({ posOfflineSaleLimit: 1_500_000 });
    const over = { lines: [{ variantId: v.id, quantity: 2 }], tenders: [{ type: 'cash' as const, amount: 2_000_000 }] };
    const results = await statuses([
      sale(v.id, over),
      sale(v.id, { ...over, approvals: [approval('offline_limit')] }),
      sale(v.id, { ...over, offline: false }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['conflict', 'recorded', 'recorded']);
    expect(results[0]!.message).toBe("A sale over the offline limit of ₦15,000.00 a sale needs a manager's approval");
  });

  it('never sells below zero online; offline, takes stock below zero or holds the sale, as the setting says', async () => {
    const v = await variant(1);
    const online = sale(v.id, {
      offline: false,
      lines: [{ variantId: v.id, quantity: 2 }],
      tenders: [{ type: 'cash', amount: 2_000_000 }],
    });
    expect((await statuses([online]))[0]).toMatchObject({
      status: 'conflict',
      message: expect.stringMatching(/^Only 1 left in stock/),
    });
    expect((await stockOf(v.id)).counter).toBe(1);

    // allow_negative: a manager's sale goes below zero and flags the variant; a cashier's needs an approval, else it is held.
    const managers = sale(v.id, {
      cashierId: manager.user.id,
      lines: [{ variantId: v.id, quantity: 2 }],
      tenders: [{ type: 'cash', amount: 2_000_000 }],
    });
    const cashiers = sale(v.id);
    const approvedCashiers = sale(v.id, { approvals: [approval('negative_stock')] });
    const results = await statuses([managers, cashiers, approvedCashiers]);
    expect(results.map((r) => [r.status, r.message])).toEqual([
      ['recorded', undefined],
      ['recorded', 'Held for review'],
      ['recorded', undefined],
    ]);
    const after = await stockOf(v.id);
    expect(after.counter).toBe(-2);
    expect(after.oversoldAt).not.toBeNull();
    // The storefront shows stock below zero as out of stock (refresh_products counts each variant at least 0).
    const [product] = await ctx.database.db.select().from(products).where(eq(products.id, v.productId));
    expect(product).toMatchObject({ counter: 0, availability: 'Out of Stock' });
    expect(await orderOf(cashiers.id)).toMatchObject({ review: 'held', status: 'paid' });

    await settings({ posOfflineStock: 'hold_for_review' });
    const held = sale(v.id, { cashierId: manager.user.id });
    expect((await statuses([held]))[0]).toMatchObject({ status: 'recorded', message: 'Held for review' });
    expect((await stockOf(v.id)).counter).toBe(-2);
    expect(await orderOf(held.id)).toMatchObject({ review: 'held' });
  });

  it('takes a member with pos.sell naming the till, and refuses a body that is not a sync', async () => {
    const v = await variant(5);
    expect((await sync([sale(v.id)], cashier.accessToken)).json().results[0].status).toBe('recorded');
    expect((await statuses([sale(v.id, { drawerId: randomUUID() })]))[0]).toMatchObject({
      status: 'conflict',
      message: 'Unknown drawer: open the drawer on this till first',
    });
    expect((await sync([])).statusCode).toBe(400);
    expect((await sync([{ ...sale(v.id), receiptNumber: '184' }])).statusCode).toBe(400);
  });
});
