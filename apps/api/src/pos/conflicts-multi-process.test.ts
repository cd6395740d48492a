/**
 * Held till sales accepted and voided at once through two real API processes on one
 * PostgreSQL database (issue 29): two managers on the Sync conflicts page, or one clicking
 * twice. The sale's row is locked and its review read again under the lock, so however the
 * requests fall, each sale is accepted or voided once: its stock taken at most once, its
 * money (cash and store credit) given back at most once, and never both.
 */
import { randomUUID } from 'node:crypto';
import type { SyncSale } from '@shop/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, postTo, signInOn, startTwoApiProcesses } from '../../test/api-process.ts';
import { insertProduct, readVariants } from '../../test/fixtures.ts';
import { createStaff, createTestApp, type TestContext } from '../../test/helpers.ts';
import { customers, orderRefunds, orders, productVariants } from '../db/schema/index.ts';
import { registerTill } from './tills.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('accepting and voiding held sales at once, with two API processes', () => {
  let ctx: TestContext;
  const processes: ApiProcess[] = [];
  let ports: number[] = [];
  let cashierId: string;
  let token: string;
  let till: { tillId: string; prefix: string; deviceToken: string };

  const post = (port: number, url: string, body?: unknown, bearerToken = token) => postTo(port, url, bearerToken, body);

  beforeAll(async () => {
    ctx = await createTestApp();
    processes.push(...(await startTwoApiProcesses(ctx.database.url!, 'conflicts-multi-process-secret-0123456789abcdef')));
    ports = processes.map((p) => p.port);
    cashierId = (await createStaff(ctx, 'cashier')).user.id;
    const manager = await createStaff(ctx, 'manager');
    token = await signInOn(ports[0]!, manager);
    till = await registerTill(ctx.database.db, 'Market stall', null);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await ctx.close();
  });

  it('8 held sales, each accepted twice and voided twice at once across both processes: one decision each, stock and money moved once', async () => {
    // No stock: a cashier's offline sale of it, without a manager's approval, is held for review.
    const product = await insertProduct(ctx.database.db, { price: 1_000_000, counter: 0 });
    const [variant] = await readVariants(ctx.database.db, product.id);
    const [customer] = await ctx.database.db
      .insert(customers)
      .values({ firstName: 'Ngozi', lastName: 'Eze', email: `ngozi-${randomUUID()}@example.com`, storeCredit: 8 * 300_000 })
      .returning();
    const sales: SyncSale[] = Array.from({ length: 8 }, (_, i) => ({
      id: randomUUID(),
      receiptNumber: `${till.prefix}-${String(i + 1).padStart(6, '0')}`,
      createdAt: new Date(Date.now() - 60_000 + i).toISOString(),
      cashierId,
      customerId: customer!.id,
      offline: true,
      lines: [{ variantId: variant!.id, quantity: 1 }],
      tenders: [
        { type: 'store_credit', amount: 300_000 },
        { type: 'cash', amount: 700_000 },
      ],
      approvals: [],
    }));
    const synced = await post(ports[0]!, '/api/pos/sales/sync', { tillId: till.tillId, sales }, till.deviceToken);
    expect(synced.status, synced.body).toBe(200);
    expect((JSON.parse(synced.body) as { results: { message?: string }[] }).results.map((r) => r.message)).toEqual(
      Array(8).fill('Held for review'),
    );
    const creditOf = async () =>
      (await ctx.database.db.select().from(customers).where(eq(customers.id, customer!.id)))[0]!.storeCredit;
    expect(await creditOf()).toBe(0);

    const answers = await Promise.all(
      sales.flatMap((sale, i) =>
        (['accept', 'void', 'accept', 'void'] as const).map(async (action, j) => ({
          saleId: sale.id,
          action,
          ...(await post(ports[(i + j) % 2]!, `/api/pos/conflicts/${sale.id}/${action}`)),
        })),
      ),
    );
    expect(answers.filter((a) => a.status !== 204 && a.status !== 409)).toEqual([]);

    const rows = await ctx.database.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          sales.map((s) => s.id),
        ),
      );
    const refunds = await ctx.database.db
      .select()
      .from(orderRefunds)
      .where(
        inArray(
          orderRefunds.orderId,
          sales.map((s) => s.id),
        ),
      );
    let accepted = 0;
    for (const sale of sales) {
      const won = answers.filter((a) => a.saleId === sale.id && a.status === 204);
      expect(won).toHaveLength(1);
      const order = rows.find((o) => o.id === sale.id)!;
      const mine = refunds.filter((r) => r.orderId === sale.id);
      if (won[0]!.action === 'accept') {
        accepted += 1;
        expect(order).toMatchObject({ review: 'accepted', amountRefunded: 0 });
        expect(mine).toEqual([]);
      } else {
        expect(order).toMatchObject({ review: 'voided', amountRefunded: 1_000_000, paymentStatus: 'refunded' });
        expect(mine).toHaveLength(1);
        expect(mine[0]).toMatchObject({ amount: 1_000_000 });
      }
    }
    // Stock taken once per accepted sale; store credit given back once per voided sale.
    const [after] = await ctx.database.db.select().from(productVariants).where(eq(productVariants.id, variant!.id));
    expect(after!.counter).toBe(-accepted);
    expect(await creditOf()).toBe((8 - accepted) * 300_000);
  }, 120_000);
});
