/**
 * What a shopper changes on a listing, and how a change is written to the URL: the sorts, a
 * value ticked or unticked, a price band, the active filters (each removable) and clearing
 * them. The listing page's code only; reading the URL is in listing-params.ts.
 */
import type { ProductSort } from '@shop/shared/catalog';
import { formatNairaAmount } from '@shop/shared/money';
import type { ProductFilters } from '@/lib/api/products.ts';
import type { ListingState } from './listing-params.ts';

export const SORT_OPTIONS: readonly { value: ProductSort; label: string }[] = [
  { value: 'latest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'title', label: 'Name: A to Z' },
];

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
    if (
      value === undefined ||
      value === '' ||
      value === false ||
      (key === 'sort' && value === defaultSort) ||
      (key === 'page' && value === 1)
    ) {
      next.delete(key);
    } else {
      next.set(key, String(value));
    }
  }
  if (!('page' in change)) next.delete('page');
  return next;
}

/** The values of a comma-separated filter (sizes, colours). */
export const valueList = (value: string) => value.split(',').filter(Boolean);

/** A comma-separated filter with `value` ticked or unticked (any case), the others kept in order. */
export function toggleValue(current: string, value: string, on: boolean): string {
  const others = valueList(current).filter((v) => v.toLowerCase() !== value.toLowerCase());
  return (on ? [...others, value] : others).join(',');
}

/** Whether a comma-separated filter has `value` (any case, as the API compares colours). */
export const hasValue = (current: string, value: string) =>
  valueList(current).some((v) => v.toLowerCase() === value.toLowerCase());

/** A price band as the API counts it: naira, the upper bound exclusive; null: no bound. */
export interface PriceBand {
  min: number | null;
  max: number | null;
}

/**
 * A band as the URL's range, whose bounds are both inclusive: up to a kobo below the band's
 * upper bound, so a price on a boundary falls in one band only, as in the counts. The same as
 * priceBandFilter in @shop/shared/search (its module defines schemas too, and the listing's
 * code carries no zod); listing-choices.test.ts checks they agree.
 */
export function bandRange({ min, max }: PriceBand): Pick<ListingState, 'minPrice' | 'maxPrice'> {
  return { minPrice: min ?? undefined, maxPrice: max === null ? undefined : Math.round(max * 100 - 1) / 100 };
}

/** Whether the listing's price range is exactly this band. */
export function isBand(state: Pick<ListingState, 'minPrice' | 'maxPrice'>, band: PriceBand): boolean {
  const range = bandRange(band);
  return state.minPrice === range.minPrice && state.maxPrice === range.maxPrice;
}

export function bandLabel({ min, max }: PriceBand): string {
  if (min === null && max === null) return 'Any price';
  if (min === null) return `Under ${formatNairaAmount(max!)}`;
  if (max === null) return `${formatNairaAmount(min)} and over`;
  return `${formatNairaAmount(min)} to ${formatNairaAmount(max)}`;
}

function rangeLabel(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `${formatNairaAmount(min)} to ${formatNairaAmount(max)}`;
  if (min !== undefined) return `${formatNairaAmount(min)} and over`;
  return `Up to ${formatNairaAmount(max!)}`;
}

/** The filters a page applies by itself (its category, brand or sale): the shopper cannot remove them. */
export type FixedChoices = Pick<ProductFilters, 'category' | 'brand' | 'onSale'>;

/** One filter the shopper chose: what it reads ("Size: medium") and the change that removes it. */
export interface ActiveFilter {
  key: string;
  label: string;
  remove: Partial<ListingState>;
}

/** The filters chosen on a listing (the search text apart), each removable on its own. */
export function activeFilters(state: ListingState, fixed: FixedChoices = {}): ActiveFilter[] {
  const filters: ActiveFilter[] = [];
  if (state.category && !fixed.category)
    filters.push({ key: 'category', label: `Category: ${state.category}`, remove: { category: '' } });
  if (state.sub) filters.push({ key: 'sub', label: `Category: ${state.sub}`, remove: { sub: '' } });
  if (state.subsub) filters.push({ key: 'subsub', label: `Category: ${state.subsub}`, remove: { subsub: '' } });
  if (state.brand && !fixed.brand) filters.push({ key: 'brand', label: `Brand: ${state.brand}`, remove: { brand: '' } });
  for (const size of valueList(state.size)) {
    filters.push({ key: `size-${size}`, label: `Size: ${size}`, remove: { size: toggleValue(state.size, size, false) } });
  }
  for (const color of valueList(state.color)) {
    filters.push({ key: `color-${color}`, label: `Colour: ${color}`, remove: { color: toggleValue(state.color, color, false) } });
  }
  if (state.minPrice !== undefined || state.maxPrice !== undefined) {
    filters.push({
      key: 'price',
      label: `Price: ${rangeLabel(state.minPrice, state.maxPrice)}`,
      remove: { minPrice: undefined, maxPrice: undefined },
    });
  }
  if (state.onSale && !fixed.onSale) filters.push({ key: 'onSale', label: 'On sale', remove: { onSale: false } });
  return filters;
}

/** The change that removes every filter the shopper chose (not the search text, the sort, nor the brand of a brand's page). */
export function clearFilters(fixed: FixedChoices = {}): Partial<ListingState> {
  return {
    ...(fixed.brand ? {} : { brand: '' }),
    category: '',
    sub: '',
    subsub: '',
    size: '',
    color: '',
    minPrice: undefined,
    maxPrice: undefined,
    onSale: false,
  };
}

/** Products with a photo first, keeping the order otherwise (the women's page). */
export function imagesFirst<T extends { imageUrls: string[]; imageUrl: string | null }>(items: readonly T[]): T[] {
  const has = (p: T) => p.imageUrls.length > 0 || Boolean(p.imageUrl);
  return [...items.filter(has), ...items.filter((p) => !has(p))];
}
