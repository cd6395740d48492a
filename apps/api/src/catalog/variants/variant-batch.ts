/**
 * Many variants at once, for the catalogue import (csv/): with variants.ts and stock.ts, a
 * writer of `product_variants`. A few statements per thousand rows, so the triggers deriving
 * the products' fields run once per statement, not once per row. A known variant's stock that
 * was read earlier (an exported file) is written in the same UPDATE as its other columns, and
 * only while the row's `stock_version` is still the file's, so a unit sold since the export is
 * never put back, whichever API process sold it.
 */
import { barcodeKey } from '@shop/shared';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { barcodeKeySql, productVariants, type VariantRow } from '../../db/schema/index.ts';

/** Rows a statement carries at most (12 parameters each). */
const BATCH_ROWS = 1000;

/** Variants with these SKUs, archived ones included, whatever the case: keyed by the upper-cased SKU. */
export async function variantsBySku(q: Db | Tx, skus: string[]): Promise<Map<string, VariantRow>> {
  const keys = [...new Set(skus.map((s) => s.toUpperCase()))];
  const found = new Map<string, VariantRow>();
  for (let i = 0; i < keys.length; i += BATCH_ROWS) {
    const rows = await q
      .select()
      .from(productVariants)
      .where(inArray(sql`upper(${productVariants.sku})`, keys.slice(i, i + BATCH_ROWS)));
    for (const v of rows) found.set(v.sku.toUpperCase(), v);
  }
  return found;
}

/**
 * The SKUs of the variants holding these barcodes, archived ones included (the unique index
 * counts them too), by the key barcodes are unique by (a UPC-A as its EAN-13, any case).
 */
export async function barcodeHolders(q: Db | Tx, codes: string[]): Promise<Map<string, string>> {
  const keys = [...new Set(codes.map(barcodeKey))];
  const found = new Map<string, string>();
  for (let i = 0; i < keys.length; i += BATCH_ROWS) {
    const rows = await q
      .select({ sku: productVariants.sku, barcode: productVariants.barcode })
      .from(productVariants)
      .where(inArray(barcodeKeySql(productVariants.barcode), keys.slice(i, i + BATCH_ROWS)));
    for (const v of rows) found.set(barcodeKey(v.barcode!), v.sku);
  }
  return found;
}

/** A variant's values as a batch writes them (money in kobo; null follows the product). */
export interface VariantValues {
  sku: string;
  size: string;
  color: string;
  price: number | null;
  discount: number | null;
  /** Kobo; null: unknown; undefined: not written (a known variant keeps its own, a new one starts unknown). */
  cost?: number | null;
  counter: number;
  /** Null: none (the SKU's Code 128). A batch writes it as given: the caller keeps a variant's own. */
  barcode?: string | null;
}

/**
 * The stock a batch writes to a known variant: `counter`, while the variant's stock_version is
 * still `version` (the one the file was exported at), or whatever it is when `always` (the
 * file's `set_stock`). A version that is no longer the variant's, or none, leaves the stock as
 * it is: what was sold or returned since the file was read is never undone.
 */
export interface StockWrite {
  counter: number;
  version: number | null;
  always: boolean;
}

/** A known variant's values for a batch: all of them, its stock only by `stock` (null: unchanged). */
export type ChangedVariant = Omit<VariantValues, 'counter' | 'barcode'> & {
  id: string;
  barcode: string | null;
  stock: StockWrite | null;
};

/** A variant whose stock a batch did not write (its version had moved on), with its stock as it is. */
export interface StockRefused {
  id: string;
  counter: number;
}

/**
 * Many variants at once, for the catalogue import: a few statements per thousand rows, so
 * the triggers deriving the products' fields run once per statement, not once per row. The
 * caller has checked the set (each SKU and each size and colour once per product) and holds
 * the products' locks. `changed` variants (by id) take all their values and come back from
 * the archive, and their stock as `stock` says, decided in the UPDATE itself against the row's
 * current stock_version; `added` ones go after their product's last variant on sale. Answers
 * the changed variants whose stock was not written. `onRows` hears how many rows each
 * statement wrote, for progress.
 */
export async function writeVariantBatch(
  tx: Tx,
  { changed, added }: { changed: ChangedVariant[]; added: (VariantValues & { productId: string })[] },
  onRows: (count: number) => void = () => {},
): Promise<StockRefused[]> {
  const refused: StockRefused[] = [];
  // Changed variants step out of the "size and colour once" and the barcode's unique indexes
  // first, so one may take what another gives up in the same file.
  for (let i = 0; i < changed.length; i += BATCH_ROWS) {
    await tx
      .update(productVariants)
      .set({ archivedAt: sql`now()`, barcode: null })
      .where(
        inArray(
          productVariants.id,
          changed.slice(i, i + BATCH_ROWS).map((v) => v.id),
        ),
      );
  }
  for (let i = 0; i < changed.length; i += BATCH_ROWS) {
    const batch = changed.slice(i, i + BATCH_ROWS);
    const rows = batch.map(
      ({ id, sku, size, color, price, discount, cost, barcode, stock }) =>
        sql`(${id}::uuid, ${sku}, ${size}, ${color}, ${price}::bigint, ${discount}::bigint, ${cost ?? null}::bigint, ${cost === undefined}::boolean, ${barcode ?? null}::text, ${stock?.counter ?? null}::int, ${stock?.version ?? null}::int, ${stock?.always ?? false}::boolean)`,
    );
    // RETURNING reads the row as written: a stock asked for and not there was refused (v.counter
    // stayed), unless it was that already. In the SET, v.stock_version is the row's latest.
    const written = (await tx.execute(sql`
      update ${productVariants} as v set
        sku = u.sku, size = u.size, color = u.color, price = u.price, discount = u.discount, barcode = u.barcode,
        cost = case when u.keep_cost then v.cost else u.cost end,
        counter = case when u.counter is not null and (u.always or u.version = v.stock_version) then u.counter else v.counter end,
        archived_at = null, updated_at = now()
      from (values ${sql.join(rows, sql`, `)}) as u(id, sku, size, color, price, discount, cost, keep_cost, barcode, counter, version, always)
      where v.id = u.id
      returning v.id, v.counter, u.counter is not null and v.counter <> u.counter as refused`)) as unknown as {
      rows: { id: string; counter: number; refused: boolean }[];
    };
    for (const row of written.rows) if (row.refused) refused.push({ id: row.id, counter: Number(row.counter) });
    onRows(batch.length);
  }

  const productIds = [...new Set(added.map((v) => v.productId))];
  const last = new Map<string, number>();
  for (let i = 0; i < productIds.length; i += BATCH_ROWS) {
    const rows = await tx
      .select({ productId: productVariants.productId, position: sql<number>`max(${productVariants.position})`.mapWith(Number) })
      .from(productVariants)
      .where(and(inArray(productVariants.productId, productIds.slice(i, i + BATCH_ROWS)), isNull(productVariants.archivedAt)))
      .groupBy(productVariants.productId);
    for (const r of rows) last.set(r.productId, r.position);
  }
  for (let i = 0; i < added.length; i += BATCH_ROWS) {
    const batch = added.slice(i, i + BATCH_ROWS);
    await tx.insert(productVariants).values(
      batch.map((v) => {
        const position = (last.get(v.productId) ?? -1) + 1;
        last.set(v.productId, position);
        return { ...v, position };
      }),
    );
    onRows(batch.length);
  }
  return refused;
}
