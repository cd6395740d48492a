/**
 * A listing's state lives in the URL (shareable, survives reload): search text, sort, price
 * range, brand, sub-category or category, sizes and colour in stock, and the page. These pure functions read and
 * write it.
 */
import type { ProductSort } from '@shop/shared/catalog';
import type { ProductFilters } from '@/lib/api/products.ts';

export const LISTING_PAGE_SIZE = 24;

export const SORT_OPTIONS: readonly { value: ProductSort; label: string }[] = [
  { value: 'latest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'title', label: 'Name: A to Z' },
];

export interface ListingState {
  title: string;
  sort: ProductSort;
  minPrice?: number;
  maxPrice?: number;
  brand: string;
  sub: string;
  category: string;
  /** Sizes in stock, comma-separated (any of them); '' for any. */
  size: string;
  /** A colour in stock; '' for any. */
  color: string;
  page: number;
}

/** The sizes of `state.size` as a list, and the comma-separated value for a list. */
export const sizeList = (size: string) => size.split(',').filter(Boolean);
export const joinSizes = (sizes: readonly string[]) => sizes.join(',');

const SORTS = new Set<string>(SORT_OPTIONS.map((o) => o.value));

function price(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

export function readListingState(params: URLSearchParams, defaultSort: ProductSort = 'latest'): ListingState {
  const sort = params.get('sort') ?? '';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    title: params.get('title') ?? '',
    sort: SORTS.has(sort) ? (sort as ProductSort) : defaultSort,
    minPrice: price(params.get('minPrice')),
    maxPrice: price(params.get('maxPrice')),
    brand: params.get('brand') ?? '',
    sub: params.get('sub') ?? '',
    category: params.get('category') ?? '',
    size: joinSizes(sizeList(params.get('size') ?? '')),
    color: (params.get('color') ?? '').trim(),
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/**
 * The URL after a change. Any change but the page goes back to page 1; defaults and empty
 * values are left out so URLs stay short.
 */
export function writeListingState(
  current: URLSearchParams,
  change: Partial<ListingState>,
  defaultSort: ProductSort = 'latest',
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined || value === '' || (key === 'sort' && value === defaultSort) || (key === 'page' && value === 1)) {
      next.delete(key);
    } else {
      next.set(key, String(value));
    }
  }
  if (!('page' in change)) next.delete('page');
  return next;
}

/** The API query for a listing: the page's fixed filters, then the shopper's choices. */
export function toProductFilters(state: ListingState, fixed: ProductFilters): ProductFilters {
  const minPrice = state.minPrice;
  let maxPrice = state.maxPrice;
  // A range typed backwards would be refused by the server: read it as "up to the min".
  if (minPrice !== undefined && maxPrice !== undefined && maxPrice < minPrice) maxPrice = minPrice;
  return {
    title: state.title.trim() || undefined,
    brand: state.brand || undefined,
    sub: state.sub || undefined,
    category: state.category || undefined,
    size: state.size || undefined,
    color: state.color || undefined,
    minPrice: minPrice === undefined ? undefined : String(minPrice),
    maxPrice: maxPrice === undefined ? undefined : String(maxPrice),
    sort: state.sort,
    ...fixed,
    limit: LISTING_PAGE_SIZE,
    offset: (state.page - 1) * LISTING_PAGE_SIZE,
  };
}

/** Products with a photo first, keeping the order otherwise (the women's page). */
export function imagesFirst<T extends { imageUrls: string[]; imageUrl: string | null }>(items: readonly T[]): T[] {
  const has = (p: T) => p.imageUrls.length > 0 || Boolean(p.imageUrl);
  return [...items.filter(has), ...items.filter((p) => !has(p))];
}
