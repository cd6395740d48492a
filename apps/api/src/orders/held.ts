/**
 * The stock an order holds: the units of its lines (order_lines, which this feature owns),
 * given back through the catalogue's `returnStock` when the order is let go (cancelled,
 * expired or failed). The catalogue moves the stock; the orders feature says how much.
 */
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import { returnStock, type StockUnits } from '../catalog/stock.ts';
import type { Tx } from '../db/client.ts';
import { orderLines } from '../db/schema/index.ts';

/** The units the given orders' lines hold, per variant (lines whose variant was deleted hold none). */
export async function heldUnits(tx: Tx, orderIds: string[]): Promise<StockUnits[]> {
  if (orderIds.length === 0) return [];
  const held = await tx
    .select({
      productId: orderLines.productId,
      variantId: orderLines.variantId,
      quantity: sql<number>`sum(${orderLines.quantity})::int`,
    })
    .from(orderLines)
    .where(and(inArray(orderLines.orderId, orderIds), isNotNull(orderLines.variantId)))
    .groupBy(orderLines.productId, orderLines.variantId);
  return held.map((h) => ({ ...h, variantId: h.variantId! }));
}

/** Gives back the stock held by the given orders' lines (cancelled, expired or failed orders). */
export async function releaseStock(tx: Tx, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await returnStock(tx, await heldUnits(tx, orderIds));
}
