/**
 * The catalogue import under the field-level rules (../guarded-fields.ts): a file that would
 * change a price, a markdown or a stock the importer may not is refused whole, 403 naming the
 * permission, once it is planned and before anything is written (a dry run alike). What the
 * import would not write passes: a value as it is stored, and a stock whose stock_version is no
 * longer the file's (a conflict the report lists). New products and variants are held to what
 * their creator makes without the permission (price 0, no stock, the product's price), and a
 * new product starts paused when its importer may not set prices or stock, as one made in the
 * form does. A file with a cost column needs catalog.cost whatever its cells: the cost prices
 * are not exported without it, so a match would tell the importer one.
 */
import type { VariantRow } from '../../db/schema/index.ts';
import { refuse } from '../../lib/refuse.ts';
import { assertMayChange, type May, startsPaused, unsetValues } from '../guarded-fields.ts';
import type { CatalogueFile } from './parse.ts';
import type { CurrentCatalogue, ImportPlan, VariantWrite } from './plan.ts';

/** The stock the import writes for a known variant: only as its version allows, or set_stock. */
function stockWritten({ stock }: VariantWrite, row: VariantRow): number | undefined {
  if (!stock) return undefined;
  return stock.always || (stock.version !== null && stock.version === row.stockVersion) ? stock.counter : undefined;
}

/** Refuses the plan (403) for a guarded change the importer may not make; pauses the products it creates when it must. */
export function guardPlan(plan: ImportPlan, current: CurrentCatalogue, may: May): void {
  for (const product of plan.products.values()) {
    const stored = product.id ? current.products.get(product.id) : undefined;
    assertMayChange('product', may, stored ?? unsetValues('product'), {
      price: product.values.price,
      discount: product.values.discount,
    });
  }
  for (const write of plan.writes) {
    const row = write.id ? current.known.get(write.sku.toUpperCase()) : undefined;
    assertMayChange('variant', may, row ?? unsetValues('variant'), {
      price: write.price,
      discount: write.discount,
      counter: row ? stockWritten(write, row) : write.counter,
    });
  }
  if (startsPaused(may)) {
    for (const product of plan.products.values()) if (!product.id) product.values.paused = true;
  }
}

/** A file with a cost column needs catalog.cost, whatever its cells (403 before anything is read). */
export function guardColumns({ records }: CatalogueFile, may: May): void {
  if ('cost' in (records[0] ?? {}) && !may('catalog.cost')) throw refuse('catalog.cost');
}
