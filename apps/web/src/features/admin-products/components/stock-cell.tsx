/** Stock with the low-stock warning (the shop's threshold or fewer) and "Out of stock" at 0. */
import type { Product } from '@shop/shared/catalog';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '@shop/shared/variants';
import { Badge } from '@/components/admin/ui.tsx';

export function StockCell({
  product,
  threshold = DEFAULT_LOW_STOCK_THRESHOLD,
}: {
  product: Pick<Product, 'counter'>;
  threshold?: number;
}) {
  if (product.counter === 0) return <Badge tone="red">Out of stock</Badge>;
  if (product.counter <= threshold)
    return (
      <span className="inline-flex items-center gap-2">
        {product.counter} <Badge tone="amber">Low stock</Badge>
      </span>
    );
  return <>{product.counter}</>;
}
