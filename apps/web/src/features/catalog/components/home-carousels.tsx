import { Link } from 'react-router';
import { ProductCarousel } from '@/components/product-carousel.tsx';
import { type ProductFilters, productListOptions } from '@/lib/api/products.ts';
import { useQuery } from '@tanstack/react-query';

/** What the two carousels list (the server-side renderer loads the same). */
export const HOME_CAROUSELS = {
  latest: { sort: 'latest', limit: 12 },
  onSale: { onSale: 'true', sort: 'latest', limit: 12 },
} as const satisfies Record<string, ProductFilters>;

/** The home page's two product carousels: the newest products, and those on sale. */
export function HomeCarousels() {
  const latest = useQuery(productListOptions(HOME_CAROUSELS.latest));
  const onSale = useQuery(productListOptions(HOME_CAROUSELS.onSale));
  const viewAll = (to: string) => (
    <Link to={to} className="mt-1 inline-block text-sm underline underline-offset-4 hover:text-accent">
      View all
    </Link>
  );
  return (
    <>
      <ProductCarousel
        title="New Arrivals"
        products={latest.data?.items ?? []}
        loading={latest.isPending}
        action={viewAll('/new')}
      />
      <ProductCarousel
        title="On Sale"
        products={onSale.data?.items ?? []}
        loading={onSale.isPending}
        action={viewAll('/sales')}
      />
    </>
  );
}
