/**
 * Each order line keeps its variant's cost price as it was when the line was made (issue 30):
 * web checkout, the old clients' POST /api/purchases/create, a till sale made online and one
 * synced from offline all copy it; a later change of the cost never rewrites a line, and a
 * line sold while the cost was unknown stays null ("cost unknown"), never 0.
 */
import { randomUUID } from 'node:crypto';
import type { ProductDetail } from '@shop/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, readVariants } from '../../test/fixtures.ts';
import { bearer, createStaff, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { registerTill } from '../../test/till-sales.ts';
import { orderLines, productVariants } from '../db/schema/index.ts';

let ctx: TestContext;
let manager: Awaited<ReturnType<typeof createStaff>>;
let cashier: Awaited<ReturnType<typeof createStaff>>;
let till: { tillId: string; prefix: string; deviceToken: string };
beforeAll(async () => {
  ctx = await createTestApp();
  manager = await createStaff(ctx, 'manager');
  cashier = await createStaff(ctx, 'cashier');
  till = await registerTill(ctx.app, cashier.accessToken, 'Counter');
});
afterAll(() => ctx.close());

const post = (url: string, token: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });

/** A product at ₦10,000 with one variant, its cost `cost` kobo (null: unknown). */
async function productCosting(cost: number | null) {
  const product = await insertProduct(ctx.database.db, { price: 1_000_000, counter: 50 });
  const [variant] = await readVariants(ctx.database.db, product.id);
  await ctx.database.db.update(productVariants).set({ cost }).where(eq(productVariants.id, variant!.id));
  return { productId: product.id, variantId: variant!.id };
}

/** The unit cost of each line sold of the variant, in the order the lines were made. */
async function lineCosts(variantId: string) {
  const rows = await ctx.database.db
    .select({ unitCost: orderLines.unitCost, orderId: orderLines.orderId })
    .from(orderLines)
    .where(eq(orderLines.variantId, variantId))
    .orderBy(asc(orderLines.id));
  return rows;
}

let receipt = 0;
/** Sells one unit by each path that makes order lines; answers each path's order id. */
async function sellByEveryPath({ productId, variantId }: { productId: string; variantId: string }) {
  const shopper = await registerShopper(ctx.app);
  const web = await post('/api/checkout', shopper.accessToken, { lines: [{ productId, quantity: 1 }] });
  expect(web.statusCode, web.body).toBe(201);
  const legacy = await post('/api/purchases/create', (await registerShopper(ctx.app)).accessToken, {
    productId,
    variantId,
    quantity: 1,
  });
  expect(legacy.statusCode, legacy.body).toBe(200);
  const counter = await post('/api/pos/orders', cashier.accessToken, {
    lines: [{ productId, quantity: 1 }],
    paymentMethod: 'cash',
  });
  expect(counter.statusCode, counter.body).toBe(201);
  receipt += 1;
  const offline = {
    id: randomUUID(),
    receiptNumber: `${till.prefix}-${String(receipt).padStart(6, '0')}`,
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    cashierId: cashier.user.id,
    offline: true,
    lines: [{ variantId, quantity: 1 }],
    tenders: [{ type: 'cash', amount: 1_000_000, tendered: 1_000_000 }],
    approvals: [],
  };
  const synced = await post('/api/pos/sales/sync', till.deviceToken, { tillId: till.tillId, sales: [offline] });
  expect(synced.statusCode, synced.body).toBe(200);
  expect(synced.json().results[0]).toMatchObject({ status: 'recorded' });
}

describe('order_lines.unit_cost', () => {
  it('is the variant’s cost when each path made the line, and a later change of the cost leaves the lines alone', async () => {
    const item = await productCosting(700_000);
    await sellByEveryPath(item);
    const sold = await lineCosts(item.variantId);
    expect(sold.map((l) => l.unitCost)).toEqual([700_000, 700_000, 700_000, 700_000]);
    expect(new Set(sold.map((l) => l.orderId)).size).toBe(4);

    // The Manager changes the cost in the variants editor: only lines made after take it.
    const { variants } = (
      await ctx.app.inject({ method: 'GET', url: `/api/products/${item.productId}`, headers: bearer(manager.accessToken) })
    ).json() as ProductDetail;
    const v = variants[0]!;
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${item.productId}/variants`,
      headers: bearer(manager.accessToken),
      payload: {
        variants: [
          { id: v.id, sku: v.sku, size: v.size, color: v.color, counter: v.counter, stockVersion: v.stockVersion, cost: 8_250 },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const counter = await post('/api/pos/orders', cashier.accessToken, {
      lines: [{ productId: item.productId, quantity: 1 }],
      paymentMethod: 'cash',
    });
    expect(counter.statusCode, counter.body).toBe(201);
    expect((await lineCosts(item.variantId)).map((l) => l.unitCost).sort()).toEqual([
      700_000, 700_000, 700_000, 700_000, 825_000,
    ]);
  });

  it('stays null (unknown, not 0) for a line sold while the cost was unknown, even once the cost is set', async () => {
    const item = await productCosting(null);
    await sellByEveryPath(item);
    await ctx.database.db.update(productVariants).set({ cost: 500_000 }).where(eq(productVariants.id, item.variantId));
    expect((await lineCosts(item.variantId)).map((l) => l.unitCost)).toEqual([null, null, null, null]);
  });
});
