import { ProductCard } from '@/components/product-card.tsx';
import { productListOptions } from '@/lib/api/products.ts';
import { useQuery } from '@tanstack/react-query';

/**
 * The list Similar Collections is drawn from: the category's latest four (one may be the product
 * itself). The server renders it with the product's page (entry-server.tsx), so the page does
 * not fetch it as it hydrates.
 */
export const similarProductsOptions = (categoryId: string | null) =>
  productListOptions(categoryId ? { category: categoryId, sort: 'latest', limit: 4 } : { sort: 'latest', limit: 4 });

/** How wide a card shows here: the listing's grid (CARD_SIZES) without its filters beside it. */
const SIMILAR_SIZES = '(min-width: 1280px) 395px, (min-width: 640px) calc((100vw - 96px) / 3), calc((100vw - 44px) / 2)';

/** Similar Collections: three other products of the same category. */
export function SimilarProducts({ productId, categoryId }: { productId: string; categoryId: string | null }) {
  const query = useQuery(similarProductsOptions(categoryId));
  const items = (query.data?.items ?? []).filter((p) => p.id !== productId).slice(0, 3);
  if (!query.isPending && items.length === 0) return null;
  return (
    <section aria-labelledby="similar-heading" className="mt-20">
      <h2 id="similar-heading" className="font-display text-3xl">
        Similar Collections
      </h2>
      <ul className="mt-6 grid grid-cols-2 gap-x-3 gap-y-8 sm:grid-cols-3 sm:gap-x-6">
        {query.isPending
          ? [0, 1, 2].map((i) => <li key={i} className="aspect-[4/5] animate-pulse bg-cream" aria-hidden />)
          : items.map((p) => (
              <li key={p.id}>
                <ProductCard product={p} sizes={SIMILAR_SIZES} />
              </li>
            ))}
      </ul>
    </section>
  );
}
