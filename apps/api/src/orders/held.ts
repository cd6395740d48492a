/**
 * The stock an order holds: the units of its lines (order_lines, which this feature owns) not
 * yet back on sale (`quantity − restocked_quantity`), given back through the catalogue's
 * `returnStock` when the order is let go (cancelled, expired, failed or refused at delivery).
 * A line's `restocked_quantity` counts every unit that went back on sale, whether a refund
 * put it back or the order was let go, so no unit goes back twice: a refund of an order paid
 * after its stock was released puts back only what the order took again, never units that do
 * not exist. The catalogue moves the stock; the orders feature says how much.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { returnStock, type StockUnits } from '../catalog/index.ts';
import type { Tx } from '../db/client.ts';
import { orderLines } from '../db/schema/index.ts';

/** The units the given orders' lines still hold, per variant (lines whose variant was deleted hold none). */
async function heldUnits(tx: Tx, orderIds: string[]): Promise<StockUnits[]> {
  const held = await tx
    .select({
      productId: orderLines.productId,
      variantId: orderLines.variantId,
      quantity: sql<number>`sum(${orderLines.quantity} - ${orderLines.restockedQuantity})::int`,
    })
    .from(orderLines)
    .where(and(inArray(orderLines.orderId, orderIds), isNotNull(orderLines.variantId)))
    .groupBy(orderLines.productId, orderLines.variantId);
  return held.map((h) => ({ ...h, variantId: h.variantId! }));
}

/** Gives back the stock the given orders still hold (let go unpaid, or refused at delivery); their lines then hold none. */
export async function releaseStock(tx: Tx, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await returnStock(tx, await heldUnits(tx, orderIds));
  await tx
    .update(orderLines)
    .set({ restockedQuantity: sql`${orderLines.quantity}` })
    .where(and(inArray(orderLines.orderId, orderIds), sql`${orderLines.restockedQuantity} < ${orderLines.quantity}`));
}

/** The order took its stock again (paid after it was let go): its lines hold every unit once more. */
export async function holdAgain(tx: Tx, orderId: string): Promise<void> {
  await tx.update(orderLines).set({ restockedQuantity: 0 }).where(eq(orderLines.orderId, orderId));
}
