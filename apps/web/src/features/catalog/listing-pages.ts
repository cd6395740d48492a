/**
 * The listing pages (women, sales, new in, ...), in one table: each page's heading, intro
 * and the filters it always applies, from which the storefront's routes, their loaders and
 * the pages are made (app/storefront-routes.tsx, app/routes/storefront/listings.tsx). Their
 * paths are the shared page table's (LISTING_PAGE_PATHS in @shop/shared/storefront-pages,
 * which the server reads too): a page there without a row here does not compile. In the
 * storefront's entry bundle (the routes' loaders read the filters): keep it to data.
 */
import type { ProductSort } from '@shop/shared/catalog';
import type { ListingPath } from '@shop/shared/storefront-pages';
import type { ProductFilters } from '@/lib/api/products.ts';

export interface ListingPageSpec {
  heading: string;
  intro: string;
  /** What the page always lists; a `category` here also offers its sub-categories as a filter. */
  filters: ProductFilters;
  defaultSort?: ProductSort;
  /** Products with a photo first (the women's page). */
  imagesFirst?: boolean;
}

export const LISTING_PAGES = {
  sales: { heading: 'Sale', intro: 'Pieces we love, for less while they last.', filters: { onSale: 'true' } },
  women: {
    heading: 'Women',
    intro: 'Adire, ankara and aso-oke, cut for every day and every party.',
    filters: { category: 'Women' },
    imagesFirst: true,
  },
  men: { heading: 'Men', intro: 'Kaftans, shirts and trousers, tailored in Nigeria.', filters: { category: 'Men' } },
  beauty: { heading: 'Beauty', intro: 'Skincare, make-up and fragrance from Nigerian makers.', filters: { category: 'Beauty' } },
  homedecor: { heading: 'Home Decor', intro: 'Cushions, vases, wall art and tableware.', filters: { category: 'Home' } },
  jewellery: { heading: 'Jewellery', intro: 'Brass, gold and coral for every day.', filters: { category: 'Jewellery' } },
  new: { heading: 'New In', intro: 'The latest arrivals, newest first.', filters: {}, defaultSort: 'latest' },
} as const satisfies Record<ListingPath, ListingPageSpec>;

export const isListingPath = (path: string): path is ListingPath => Object.hasOwn(LISTING_PAGES, path);

/** The top categories' listing pages (/women, /men, ...): each page's address and the category it lists. */
export const CATEGORY_LISTINGS: { to: string; name: string }[] = Object.entries(LISTING_PAGES).flatMap(([path, page]) =>
  'category' in page.filters ? [{ to: `/${path}`, name: page.filters.category as string }] : [],
);
