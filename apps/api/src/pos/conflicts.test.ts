/** Sync conflicts (issue 29): the oversold, the held and the approved; a held sale accepted or voided. */
import { randomUUID } from 'node:crypto';
import type { SyncSale } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, orderRefunds, orders, productVariants } from '../db/schema/index.ts';
import { insertProduct, readVariants } from '../../test/fixtures.ts';
import { bearer, createStaff, createTestApp, type TestContext } from '../../test/helpers.ts';
import { registerTill } from '../../test/till-sales.ts';

let ctx: TestContext;
let manager: Awaited<ReturnType<typeof createStaff>>;
let cashier: Awaited<ReturnType<typeof createStaff>>;
let till: { tillId: string; prefix: string; deviceToken: string };
let n = 0;
beforeAll(async () => {
  ctx = await createTestApp();
  manager = await createStaff(ctx, 'manager');
  cashier = await createStaff(ctx, 'cashier');
  till = await registerTill(ctx.app, cashier.accessToken, 'Stall');
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, token = manager.accessToken) =>
  ctx.app.inject({ method, url, headers: bearer(token) });
const sync = async (sales: SyncSale[]) =>
  (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/pos/sales/sync',
      headers: bearer(till.deviceToken),
      payload: { tillId: till.tillId, sales },
    })
  ).json().results;
function sale(variantId: string, overrides: Partial<SyncSale> = {}): SyncSale {
  n += 1;
  return {
    id: randomUUID(),
    receiptNumber: `${till.prefix}-${String(n).padStart(6, '0')}`,
    createdAt: new Date().toISOString(),
    cashierId: cashier.user.id,
    offline: true,
    lines: [{ variantId, quantity: 1 }],
    tenders: [{ type: 'cash', amount: 1_000_000 }],
    approvals: [],
    ...overrides,
  };
}
const stock = async (id: string) =>
  (await ctx.database.db.select().from(productVariants).where(eq(productVariants.id, id)))[0]!.counter;
const order = async (id: string) => (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('sync conflicts', () => {
  it('lists oversold variants with their offline sales, held sales and sales approved offline', async () => {
    const product = await insertProduct(ctx.database.db, { title: 'Last Gele', price: 1_000_000, counter: 1 });
    const [v] = await readVariants(ctx.database.db, product.id);
    // A sync takes its sales oldest first (sync.ts): the first sells the last one, the approved
    // sells below zero, the third is held. Made in the same millisecond, the three kept the
    // order given; a millisecond apart (a busy machine), the approved one, made first, sold the
    // last one and nothing was oversold. Their times are set so the order is this one.
    const at = (ms: number) => new Date(Date.now() - 60_000 + ms).toISOString();
    const first = sale(v!.id, { createdAt: at(1) });
    const approved = sale(v!.id, {
      createdAt: at(2),
      approvals: [{ id: randomUUID(), action: 'negative_stock', managerId: manager.user.id, at: at(2) }],
    });
    const held = sale(v!.id, { createdAt: at(3) });
    expect((await sync([first, approved, held])).map((r: { status: string }) => r.status)).toEqual([
      'recorded',
      'recorded',
      'recorded',
    ]);
    const res = await call('GET', '/api/pos/conflicts');
    expect(res.statusCode).toBe(200);
    const view = res.json();
    const oversold = view.oversold.find((o: { variantId: string }) => o.variantId === v!.id);
    expect(oversold).toMatchObject({ title: 'Last Gele', stock: -1, oversoldAt: expect.any(String) });
    expect(oversold.sales.map((s: { id: string }) => s.id).sort()).toEqual([first.id, approved.id].sort());
    expect(view.held.map((s: { id: string }) => s.id)).toContain(held.id);
    const listed = view.approved.find((s: { id: string }) => s.id === approved.id);
    expect(listed).toMatchObject({
      number: approved.receiptNumber,
      tillName: 'Stall',
      cashierName: expect.stringContaining('Cashier'),
      total: 1_000_000,
      approvals: [{ action: 'negative_stock', managerId: manager.user.id, managerName: expect.stringContaining('Manager') }],
      lines: [{ variantId: v!.id, quantity: 1 }],
    });
    const refused = await call('GET', '/api/pos/conflicts', cashier.accessToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().permission).toBe('orders.read');
  });

  it('accepts a held sale (stock taken, below zero) once, and voids another with its money back', async () => {
    const product = await insertProduct(ctx.database.db, { price: 1_000_000, counter: 0 });
    const [v] = await readVariants(ctx.database.db, product.id);
    const [customer] = await ctx.database.db
      .insert(customers)
      .values({ firstName: 'Zainab', lastName: 'Bello', email: `z-${randomUUID()}@example.com`, storeCredit: 600_000 })
      .returning();
    const toAccept = sale(v!.id);
    const toVoid = sale(v!.id, {
      customerId: customer!.id,
      tenders: [
        { type: 'store_credit', amount: 600_000 },
        { type: 'cash', amount: 400_000 },
      ],
    });
    expect((await sync([toAccept, toVoid])).map((r: { message: string }) => r.message)).toEqual([
      'Held for review',
      'Held for review',
    ]);
    expect(await stock(v!.id)).toBe(0);

    expect((await call('POST', `/api/pos/conflicts/${toAccept.id}/accept`, cashier.accessToken)).statusCode).toBe(403);
    expect((await call('POST', `/api/pos/conflicts/${toAccept.id}/accept`)).statusCode).toBe(204);
    expect(await stock(v!.id)).toBe(-1);
    expect(await order(toAccept.id)).toMatchObject({ review: 'accepted' });
    const again = await call('POST', `/api/pos/conflicts/${toAccept.id}/accept`);
    expect(again.statusCode).toBe(409);
    expect(await stock(v!.id)).toBe(-1);
    expect((await call('POST', `/api/pos/conflicts/${toAccept.id}/void`)).statusCode).toBe(409);

    expect((await call('POST', `/api/pos/conflicts/${toVoid.id}/void`)).statusCode).toBe(204);
    expect(await order(toVoid.id)).toMatchObject({ review: 'voided', paymentStatus: 'refunded', amountRefunded: 1_000_000 });
    const [refund] = await ctx.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, toVoid.id));
    expect(refund).toMatchObject({ amount: 1_000_000, status: 'processed' });
    expect((await ctx.database.db.select().from(customers).where(eq(customers.id, customer!.id)))[0]!.storeCredit).toBe(600_000);
    expect(await stock(v!.id)).toBe(-1);
    const entries = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, toVoid.id));
    expect(entries.map((e) => e.action)).toContain('pos.conflict_voided');
    expect((await call('POST', `/api/pos/conflicts/${randomUUID()}/void`)).statusCode).toBe(404);
  });
});
