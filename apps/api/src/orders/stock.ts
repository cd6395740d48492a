/**
 * Stock moves, in SQL so they hold with any number of API processes: one conditional
 * UPDATE per variant (`counter >= quantity`, not archived, its product not paused), inside
 * the caller's transaction. The product's total follows by trigger (migration 0006), which
 * locks the product row after the variant's. Variants are taken in product-id, then
 * variant-id order, so two orders never wait on each other in a cycle.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { orderLines, productVariants, products } from '../db/schema/index.ts';
import { conflict } from '../lib/http-error.ts';

export interface StockLine {
  productId: string;
  variantId: string;
  quantity: number;
  /** For the refusal: "Only 1 left in stock for Ankara Dress (medium / red)". */
  title: string;
  label: string;
}

const byProductThenVariant = (a: StockLine, b: StockLine) =>
  a.productId.localeCompare(b.productId) || a.variantId.localeCompare(b.variantId);

/** Takes stock for every line or throws 409 (and the caller's transaction rolls back). */
export async function reserveStock(tx: Tx, lines: StockLine[]): Promise<void> {
  const totals = new Map<string, StockLine>();
  for (const line of lines) {
    const seen = totals.get(line.variantId);
    totals.set(line.variantId, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  for (const line of [...totals.values()].sort(byProductThenVariant)) {
    const [taken] = await tx
      .update(productVariants)
      .set({ counter: sql`${productVariants.counter} - ${line.quantity}`, updatedAt: sql`now()` })
      .where(
        sql`${productVariants.id} = ${line.variantId} and ${productVariants.counter} >= ${line.quantity} and ${productVariants.archivedAt} is null
          and not exists (select 1 from ${products} where ${products.id} = ${productVariants.productId} and ${products.paused})`,
      )
      .returning({ id: productVariants.id });
    if (!taken) {
      const [current] = await tx
        .select({ counter: productVariants.counter, archivedAt: productVariants.archivedAt, paused: products.paused })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(eq(productVariants.id, line.variantId));
      const left = current && !current.paused && current.archivedAt === null ? current.counter : 0;
      throw conflict(`Only ${left} left in stock for ${line.title}${line.label ? ` (${line.label})` : ''}`);
    }
  }
}

/** Gives back the stock held by the given orders' lines (cancelled, expired or failed orders). */
export async function releaseStock(tx: Tx, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const held = await tx
    .select({
      productId: orderLines.productId,
      variantId: orderLines.variantId,
      quantity: sql<number>`sum(${orderLines.quantity})::int`,
    })
    .from(orderLines)
    .where(and(inArray(orderLines.orderId, orderIds), isNotNull(orderLines.variantId)))
    .groupBy(orderLines.productId, orderLines.variantId)
    .orderBy(orderLines.productId, orderLines.variantId);
  // One variant at a time, in the same order as a reservation (see the module's comment).
  for (const { variantId, quantity } of held) {
    await tx
      .update(productVariants)
      .set({ counter: sql`${productVariants.counter} + ${quantity}`, updatedAt: sql`now()` })
      .where(eq(productVariants.id, variantId!));
  }
}
