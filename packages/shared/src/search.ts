/**
 * Finding products: suggestions while typing (GET /api/search/suggest), the counts of each
 * filter value on a listing (GET /api/products/facets, the list's own filters), and typo
 * tolerance (a search that finds nothing exactly is tried by trigram similarity; the answer
 * says what it showed instead). Money is naira.
 */
import { z } from 'zod';
import { productFilterQuery } from './catalog.ts';

export const SUGGEST_MAX_QUERY = 100;

/**
 * What the search compares: lower-case, trimmed, single spaces. The server keys its cache by
 * it, so a client that sends it as typed and one that sends it normalised share answers.
 */
export function normaliseSearchText(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

export const suggestQuery = z.object({
  q: z.string().trim().min(1, 'Type something to search for').max(SUGGEST_MAX_QUERY),
  /** Products shown (categories and brands are at most 4 each). */
  limit: z.coerce.number().int().min(1).max(10).default(6),
});
export type SuggestQuery = z.input<typeof suggestQuery>;

export const suggestResponse = z.object({
  query: z.string(),
  /** What the products were found for when the words typed found nothing as typed ("ankara" for "ankra"); null otherwise. */
  correctedQuery: z.string().nullable(),
  products: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      brand: z.string(),
      /** 320 px thumbnail, or null. */
      imageUrl: z.string().nullable(),
      /** Naira: what it sells for (the lowest of its sizes). */
      price: z.number(),
      /** Naira: the price before its markdown, when marked down. */
      oldPrice: z.number().nullable(),
    }),
  ),
  categories: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** The level: a category, a sub-category or a sub-sub-category, and its parent's name ('' at the top). */
      kind: z.enum(['category', 'sub', 'subsub']),
      parent: z.string(),
    }),
  ),
  brands: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type SuggestResponse = z.infer<typeof suggestResponse>;

/** Price bands a listing offers (naira, on the sale price as the list filters it; upper bound exclusive; null: no bound). */
export const PRICE_BANDS = [
  { min: null, max: 10_000 },
  { min: 10_000, max: 25_000 },
  { min: 25_000, max: 50_000 },
  { min: 50_000, max: 100_000 },
  { min: 100_000, max: null },
] as const;

export type PriceBand = { min: number | null; max: number | null };

/**
 * The list's price filter that shows a band: its maxPrice is inclusive and prices are whole
 * kobo, so "below ₦25,000" is maxPrice 24,999.99.
 */
export function priceBandFilter(band: PriceBand): { minPrice?: number; maxPrice?: number } {
  return {
    ...(band.min !== null && { minPrice: band.min }),
    ...(band.max !== null && { maxPrice: Math.round(band.max * 100 - 1) / 100 }),
  };
}

/** GET /api/products/facets: the list's filters (without sort and page). */
export const facetsQuery = productFilterQuery;

const count = z.number().int();

/** The counts of each value of each filter, for the products the other filters match (so a value's count is what choosing it shows). */
export const facetsResponse = z.object({
  total: count,
  brands: z.array(z.object({ id: z.string(), name: z.string(), count })),
  /** Sizes with stock, in the size scales' order; `value` is what the list's `size` filter takes. */
  sizes: z.array(z.object({ value: z.string(), count })),
  /** Colours with stock, by name; `value` is lower-case, as the list's `color` filter compares it. */
  colors: z.array(z.object({ value: z.string(), count })),
  /** PRICE_BANDS in order, each with its count (see priceBandFilter for the list's filter that shows it). */
  prices: z.array(z.object({ min: z.number().nullable(), max: z.number().nullable(), count })),
  onSale: count,
});
export type FacetsResponse = z.infer<typeof facetsResponse>;

/**
 * Header the product list (and the facets) answer with when they showed near matches instead
 * of exact ones: the words searched for instead, percent-encoded (a header carries no
 * UTF-8 as such): read it with showingResultsFor.
 */
export const SHOWING_RESULTS_FOR_HEADER = 'X-Showing-Results-For';

/** The header's value for the words searched for instead. */
export const encodeShowingResultsFor = (words: string) => encodeURIComponent(words);

/** The words the answer shows results for, from its headers (null: the words as typed). */
export function showingResultsFor(headers: { get(name: string): string | null }): string | null {
  const value = headers.get(SHOWING_RESULTS_FOR_HEADER);
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
