/**
 * The catalogue import's last step: the plan (plan.ts) applied inside the import's transaction,
 * set-based and through the tables' owners: new products, then the changed ones
 * (products/product-service.ts), then the variants (variants/variant-batch.ts, a few statements
 * per thousand rows). A known variant's stock is written in the same UPDATE as its other
 * columns, only while its stock_version is still the file's (or set_stock asks): the rows whose
 * stock that refused are reported as conflicts, with the stock as it is.
 */
import type { CatalogueImportReport } from '@shop/shared';
import type { Tx } from '../../db/client.ts';
import { insertProducts, updateProducts } from '../products/product-service.ts';
import {
  type ChangedVariant,
  type StockRefused,
  type StockWrite,
  type VariantValues,
  writeVariantBatch,
} from '../variants/variant-batch.ts';
import type { ImportPlan, VariantWrite } from './plan.ts';

/** What the write did, as the report counts it. */
export type WriteOutcome = Pick<CatalogueImportReport, 'created' | 'updated' | 'unchanged' | 'conflicts'>;

/** Writes the plan; `onRows` hears how many variant rows each statement wrote, for progress. */
export async function writePlan(tx: Tx, plan: ImportPlan, onRows: (count: number) => void): Promise<WriteOutcome> {
  const planned = [...plan.products.values()];
  const fresh = planned.filter((p) => !p.id);
  const ids = await insertProducts(
    tx,
    fresh.map((p) => ({ title: p.values.title!, price: p.values.price!, ...p.values })),
  );
  const idOf = new Map([
    ...planned.flatMap((p) => (p.id ? [[p.key, p.id] as const] : [])),
    ...fresh.map((p, i) => [p.key, ids[i]!] as const),
  ]);
  await updateProducts(
    tx,
    planned.filter((p) => p.id && p.changed && Object.keys(p.values).length > 0).map((p) => ({ id: p.id!, values: p.values })),
  );
  const values = ({ sku, size, color, price, discount, barcode, cost }: VariantWrite) => ({
    sku,
    size,
    color,
    price,
    discount,
    barcode: barcode ?? null,
    cost: cost ?? null,
  });
  const batch = {
    changed: plan.writes.flatMap((w): ChangedVariant[] => (w.id ? [{ ...values(w), id: w.id, stock: w.stock }] : [])),
    added: plan.writes.flatMap((w): (VariantValues & { productId: string })[] =>
      w.id ? [] : [{ ...values(w), counter: w.counter, productId: idOf.get(w.productKey)! }],
    ),
  };
  return outcome(plan, await writeVariantBatch(tx, batch, onRows));
}

/** The counts and conflicts once the variants' stock has been decided in SQL. */
function outcome(plan: ImportPlan, refused: StockRefused[]): WriteOutcome {
  const stockNow = new Map(refused.map((v) => [v.id, v.counter]));
  const conflicting = plan.writes.filter((w) => w.id && stockNow.has(w.id));
  // A row that only wanted its stock changed, and was refused, changed nothing.
  const stillSame = conflicting.filter((w) => w.onlyStock).length;
  return {
    created: plan.writes.filter((w) => !w.id).length,
    updated: plan.writes.filter((w) => w.id).length - stillSame,
    unchanged: plan.unchanged + stillSame,
    conflicts: conflicting.map((w) => ({ row: w.row, sku: w.sku, message: conflictMessage(w.stock!, stockNow.get(w.id!)!) })),
  };
}

/** Why a row's stock was not written (set_stock always is): what it asked for, and the stock as it is. */
function conflictMessage({ counter, version }: StockWrite, now: number): string {
  const instead = 'Export again, or put the count in set_stock';
  return version === null
    ? `No stock_version: ${counter} was not applied (the stock is ${now}). ${instead}`
    : `The stock changed after this file was exported (it is now ${now}): ${counter} was not applied. ${instead}`;
}
