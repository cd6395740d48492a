/**
 * The filters each listing page always applies, in one place: the pages render with
 * them and the routes' loaders prefetch with them (app/storefront-routes.tsx).
 */
import type { ProductFilters } from '@/lib/api/products.ts';

export const LISTING_FILTERS = {
  sales: { onSale: 'true' },
  women: { category: 'Women' },
  men: { category: 'Men' },
  beauty: { category: 'Beauty' },
  homedecor: { category: 'Home' },
  jewellery: { category: 'Jewellery' },
  new: {},
} as const satisfies Record<string, ProductFilters>;

export type ListingPage = keyof typeof LISTING_FILTERS;
