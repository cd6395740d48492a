/**
 * Cash drawers through HTTP (issue 29): opened with a float (the same id again is the same
 * drawer, a second open drawer on the till refused), cash paid in and out (recorded once per
 * id), closed over and short with expected = float + cash sales (net of change) − cash
 * refunds + pay-ins − pay-outs, closed once; the Z-report (tenders, cashiers, discounts with
 * the till's apart, movements) and its CSV; who may do what.
 */
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, posDrawerMovements } from '../db/schema/index.ts';
import { bearer, createStaff, createTestApp, expectRefusedWithout, type TestContext } from '../../test/helpers.ts';
import { insertTill, newId, productOnSale, tillSale } from '../../test/till-sales.ts';

type Staff = Awaited<ReturnType<typeof createStaff>>;
let ctx: TestContext;
let cashier: Staff;
let manager: Staff;
beforeAll(async () => {
  ctx = await createTestApp();
  cashier = await createStaff(ctx, 'cashier');
  manager = await createStaff(ctx, 'manager');
});
afterAll(() => ctx.close());

const as = (who: Staff | undefined) => (method: InjectOptions['method'], url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: who ? bearer(who.accessToken) : {}, ...(payload && { payload }) });
const open = (tillId: string, float: number, id = newId()) => as(cashier)('POST', '/api/pos/drawers', { id, tillId, float });
const move = (drawerId: string, body: object) => as(cashier)('POST', `/api/pos/drawers/${drawerId}/movements`, body);
const close = (drawerId: string, counted: number) => as(cashier)('POST', `/api/pos/drawers/${drawerId}/close`, { counted });

/** A till with an open drawer (float ₦10,000), its cash sales of ₦25,000 (₦30,000 handed over) and a card sale of ₦10,000, ₦5,000 paid in, ₦2,000 paid out. */
async function busyDrawer() {
  const till = await insertTill(ctx.database.db);
  const drawerId = newId();
  expect((await open(till.id, 1_000_000, drawerId)).statusCode).toBe(201);
  const dress = await productOnSale(ctx.database.db, 2_500_000);
  const scarf = await productOnSale(ctx.database.db, 1_000_000);
  const headers = bearer(cashier.accessToken);
  await tillSale(ctx.app, ctx.database.db, {
    headers,
    tillId: till.id,
    drawerId,
    cashierId: cashier.user.id,
    lines: [{ productId: dress.productId, quantity: 1 }],
    tenders: [{ type: 'cash', amount: 2_500_000, tendered: 3_000_000 }],
  });
  await tillSale(ctx.app, ctx.database.db, {
    headers,
    tillId: till.id,
    drawerId,
    cashierId: manager.user.id,
    lines: [{ productId: scarf.productId, quantity: 1 }],
    tenders: [{ type: 'card', amount: 1_000_000, reference: 'MP-123' }],
    tillDiscount: 50_000,
  });
  expect(
    (await move(drawerId, { id: newId(), kind: 'pay_in', amount: 500_000, reason: 'Change from the bank' })).statusCode,
  ).toBe(201);
  expect(
    (await move(drawerId, { id: newId(), kind: 'pay_out', amount: 200_000, reason: 'Fuel for the generator' })).statusCode,
  ).toBe(201);
  return { till, drawerId };
}

describe('opening a drawer', () => {
  it('opens once per id, and refuses a second open drawer on the till', async () => {
    const till = await insertTill(ctx.database.db);
    const id = newId();
    const first = await open(till.id, 500_000, id);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      id,
      tillId: till.id,
      tillName: till.name,
      float: 500_000,
      closedAt: null,
      openedBy: 'Cashier Staff',
    });
    const again = await open(till.id, 500_000, id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    const second = await open(till.id, 100_000);
    expect(second.statusCode).toBe(409);
    expect(second.json().msg).toMatch(/already has an open drawer/);
    const list = await as(cashier)('GET', `/api/pos/drawers?tillId=${till.id}`);
    expect(list.json().map((d: { id: string }) => d.id)).toEqual([id]);
  });

  it('says what is wrong with a bad open, and opens nothing', async () => {
    const till = await insertTill(ctx.database.db);
    expect((await open(till.id, -1)).statusCode).toBe(400);
    expect((await as(cashier)('POST', '/api/pos/drawers', { id: newId(), float: 100 })).json()).toMatchObject({
      msg: 'Name the till (tillId)',
    });
    expect((await open(newId(), 100)).statusCode).toBe(404);
    expect((await as(cashier)('POST', '/api/pos/drawers', { id: 'not-a-uuid', tillId: till.id, float: 1 })).statusCode).toBe(400);
    expect((await as(cashier)('GET', `/api/pos/drawers?tillId=${till.id}`)).json()).toEqual([]);
  });
});

describe("the till's own token", () => {
  it("opens, moves and closes its own drawers, and finds no other till's", async () => {
    const registered = await as(cashier)('POST', '/api/pos/tills', { name: 'Tablet by the door' });
    expect(registered.statusCode, registered.body).toBe(201);
    const { tillId, deviceToken } = registered.json();
    const device = (method: InjectOptions['method'], url: string, payload: object) =>
      ctx.app.inject({ method, url, headers: bearer(deviceToken), payload });
    const id = newId();
    const opened = await device('POST', '/api/pos/drawers', { id, float: 200_000, openedAt: '2026-11-26T07:30:00.000Z' });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json()).toMatchObject({ tillId, openedBy: null, openedAt: '2026-11-26T07:30:00.000Z' });
    const moved = await device('POST', `/api/pos/drawers/${id}/movements`, {
      id: newId(),
      kind: 'pay_out',
      amount: 50_000,
      reason: 'Pure water',
    });
    expect(moved.statusCode).toBe(201);

    const other = await insertTill(ctx.database.db);
    const otherDrawer = newId();
    await open(other.id, 0, otherDrawer);
    expect((await device('POST', `/api/pos/drawers/${otherDrawer}/close`, { counted: 0 })).statusCode).toBe(404);
    expect((await device('POST', '/api/pos/drawers', { id: newId(), tillId: other.id, float: 0 })).statusCode).toBe(403);
    const closed = await device('POST', `/api/pos/drawers/${id}/close`, { counted: 150_000 });
    expect(closed.json()).toMatchObject({ expected: 150_000, overShort: 0 });
  });
});

describe('paying in and out', () => {
  it('records a movement once per id, with its reason', async () => {
    const till = await insertTill(ctx.database.db);
    const drawerId = newId();
    await open(till.id, 0, drawerId);
    const body = { id: newId(), kind: 'pay_out', amount: 150_000, reason: 'Bought bin bags' };
    const first = await move(drawerId, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ ...body, createdBy: cashier.user.id });
    expect((await move(drawerId, body)).statusCode).toBe(200);
    const rows = await ctx.database.db.select().from(posDrawerMovements).where(eq(posDrawerMovements.drawerId, drawerId));
    expect(rows).toHaveLength(1);

    expect((await move(drawerId, { ...body, id: newId(), reason: ' ' })).json().msg).toBe('Say why');
    expect((await move(drawerId, { ...body, id: newId(), amount: 0 })).statusCode).toBe(400);
    expect((await move(newId(), { ...body, id: newId() })).statusCode).toBe(404);
  });
});

describe('closing a drawer', () => {
  it('records an over: counted above float + cash sales net of change + pay-ins − pay-outs', async () => {
    const { drawerId } = await busyDrawer();
    // ₦10,000 + ₦25,000 + ₦5,000 − ₦2,000 = ₦38,000; the card sale is not cash.
    const res = await close(drawerId, 3_850_000);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ expected: 3_800_000, counted: 3_850_000, overShort: 50_000 });
    expect(res.json().drawer).toMatchObject({ closedBy: 'Cashier Staff', expected: 3_800_000, overShort: 50_000 });

    const twice = await close(drawerId, 3_800_000);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toMatch(/^This drawer was closed/);
    expect((await move(drawerId, { id: newId(), kind: 'pay_in', amount: 100, reason: 'Late' })).statusCode).toBe(409);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'pos.drawer_closed'), eq(auditLog.entityId, drawerId)));
    expect(entry).toMatchObject({ actorId: cashier.user.id, entity: 'pos_drawers' });
  });

  it('records a short, and a new drawer opens once the old one is closed', async () => {
    const { till, drawerId } = await busyDrawer();
    const res = await close(drawerId, 3_770_000);
    expect(res.json()).toMatchObject({ expected: 3_800_000, counted: 3_770_000, overShort: -30_000 });
    expect((await open(till.id, 1_000_000)).statusCode).toBe(201);
  });
});

describe('the Z-report', () => {
  it('adds up the drawer by tender, cashier, discount and movement, as JSON and CSV', async () => {
    const { till, drawerId } = await busyDrawer();
    await close(drawerId, 3_770_000);
    const res = await as(cashier)('GET', `/api/pos/drawers/${drawerId}/report`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({
      storeName: 'Adire',
      sales: { count: 2, total: 3_500_000 },
      tenders: [
        { type: 'cash', count: 1, amount: 2_500_000 },
        { type: 'card', count: 1, amount: 1_000_000 },
      ],
      refunds: { count: 0, total: 0, byTender: [] },
      discounts: { markdowns: 0, coupons: 0, till: 50_000 },
      cash: {
        float: 1_000_000,
        sales: 2_500_000,
        refunds: 0,
        payIns: 500_000,
        payOuts: 200_000,
        expected: 3_800_000,
        counted: 3_770_000,
        overShort: -30_000,
      },
    });
    expect(report.cashiers).toEqual([
      { cashierId: cashier.user.id, name: 'Cashier Staff', sales: 1, total: 2_500_000 },
      { cashierId: manager.user.id, name: 'Manager Staff', sales: 1, total: 1_000_000 },
    ]);
    expect(report.movements.map((m: { reason: string }) => m.reason)).toEqual(['Change from the bank', 'Fuel for the generator']);

    const csv = await as(manager)('GET', `/api/pos/drawers/${drawerId}/report.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date(report.drawer.openedAt));
    const slug = till.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="z-report-${slug}-${day}.csv"`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('section,item,count,amount');
    expect(lines).toContain('tender,Cash,1,25000.00');
    expect(lines).toContain('discount,till discounts,,500.00');
    expect(lines).toContain('pay out,Fuel for the generator,,2000.00');
    expect(lines).toContain('cash,expected,,38000.00');
    expect(lines).toContain('cash,short,,300.00');
  });

  it('is 404 for an unknown drawer', async () => {
    expect((await as(manager)('GET', `/api/pos/drawers/${newId()}/report`)).statusCode).toBe(404);
    expect((await as(manager)('GET', '/api/pos/drawers/nope/report.csv')).statusCode).toBe(404);
  });
});

describe('who may do what', () => {
  it('lets members who sell open, move and close drawers, and members who sell or see sales read them', async () => {
    const id = newId();
    await expectRefusedWithout(ctx, 'pos.sell', [
      { method: 'POST', url: '/api/pos/drawers', payload: { id, tillId: newId(), float: 0 } },
      { method: 'POST', url: `/api/pos/drawers/${id}/movements`, payload: { id, kind: 'pay_in', amount: 1, reason: 'x' } },
      { method: 'POST', url: `/api/pos/drawers/${id}/close`, payload: { counted: 0 } },
    ]);
    const fulfilment = await createStaff(ctx, 'fulfilment');
    for (const url of ['/api/pos/drawers', `/api/pos/drawers/${id}/report`, `/api/pos/drawers/${id}/report.csv`]) {
      expect((await as(fulfilment)('GET', url)).statusCode, url).toBe(403);
      expect((await as(undefined)('GET', url)).statusCode, url).toBe(401);
    }
    expect((await as(cashier)('GET', '/api/pos/drawers')).statusCode).toBe(200);
  });
});
