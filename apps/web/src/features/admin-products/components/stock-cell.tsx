/**
 * Stock with the shop's two warnings, exactly as GET /api/products?stock= lists them: "Out of
 * stock" when nothing is left at all (`counter` 0); "Low stock" when the product is on sale
 * (not paused) and its `lowestStock` — the fewest units of a size or colour that has any — is
 * at or below the threshold. A size sold out beside others in stock is not low. The list and
 * the detail both carry `lowestStock`, so a table row and the filter never disagree. Given the
 * variants (a product's page), it also says how many are low: "Low stock (1 size)". A
 * variant's own row (no `lowestStock`) is judged by its own stock.
 */
import type { Product } from '@shop/shared/catalog';
import { DEFAULT_LOW_STOCK_THRESHOLD, type VariantView } from '@shop/shared/variants';
import { Badge } from '@/components/admin/ui.tsx';

type Stocked = Pick<Product, 'counter'> & {
  /** Absent: worked out from `variants`, else from `counter` (one variant's row). */
  lowestStock?: Product['lowestStock'];
  /** 'Out of Stock' with units left: paused by an admin. */
  availability?: Product['availability'];
  variants?: Pick<VariantView, 'counter' | 'size' | 'color'>[];
};

const isLow = (counter: number, threshold: number) => counter > 0 && counter <= threshold;

/** The fewest units of what has any, as the API's `lowestStock` counts it (null: nothing in stock). */
function lowestOf(product: Stocked): number | null {
  if (product.lowestStock !== undefined) return product.lowestStock;
  const counters = (product.variants ?? [product]).map((v) => v.counter).filter((c) => c > 0);
  return counters.length > 0 ? Math.min(...counters) : null;
}

/** "Low stock (1 size)", "Low stock (2 colours)": how many of what the variants differ by. */
function lowOptions(variants: NonNullable<Stocked['variants']>, threshold: number) {
  const n = variants.filter((v) => isLow(v.counter, threshold)).length;
  if (n === 0) return 'Low stock';
  const noun = variants.some((v) => v.size) ? 'size' : 'colour';
  return `Low stock (${n} ${noun}${n === 1 ? '' : 's'})`;
}

export function StockCell({ product, threshold = DEFAULT_LOW_STOCK_THRESHOLD }: { product: Stocked; threshold?: number }) {
  if (product.counter === 0) return <Badge tone="red">Out of stock</Badge>;
  const paused = product.availability === 'Out of Stock';
  const lowest = lowestOf(product);
  if (paused || lowest === null || lowest > threshold) return <>{product.counter}</>;
  const variants = product.variants;
  return (
    <span className="inline-flex items-center gap-2">
      {product.counter}{' '}
      <Badge tone="amber">{variants && variants.length > 1 ? lowOptions(variants, threshold) : 'Low stock'}</Badge>
    </span>
  );
}
