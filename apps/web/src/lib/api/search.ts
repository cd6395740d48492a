/**
 * Finding products: the suggestions shown while typing in the header's search
 * (GET /api/search/suggest) and the count of each filter value of a listing
 * (GET /api/products/facets, with the listing's own filters). Only the header's search
 * (loaded on first use) and the listing pages import this module, never the storefront's
 * entry bundle.
 *
 * The keys sit under the product lists' key: every write that refreshes the listings (a
 * product saved, a category renamed, an order taking stock) refreshes the counts and the
 * suggestions with them.
 */
import type { FacetsResponse, SuggestResponse } from '@shop/shared/search';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { type ProductFilters, productKeys } from './products.ts';

/** The filters a facets request takes: a listing's, without its paging and sort. */
export type FacetFilters = Omit<ProductFilters, 'limit' | 'offset' | 'sort'>;

export const searchKeys = {
  all: [...productKeys.lists(), 'search'] as const,
  suggestions: (q: string, limit: number) => [...searchKeys.all, 'suggest', { q, limit }] as const,
  facets: (filters: FacetFilters) => [...searchKeys.all, 'facets', filters] as const,
};

/** Products shown as suggestions (the API adds at most 4 categories and 4 brands). */
export const SUGGEST_LIMIT = 6;

/**
 * Suggestions for what has been typed (trimmed; nothing is asked for an empty text). The
 * last answer stays on screen while the next loads, so the list does not flicker per key.
 */
export function suggestOptions(q: string, limit = SUGGEST_LIMIT) {
  // As the server compares it (normaliseSearchText in @shop/shared/search, a module with
  // schemas, which this lazily loaded code does without): "Ankara  dress" and "ankara dress" share an answer.
  const text = q.trim().replace(/\s+/g, ' ').toLowerCase();
  return queryOptions({
    queryKey: searchKeys.suggestions(text, limit),
    queryFn: ({ signal }) => apiRequest<SuggestResponse>('/api/search/suggest', { query: { q: text, limit }, signal }),
    enabled: text !== '',
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** The counts of a listing's filter values, for its current filters (empty ones left out). */
export function facetsOptions(filters: FacetFilters) {
  const query = Object.fromEntries(
    Object.entries(filters).filter(([key, v]) => v !== undefined && v !== '' && v !== null && !NOT_FACETS.has(key)),
  ) as FacetFilters;
  return queryOptions({
    queryKey: searchKeys.facets(query),
    queryFn: ({ signal }) => apiRequest<FacetsResponse>('/api/products/facets', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

const NOT_FACETS = new Set(['limit', 'offset', 'sort']);
