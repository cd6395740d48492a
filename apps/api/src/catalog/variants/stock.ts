/**
 * Stock moves: the catalogue's writes of `product_variants.counter` for orders, the point of
 * sale and refunds (variants.ts and variant-batch.ts write everything else of the table). In
 * SQL, so they hold with any number of API processes: one conditional UPDATE per variant
 * (`counter >= quantity`, not archived, its product not paused), inside the caller's
 * transaction. The product's total follows by trigger (migration 0006), which locks the product
 * row after the variant's. Every move first locks the catalogue's cache version row (which the
 * trigger then bumps), and variants are taken and given back in product-id, then variant-id
 * order, so two orders never wait on each other in a cycle. Which units an order holds is the
 * orders feature's to say (orders/held.ts); it hands them to `returnStock`.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cacheVersions, productVariants, products } from '../../db/schema/index.ts';
import { conflict } from '../../lib/http-error.ts';

export interface StockLine {
  productId: string;
  variantId: string;
  quantity: number;
  /** For the refusal: "Only 1 left in stock for Ankara Dress (medium / red)". */
  title: string;
  label: string;
  sku?: string;
}

/** What a line took: its variant has `left` units after taking `quantity` (a fall to the low-stock threshold is worth a word). */
export interface TakenStock extends StockLine {
  left: number;
}

/** Units of a variant to put back on sale; `productId` orders the writes (null: a product since deleted). */
export interface StockUnits {
  productId: string | null;
  variantId: string;
  quantity: number;
}

const byProductThenVariant = (a: StockLine, b: StockLine) =>
  a.productId.localeCompare(b.productId) || a.variantId.localeCompare(b.variantId);

/**
 * Every write of a variant bumps the catalogue's cache version (a trigger, migration 0006), a
 * row the transaction then holds until it commits. Locked before the first variant: otherwise a
 * move of two variants holds that row after the first and waits for the second, while a move
 * holding the second waits for that row (deadlock, 40P01; found by npm run test:soak). Stock
 * moves take turns on that row anyway.
 */
async function lockCatalogVersion(tx: Tx): Promise<void> {
  await tx.select({ scope: cacheVersions.scope }).from(cacheVersions).where(eq(cacheVersions.scope, 'catalog')).for('update');
}

/**
 * Takes stock for every line or throws 409 (and the caller's transaction rolls back); says what
 * is left of each variant. `allowNegative`: an offline till sale whose goods already left the
 * shop (issue 29) takes them whatever is left, below zero if need be (flag_oversold marks it).
 */
export async function takeStock(tx: Tx, lines: StockLine[], { allowNegative = false } = {}): Promise<TakenStock[]> {
  await lockCatalogVersion(tx);
  const taken: TakenStock[] = [];
  const totals = new Map<string, StockLine>();
  for (const line of lines) {
    const seen = totals.get(line.variantId);
    totals.set(line.variantId, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  for (const line of [...totals.values()].sort(byProductThenVariant)) {
    const [row] = await tx
      .update(productVariants)
      .set({ counter: sql`${productVariants.counter} - ${line.quantity}`, updatedAt: sql`now()` })
      .where(
        allowNegative
          ? eq(productVariants.id, line.variantId)
          : sql`${productVariants.id} = ${line.variantId} and ${productVariants.counter} >= ${line.quantity} and ${productVariants.archivedAt} is null
          and not exists (select 1 from ${products} where ${products.id} = ${productVariants.productId} and ${products.paused})`,
      )
      .returning({ id: productVariants.id, counter: productVariants.counter });
    if (!row) {
      const [current] = await tx
        .select({ counter: productVariants.counter, archivedAt: productVariants.archivedAt, paused: products.paused })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(eq(productVariants.id, line.variantId));
      const left = current && !current.paused && current.archivedAt === null ? current.counter : 0;
      throw conflict(`Only ${left} left in stock for ${line.title}${line.label ? ` (${line.label})` : ''}`);
    }
    taken.push({ ...line, left: row.counter });
  }
  return taken;
}

/** Puts units back on sale (an order let go, or goods a refund took back), one variant at a time in `takeStock`'s order. */
export async function returnStock(tx: Tx, units: StockUnits[]): Promise<void> {
  if (!units.some((u) => u.quantity > 0)) return;
  await lockCatalogVersion(tx);
  const sorted = [...units].sort(
    (a, b) => (a.productId ?? '').localeCompare(b.productId ?? '') || a.variantId.localeCompare(b.variantId),
  );
  for (const { variantId, quantity } of sorted) {
    if (quantity <= 0) continue;
    await tx
      .update(productVariants)
      .set({ counter: sql`${productVariants.counter} + ${quantity}`, updatedAt: sql`now()` })
      .where(eq(productVariants.id, variantId));
  }
}
