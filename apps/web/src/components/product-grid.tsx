import type { Product } from '@shop/shared/catalog';
import { ProductCard } from './product-card.tsx';

/** A responsive grid of product cards; the first row loads eagerly (it is above the fold). */
export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <ul className="grid grid-cols-2 gap-x-3 gap-y-8 sm:grid-cols-3 sm:gap-x-6 xl:grid-cols-4" data-testid="product-grid">
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard product={product} priority={i < 2} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-x-3 gap-y-8 sm:grid-cols-3 sm:gap-x-6 xl:grid-cols-4" aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i}>
          <div className="aspect-[4/5] animate-pulse bg-cream" />
          <div className="mt-3 h-4 w-2/3 animate-pulse bg-cream" />
          <div className="mt-2 h-4 w-1/3 animate-pulse bg-cream" />
        </li>
      ))}
    </ul>
  );
}
