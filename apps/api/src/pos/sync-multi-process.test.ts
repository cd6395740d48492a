/**
 * Two tills syncing at once through two API processes on one PostgreSQL database (issue 29):
 * each sale is recorded once however the batches overlap (the primary key decides), and two
 * offline sales of the last unit both stand, stock below zero, while online sales never go
 * below zero.
 */
import { randomUUID } from 'node:crypto';
import type { SyncSale } from '@shop/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../test/api-process.ts';
import { insertProduct, readVariants } from '../../test/fixtures.ts';
import { createStaff, createTestApp, type TestContext } from '../../test/helpers.ts';
import { orders, productVariants } from '../db/schema/index.ts';
import { registerTill } from './tills.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('two tills syncing at once through two API processes', () => {
  let ctx: TestContext;
  const processes: ApiProcess[] = [];
  let ports: number[] = [];
  let managerId: string;
  const tillsMade: { tillId: string; prefix: string; deviceToken: string }[] = [];

  const sync = async (port: number, till: (typeof tillsMade)[number], sales: SyncSale[]) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/pos/sales/sync`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${till.deviceToken}` },
      body: JSON.stringify({ tillId: till.tillId, sales }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { results: { id: string; status: string; message?: string }[] }).results;
  };
  let n = 0;
  const sale = (till: (typeof tillsMade)[number], variantId: string, offline = true): SyncSale => {
    n += 1;
    return {
      id: randomUUID(),
      receiptNumber: `${till.prefix}-${String(n).padStart(6, '0')}`,
      createdAt: new Date(Date.now() - 100_000 + n).toISOString(),
      cashierId: managerId,
      offline,
      lines: [{ variantId, quantity: 1 }],
      tenders: [{ type: 'cash', amount: 1_000_000 }],
      approvals: [],
    };
  };
  const stock = async (id: string) =>
    (await ctx.database.db.select().from(productVariants).where(eq(productVariants.id, id)))[0]!;

  beforeAll(async () => {
    ctx = await createTestApp();
    const env = { DATABASE_URL: ctx.database.url!, JWT_SECRET: 'till-sync-multi-process-secret-0123456789abcdef' };
    processes.push(...(await Promise.all([startApiProcess(env), startApiProcess(env)])));
    ports = processes.map((p) => p.port);
    managerId = (await createStaff(ctx, 'manager')).user.id;
    tillsMade.push(await registerTill(ctx.database.db, 'Front', null), await registerTill(ctx.database.db, 'Back', null));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await ctx.close();
  });

  it('records each sale once when both tills send overlapping batches to both processes at once', async () => {
    const product = await insertProduct(ctx.database.db, { price: 1_000_000, counter: 100 });
    const [variant] = await readVariants(ctx.database.db, product.id);
    const [front, back] = tillsMade as [(typeof tillsMade)[number], (typeof tillsMade)[number]];
    const frontSales = Array.from({ length: 6 }, () => sale(front, variant!.id));
    const backSales = Array.from({ length: 6 }, () => sale(back, variant!.id));
    // Each till's batch is sent twice at once (a retry while the first was still running), split and reordered.
    const answers = await Promise.all([
      sync(ports[0]!, front, frontSales),
      sync(ports[1]!, front, [...frontSales].reverse()),
      sync(ports[1]!, back, backSales.slice(0, 4)),
      sync(ports[0]!, back, backSales.slice(2).reverse()),
    ]);
    const recorded = answers
      .flat()
      .filter((r) => r.status === 'recorded')
      .map((r) => r.id);
    expect(answers.flat().every((r) => r.status === 'recorded' || r.status === 'duplicate')).toBe(true);
    expect(new Set(recorded).size).toBe(recorded.length);
    expect(recorded.sort()).toEqual([...frontSales, ...backSales].map((s) => s.id).sort());
    const ids = [...frontSales, ...backSales].map((s) => s.id);
    expect(await ctx.database.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids))).toHaveLength(12);
    expect((await stock(variant!.id)).counter).toBe(88);
  });

  it('both offline sales of the last unit stand (stock below zero, flagged); online, only one of two gets it', async () => {
    const [front, back] = tillsMade as [(typeof tillsMade)[number], (typeof tillsMade)[number]];
    const offlineProduct = await insertProduct(ctx.database.db, { price: 1_000_000, counter: 1 });
    const [last] = await readVariants(ctx.database.db, offlineProduct.id);
    const results = await Promise.all([
      sync(ports[0]!, front, [sale(front, last!.id)]),
      sync(ports[1]!, back, [sale(back, last!.id)]),
    ]);
    expect(results.flat().map((r) => r.status)).toEqual(['recorded', 'recorded']);
    expect(await stock(last!.id)).toMatchObject({ counter: -1, oversoldAt: expect.any(Date) });

    const onlineProduct = await insertProduct(ctx.database.db, { price: 1_000_000, counter: 1 });
    const [one] = await readVariants(ctx.database.db, onlineProduct.id);
    const online = await Promise.all([
      sync(ports[0]!, front, [sale(front, one!.id, false)]),
      sync(ports[1]!, back, [sale(back, one!.id, false)]),
    ]);
    expect(
      online
        .flat()
        .map((r) => r.status)
        .sort(),
    ).toEqual(['conflict', 'recorded']);
    expect((await stock(one!.id)).counter).toBe(0);
  });
});
