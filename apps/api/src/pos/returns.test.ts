/**
 * Returns and exchanges at the till through HTTP (issue 29): some or all lines, never more
 * than were sold, back on sale or not; the money to cash (out of the drawer), to the sale's
 * tender or as store credit (issued, then spent on an exchange); exchange pricing (cheaper,
 * dearer, the same); recorded once per id; the role's refund policy (a cashier's approval);
 * finding the sale by receipt number, phone or name with what came back; who may do it; and
 * the till's own returns by its device token (its own sales only, naming the cashier, a
 * manager's PIN approval carried as a synced sale's).
 */
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, posReturnLines, posReturns, storeCreditEntries } from '../db/schema/index.ts';
import { readProduct } from '../../test/fixtures.ts';
import { bearer, createStaff, createTestApp, expectRefusedWithout, type TestContext } from '../../test/helpers.ts';
import { insertTill, newId, productOnSale, tillSale } from '../../test/till-sales.ts';
import { OTHER_TILLS_SALE } from './returns-policy.ts';

type Staff = Awaited<ReturnType<typeof createStaff>>;
let ctx: TestContext;
let cashier: Staff;
let manager: Staff;
beforeAll(async () => {
  ctx = await createTestApp();
  cashier = await createStaff(ctx, 'cashier');
  manager = await createStaff(ctx, 'manager');
  const pin = await as(await createStaff(ctx))('PUT', `/api/staff/${manager.user.id}/pin`, { pin: '2468' });
  expect(pin.statusCode).toBe(204);
});
afterAll(() => ctx.close());

const as = (who: Staff | undefined) => (method: InjectOptions['method'], url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: who ? bearer(who.accessToken) : {}, ...(payload && { payload }) });
const giveBack = (body: object, who: Staff = manager) => as(who)('POST', '/api/pos/returns', body);
const db = () => ctx.database.db;

/** A till with an open drawer (float ₦0) for the returns' cash. */
async function tillWithDrawer() {
  const till = await insertTill(db());
  const drawerId = newId();
  expect((await as(manager)('POST', '/api/pos/drawers', { id: drawerId, tillId: till.id, float: 0 })).statusCode).toBe(201);
  return { tillId: till.id, drawerId };
}
const report = async (drawerId: string) => (await as(manager)('GET', `/api/pos/drawers/${drawerId}/report`)).json();

/** Two ₦25,000 dresses sold on the till, paid as `tenders` say (cash by default). */
async function dressSale(
  till: { tillId: string; drawerId: string },
  extra: { customerId?: string; tender?: 'cash' | 'card' } = {},
) {
  const dress = await productOnSale(db(), 2_500_000, 10, `Adire Dress ${newId().slice(0, 4)}`);
  const sale = await tillSale(ctx.app, db(), {
    headers: bearer(manager.accessToken),
    ...till,
    cashierId: cashier.user.id,
    customerId: extra.customerId,
    lines: [{ productId: dress.productId, quantity: 2 }],
    tenders: [{ type: extra.tender ?? 'cash', amount: 5_000_000 }],
  });
  return { ...sale, dress };
}

async function aCustomer(phone = '+234 803 555 0101') {
  const res = await as(manager)('POST', '/api/customers/create', {
    firstName: 'Funke',
    lastName: 'Akindele',
    email: `funke-${newId().slice(0, 6)}@example.com`,
    phone,
  });
  return res.json() as { id: string };
}
const creditOf = async (customerId: string) => (await as(manager)('GET', `/api/customers/${customerId}`)).json().storeCredit;

describe('returning goods', () => {
  it('takes some lines back to cash, back on sale or not, and never more than were sold', async () => {
    const till = await tillWithDrawer();
    const sale = await dressSale(till);
    const first = await giveBack({
      saleId: sale.id,
      lines: [{ variantId: sale.dress.variantId, quantity: 1, restock: true }],
      refundTo: 'cash',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      saleId: sale.id,
      amount: 2_500_000,
      goods: 2_500_000,
      difference: -2_500_000,
      exchangeOrderId: null,
      refundId: expect.any(String),
    });
    expect((await readProduct(db(), sale.dress.productId)).counter).toBe(9);

    const damaged = await giveBack({
      saleId: sale.id,
      lines: [{ variantId: sale.dress.variantId, quantity: 1, restock: false }],
      refundTo: 'cash',
    });
    expect(damaged.statusCode).toBe(201);
    expect((await readProduct(db(), sale.dress.productId)).counter).toBe(9);
    const [order] = await db().select().from(orders).where(eq(orders.id, sale.id));
    expect(order).toMatchObject({ paymentStatus: 'refunded', amountRefunded: 5_000_000 });

    const third = await giveBack({
      saleId: sale.id,
      lines: [{ variantId: sale.dress.variantId, quantity: 1, restock: true }],
      refundTo: 'cash',
    });
    expect(third.statusCode).toBe(409);
    expect(third.json().msg).toBe(`${sale.dress.title} has been returned already`);

    // The cash went out of the drawer: ₦0 float + ₦50,000 sold − ₦50,000 given back.
    expect((await report(till.drawerId)).cash).toMatchObject({ sales: 5_000_000, refunds: 5_000_000, expected: 0 });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'pos.goods_returned'), eq(auditLog.entityId, sale.id)));
    expect(entry).toMatchObject({ actorId: manager.user.id, entity: 'orders' });
  });

  it('refuses what cannot be returned, and records nothing', async () => {
    const till = await tillWithDrawer();
    const sale = await dressSale(till);
    const line = (quantity: number, variantId = sale.dress.variantId) => ({
      saleId: sale.id,
      lines: [{ variantId, quantity, restock: true }],
      refundTo: 'cash',
    });
    const tooMany = await giveBack(line(3));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().msg).toBe(`Only 2 of ${sale.dress.title} can still be returned`);
    expect((await giveBack(line(1, newId()))).json()).toMatchObject({ msg: 'That item was not sold in this sale' });
    expect((await giveBack({ ...line(1), saleId: newId() })).statusCode).toBe(404);
    expect((await giveBack({ ...line(1), refundTo: 'store_credit' })).json().msg).toBe(
      'Store credit needs a customer: this sale was to a walk-in customer',
    );
    expect((await giveBack({ ...line(1), lines: [] })).statusCode).toBe(400);
    await db().update(orders).set({ channel: 'web' }).where(eq(orders.id, sale.id));
    expect((await giveBack(line(1))).json()).toMatchObject({ msg: 'Sale not found' });
    await db().update(orders).set({ channel: 'pos' }).where(eq(orders.id, sale.id));
    expect((await readProduct(db(), sale.dress.productId)).counter).toBe(8);
    const [order] = await db().select().from(orders).where(eq(orders.id, sale.id));
    expect(order!.amountRefunded).toBe(0);
  });

  it('records a return once per id', async () => {
    const till = await tillWithDrawer();
    const sale = await dressSale(till);
    const body = {
      id: newId(),
      saleId: sale.id,
      lines: [{ variantId: sale.dress.variantId, quantity: 1, restock: true }],
      refundTo: 'cash',
    };
    const first = await giveBack(body);
    const again = await giveBack(body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await readProduct(db(), sale.dress.productId)).counter).toBe(9);
    expect((await giveBack({ ...body, saleId: (await dressSale(till)).id })).statusCode).toBe(409);
  });

  it("gives the money back to the sale's own tender: a card sale's refund is no drawer cash", async () => {
    const till = await tillWithDrawer();
    const sale = await dressSale(till, { tender: 'card' });
    const res = await giveBack({
      saleId: sale.id,
      lines: [{ variantId: sale.dress.variantId, quantity: 2, restock: true }],
      refundTo: 'original',
    });
    expect(res.statusCode, res.body).toBe(201);
    const z = await report(till.drawerId);
    expect(z.refunds).toEqual({ count: 1, total: 5_000_000, byTender: [{ type: 'card', amount: 5_000_000 }] });
    expect(z.cash).toMatchObject({ refunds: 0, expected: 0 });
  });
});

describe('store credit', () => {
  it('is issued for a return and spent on an exchange, never below zero', async () => {
    const till = await tillWithDrawer();
    const customer = await aCustomer();
    const sale = await dressSale(till, { customerId: customer.id });
    const credited = await giveBack({
      saleId: sale.id,
      lines: [{ variantId: sale.dress.variantId, quantity: 1, restock: true }],
      refundTo: 'store_credit',
    });
    expect(credited.statusCode, credited.body).toBe(201);
    expect(await creditOf(customer.id)).toBe(2_500_000);

    // The other dress (₦25,000) for a ₦40,000 gown: ₦15,000 more, of which ₦10,000 from store credit and ₦5,000 in cash.
    const gown = await productOnSale(db(), 4_000_000, 5);
    const exchange = (tenders: object[]) =>
      giveBack({
        saleId: sale.id,
        lines: [{ variantId: sale.dress.variantId, quantity: 1, restock: true }],
        refundTo: 'cash',
        exchange: { sale: { id: newId(), lines: [{ variantId: gown.variantId, quantity: 1 }], tenders } },
      });
    const tooMuch = await exchange([{ type: 'store_credit', amount: 1_500_000 }]);
    expect(tooMuch.statusCode).toBe(201);
    expect(await creditOf(customer.id)).toBe(1_000_000);
    const entries = await db().select().from(storeCreditEntries).where(eq(storeCreditEntries.customerId, customer.id));
    expect(entries.map((e) => e.amount).sort((a, b) => a - b)).toEqual([-1_500_000, 2_500_000]);

    const other = await dressSale(till, { customerId: customer.id });
    const overspent = await giveBack({
      saleId: other.id,
      lines: [{ variantId: other.dress.variantId, quantity: 1, restock: true }],
      refundTo: 'cash',
      exchange: {
        sale: {
          id: newId(),
          lines: [{ variantId: gown.variantId, quantity: 1 }],
          tenders: [{ type: 'store_credit', amount: 1_500_000 }],
        },
      },
    });
    expect(overspent.statusCode).toBe(409);
    expect(overspent.json().msg).toBe('The customer does not have enough store credit');
    expect(await creditOf(customer.id)).toBe(1_000_000);
  });
});

describe('exchanges', () => {
  async function exchangeFor(price: number, tenders: object[] = []) {
    const till = await tillWithDrawer();
    const sale = await dressSale(till);
    const other = await productOnSale(db(), price, 5);
    const res = await giveBack({
      saleId: sale.id,
      lines: [{ variantId: sale.dress.variantId, quantity: 1, restock: true }],
      refundTo: 'cash',
      exchange: { sale: { id: newId(), lines: [{ variantId: other.variantId, quantity: 1 }], tenders } },
    });
    return { res, till, sale, other };
  }

  it('gives the difference back for a cheaper item', async () => {
    const { res, till, other } = await exchangeFor(1_000_000);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      goods: 2_500_000,
      amount: 1_500_000,
      difference: -1_500_000,
      exchangeOrderId: expect.any(String),
    });
    const [made] = await db().select().from(orders).where(eq(orders.id, res.json().exchangeOrderId));
    expect(made).toMatchObject({
      channel: 'pos',
      paymentStatus: 'paid',
      total: 1_000_000,
      tillId: till.tillId,
      drawerId: till.drawerId,
    });
    expect((await readProduct(db(), other.productId)).counter).toBe(4);
    const z = await report(till.drawerId);
    expect(z.cash).toMatchObject({ sales: 5_000_000, refunds: 1_500_000, expected: 3_500_000 });
    expect(z.exchanges).toEqual({ count: 1, credit: 1_000_000 });
  });

  it('takes the difference for a dearer item, paid exactly by its tenders', async () => {
    const wrong = await exchangeFor(4_000_000, [{ type: 'cash', amount: 1_000_000 }]);
    expect(wrong.res.statusCode).toBe(400);
    expect(wrong.res.json().msg).toBe(
      'The exchange costs ₦15,000.00 more than the returned goods: the tenders must pay exactly that',
    );
    expect((await readProduct(db(), wrong.other.productId)).counter).toBe(5);
    expect((await readProduct(db(), wrong.sale.dress.productId)).counter).toBe(8);

    const { res, till } = await exchangeFor(4_000_000, [{ type: 'cash', amount: 1_500_000, tendered: 2_000_000 }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ goods: 2_500_000, amount: 0, difference: 1_500_000 });
    expect((await report(till.drawerId)).cash).toMatchObject({ sales: 6_500_000, refunds: 0, expected: 6_500_000 });
  });

  it('swaps at the same price with nothing paid either way', async () => {
    const { res, till } = await exchangeFor(2_500_000);
    expect(res.json()).toMatchObject({ goods: 2_500_000, amount: 0, difference: 0 });
    expect((await report(till.drawerId)).cash.expected).toBe(5_000_000);
    const tendered = await exchangeFor(2_500_000, [{ type: 'cash', amount: 100 }]);
    expect(tendered.res.statusCode).toBe(400);
  });
});

describe('the refund policy', () => {
  it("needs a manager's approval of exactly the goods' value for a cashier", async () => {
    const till = await tillWithDrawer();
    const sale = await dressSale(till);
    const body = { saleId: sale.id, lines: [{ variantId: sale.dress.variantId, quantity: 1, restock: true }], refundTo: 'cash' };
    const refused = await giveBack(body, cashier);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().permission).toBe('orders.refund');
    const approval = await as(cashier)('POST', '/api/pos/approvals', {
      managerId: manager.user.id,
      pin: '2468',
      action: 'refund',
      amount: 25_000,
      orderId: sale.id,
    });
    expect(approval.statusCode, approval.body).toBe(201);
    const approved = await giveBack({ ...body, approvalId: approval.json().approvalId }, cashier);
    expect(approved.statusCode, approved.body).toBe(201);
    const reused = await giveBack({ ...body, approvalId: approval.json().approvalId }, cashier);
    expect(reused.statusCode).toBe(403);
  });
});

describe('finding a sale', () => {
  it('finds till sales by receipt number, phone or name, with what came back', async () => {
    const till = await tillWithDrawer();
    const customer = await aCustomer('0809 444 7777');
    const sale = await dressSale(till, { customerId: customer.id });
    await giveBack({
      saleId: sale.id,
      lines: [{ variantId: sale.dress.variantId, quantity: 1, restock: true }],
      refundTo: 'cash',
    });
    const find = async (q: string) => (await as(cashier)('GET', `/api/pos/sales?q=${encodeURIComponent(q)}`)).json();
    const [byNumber] = await find(sale.number.toLowerCase());
    expect(byNumber).toMatchObject({
      id: sale.id,
      receiptNumber: sale.number,
      customer: { id: customer.id, name: 'Funke Akindele' },
      total: 5_000_000,
      tenders: [{ type: 'cash', amount: 5_000_000 }],
      lines: [{ variantId: sale.dress.variantId, quantity: 2, unitPrice: 2_500_000, returned: 1 }],
    });
    expect((await find('+234 809 444 7777')).map((s: { id: string }) => s.id)).toContain(sale.id);
    expect((await find('funke akin')).map((s: { id: string }) => s.id)).toContain(sale.id);
    expect(await find('T0-999999')).toEqual([]);
    expect((await as(cashier)('GET', '/api/pos/sales?q=x')).statusCode).toBe(400);
  });
});

describe('who may do it', () => {
  it('refuses members who do not sell', async () => {
    await expectRefusedWithout(ctx, 'pos.sell', [
      {
        method: 'POST',
        url: '/api/pos/returns',
        payload: { saleId: newId(), lines: [{ variantId: newId(), quantity: 1, restock: true }], refundTo: 'cash' },
      },
      { method: 'GET', url: '/api/pos/sales?q=T1-000001' },
    ]);
  });
});

const send = (token: string, method: InjectOptions['method'], url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

/** A till registered by the manager, with its device token, and a drawer it opened. */
async function registerTill() {
  const res = await send(manager.accessToken, 'POST', '/api/pos/tills', { name: `Counter ${newId().slice(0, 4)}` });
  expect(res.statusCode, res.body).toBe(201);
  const till = res.json() as { tillId: string; deviceToken: string };
  const drawerId = newId();
  expect((await send(till.deviceToken, 'POST', '/api/pos/drawers', { id: drawerId, float: 0 })).statusCode).toBe(201);
  return { ...till, drawerId };
}

const oneBack = (sale: Awaited<ReturnType<typeof dressSale>>, extra: object = {}) => ({
  id: newId(),
  saleId: sale.id,
  lines: [{ variantId: sale.dress.variantId, quantity: 1, restock: true }],
  refundTo: 'cash',
  ...extra,
});
const managerPin = () => ({
  id: newId(),
  action: 'refund',
  managerId: manager.user.id,
  at: new Date().toISOString(),
});
const returnsOf = (saleId: string) => db().select().from(posReturns).where(eq(posReturns.orderId, saleId));

describe("a till's own returns, by its device token", () => {
  it("records a return of its own sale with the cashier named and a manager's PIN approval, once per id", async () => {
    const till = await registerTill();
    const sale = await dressSale(till);
    const approval = managerPin();
    const body = oneBack(sale, { cashierId: cashier.user.id, approvals: [approval] });

    const first = await send(till.deviceToken, 'POST', '/api/pos/returns', body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ saleId: sale.id, amount: 2_500_000, goods: 2_500_000 });
    const again = await send(till.deviceToken, 'POST', '/api/pos/returns', body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    const recorded = await returnsOf(sale.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ tillId: till.tillId, createdBy: cashier.user.id, approvalId: approval.id });
    expect(await db().select().from(posReturnLines).where(eq(posReturnLines.returnId, body.id))).toHaveLength(1);
    const [order] = await db().select().from(orders).where(eq(orders.id, sale.id));
    expect(order?.amountRefunded).toBe(2_500_000);
    // Kept with the sale's approvals, where the back office lists those given by PIN.
    expect(order?.posApprovals).toEqual([{ managerId: manager.user.id, action: 'refund', amount: 2_500_000, at: approval.at }]);
  });

  it("follows the cashier role's refund policy: a manager needs no approval, a cashier does", async () => {
    const till = await registerTill();
    const sale = await dressSale(till);
    const unapproved = await send(till.deviceToken, 'POST', '/api/pos/returns', oneBack(sale, { cashierId: cashier.user.id }));
    expect(unapproved.statusCode).toBe(403);
    expect(unapproved.json().msg).toBe("Refunds need a manager's approval");
    // A PIN of someone whose role does not allow refunds is no approval.
    const byCashier = { ...managerPin(), managerId: cashier.user.id };
    const selfApproved = await send(
      till.deviceToken,
      'POST',
      '/api/pos/returns',
      oneBack(sale, { cashierId: cashier.user.id, approvals: [byCashier] }),
    );
    expect(selfApproved.statusCode).toBe(403);
    expect(await returnsOf(sale.id)).toHaveLength(0);

    const byManager = await send(till.deviceToken, 'POST', '/api/pos/returns', oneBack(sale, { cashierId: manager.user.id }));
    expect(byManager.statusCode, byManager.body).toBe(201);
    expect(await returnsOf(sale.id)).toHaveLength(1);
  });

  it("refuses another till's sale, a till naming another, a revoked till, and a cashier not named or not staff", async () => {
    const till = await registerTill();
    const other = await registerTill();
    const sale = await dressSale(other);
    const asManager = { cashierId: manager.user.id };

    const elsewhere = await send(till.deviceToken, 'POST', '/api/pos/returns', oneBack(sale, asManager));
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().msg).toBe(OTHER_TILLS_SALE);
    const naming = await send(
      till.deviceToken,
      'POST',
      '/api/pos/returns',
      oneBack(sale, { ...asManager, tillId: other.tillId }),
    );
    expect(naming.statusCode).toBe(403);

    const unnamed = await send(other.deviceToken, 'POST', '/api/pos/returns', oneBack(sale));
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().msg).toBe('Name the cashier (cashierId)');
    const stranger = await send(other.deviceToken, 'POST', '/api/pos/returns', oneBack(sale, { cashierId: newId() }));
    expect(stranger.statusCode).toBe(403);

    const revoke = await send(manager.accessToken, 'DELETE', `/api/pos/tills/${other.tillId}`);
    expect(revoke.statusCode).toBeLessThan(300);
    const revoked = await send(other.deviceToken, 'POST', '/api/pos/returns', oneBack(sale, asManager));
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().msg).toBe('This till has been revoked');
    expect(await returnsOf(sale.id)).toHaveLength(0);
  });

  it('answers 400 for a bad body, recording nothing', async () => {
    const till = await registerTill();
    const sale = await dressSale(till);
    const cases = [
      oneBack(sale, { cashierId: manager.user.id, lines: [] }),
      oneBack(sale, { cashierId: 'Ada' }),
      oneBack(sale, { cashierId: manager.user.id, approvals: [{ action: 'refund' }] }),
      oneBack(sale, { cashierId: manager.user.id, refundTo: 'bitcoin' }),
    ];
    for (const body of cases) {
      const res = await send(till.deviceToken, 'POST', '/api/pos/returns', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await returnsOf(sale.id)).toHaveLength(0);
  });
});
