/**
 * Stock moves, in SQL so they hold with any number of API processes: one conditional
 * UPDATE per line (`counter >= quantity`), inside the caller's transaction. Lines are
 * taken in product-id order so two orders never wait on each other in a cycle.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { orderLines, products } from '../db/schema/index.ts';
import { conflict } from '../lib/http-error.ts';

export interface StockLine {
  productId: string;
  quantity: number;
  title: string;
}

/** Takes stock for every line or throws 409 (and the caller's transaction rolls back). */
export async function reserveStock(tx: Tx, lines: StockLine[]): Promise<void> {
  const totals = new Map<string, StockLine>();
  for (const line of lines) {
    const seen = totals.get(line.productId);
    totals.set(line.productId, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  for (const line of [...totals.values()].sort((a, b) => a.productId.localeCompare(b.productId))) {
    const [taken] = await tx
      .update(products)
      .set({
        counter: sql`${products.counter} - ${line.quantity}`,
        availability: sql`case when ${products.counter} - ${line.quantity} = 0 then 'Out of Stock' else ${products.availability} end`,
        updatedAt: sql`now()`,
      })
      .where(
        sql`${products.id} = ${line.productId} and ${products.counter} >= ${line.quantity} and ${products.availability} = 'In Stock'`,
      )
      .returning({ id: products.id });
    if (!taken) {
      const [current] = await tx
        .select({ counter: products.counter, availability: products.availability })
        .from(products)
        .where(eq(products.id, line.productId));
      const left = current?.availability === 'In Stock' ? (current?.counter ?? 0) : 0;
      throw conflict(`Only ${left} left in stock for ${line.title}`);
    }
  }
}

/** Gives back the stock held by the given orders' lines (cancelled, expired or failed orders). */
export async function releaseStock(tx: Tx, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const held = await tx
    .select({ productId: orderLines.productId, quantity: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .groupBy(orderLines.productId)
    .orderBy(orderLines.productId);
  for (const { productId, quantity } of held) {
    if (!productId) continue;
    await tx
      .update(products)
      .set({
        counter: sql`${products.counter} + ${quantity}`,
        // Restocked from zero: sellable again.
        availability: sql`case when ${products.counter} = 0 then 'In Stock' else ${products.availability} end`,
        updatedAt: sql`now()`,
      })
      .where(eq(products.id, productId));
  }
}
