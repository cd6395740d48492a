/**
 * A listing's state lives in the URL (shareable, survives reload): search text, sort, price
 * range, brand, category, sub-category and sub-sub-category, sizes and colours in stock, on
 * sale, and the page. These pure functions read it and turn it into the API's query. The
 * route loaders use them, so they are in the storefront's entry bundle (120 kB budget): what
 * only the listing page needs (writing the URL, the filter choices) is in listing-choices.ts.
 */
import type { ProductSort } from '@shop/shared/catalog';
import type { ProductFilters } from '@/lib/api/products.ts';

export const LISTING_PAGE_SIZE = 24;

export interface ListingState {
  title: string;
  sort: ProductSort;
  minPrice?: number;
  maxPrice?: number;
  brand: string;
  category: string;
  sub: string;
  subsub: string;
  /** Sizes in stock, comma-separated (any of them); '' for any. */
  size: string;
  /** Colours in stock, comma-separated (any of them); '' for any. */
  color: string;
  /** Only products with a discount. */
  onSale: boolean;
  page: number;
}

/** Every sort the API knows (the labels are in listing-choices.ts). */
const SORTS: Record<ProductSort, 1> = { latest: 1, price_asc: 1, price_desc: 1, title: 1 };

/** A price in naira ('' when absent): a number, not below 0; else none. */
function price(value: string): number | undefined {
  const n = Number(value);
  return value.trim() && Number.isFinite(n) && n >= 0 ? n : undefined;
}

/**
 * A comma-separated value, tidied: "medium,,large " → "medium,large"; given more than once (the
 * filters' form without JavaScript sends each size ticked), its values joined.
 */
const list = (values: string[]) =>
  values
    .join()
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .join();

export function readListingState(params: URLSearchParams, defaultSort: ProductSort = 'latest'): ListingState {
  const text = (key: string) => params.get(key) ?? '';
  const sort = text('sort');
  const page = Number.parseInt(text('page'), 10);
  return {
    title: text('title'),
    sort: Object.hasOwn(SORTS, sort) ? (sort as ProductSort) : defaultSort,
    minPrice: price(text('minPrice')),
    maxPrice: price(text('maxPrice')),
    brand: text('brand'),
    category: text('category'),
    sub: text('sub'),
    subsub: text('subsub'),
    size: list(params.getAll('size')),
    color: list(params.getAll('color')),
    onSale: text('onSale') === 'true',
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** The API query for a listing: the page's fixed filters, then the shopper's choices. */
export function toProductFilters(
  { page, title, onSale, minPrice, maxPrice, ...chosen }: ListingState,
  fixed: ProductFilters,
): ProductFilters {
  // A range typed backwards would be refused by the server: read it as "up to the min".
  if (minPrice !== undefined && maxPrice !== undefined && maxPrice < minPrice) maxPrice = minPrice;
  // Sort, brand, categories, sizes and colours as the URL has them. A choice not made ('') is left
  // out of the request with the undefined ones where the query is made (productListOptions,
  // facetsOptions), so it is not written out here (the storefront entry's budget).
  return {
    ...chosen,
    title: title.trim(),
    onSale: onSale ? 'true' : undefined,
    minPrice: minPrice?.toString(),
    maxPrice: maxPrice?.toString(),
    ...fixed,
    limit: LISTING_PAGE_SIZE,
    offset: (page - 1) * LISTING_PAGE_SIZE,
  };
}
