/** Stock with the low-stock warning (5 or fewer) and "Out of stock" at 0. */
import { LOW_STOCK_THRESHOLD } from '@shop/shared/admin';
import type { Product } from '@shop/shared/catalog';
import { Badge } from '@/components/admin/ui.tsx';

export function StockCell({ product }: { product: Pick<Product, 'counter'> }) {
  if (product.counter === 0) return <Badge tone="red">Out of stock</Badge>;
  if (product.counter <= LOW_STOCK_THRESHOLD)
    return (
      <span className="inline-flex items-center gap-2">
        {product.counter} <Badge tone="amber">Low stock</Badge>
      </span>
    );
  return <>{product.counter}</>;
}
