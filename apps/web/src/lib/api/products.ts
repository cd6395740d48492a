/**
 * Products, for the storefront and the back office alike: the listing (filters, sort,
 * paging; the total in X-Total-Count, and in X-Showing-Results-For the words it searched for
 * when it showed near matches of a mistyped search) and one product with its variants, with the family's
 * one key factory. The back office's writes are in product-admin.ts, so the storefront's
 * entry bundle (which reads products) never carries them. Components use them with
 * `useQuery(productOptions(id))`.
 */
import type { Product, ProductDetail, ProductListQuery } from '@shop/shared/catalog';
import type { SHOWING_RESULTS_FOR_HEADER } from '@shop/shared/search';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, apiRequestWithTotal, type ListPage } from '../api-client.ts';

export type ProductFilters = Omit<ProductListQuery, 'limit' | 'offset'> & { limit?: number; offset?: number };

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (filters: ProductFilters) => [...productKeys.lists(), filters] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (id: string) => [...productKeys.details(), id] as const,
};

/** Drops empty filters so equal listings share one cache entry. */
function compact(filters: ProductFilters): ProductFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '' && v !== null));
}

/** A page of products; `showingResultsFor`: the words its near matches were found for (null: exact matches). */
export interface ProductListPage extends ListPage<Product> {
  showingResultsFor: string | null;
}

/**
 * The words the list searched for instead, from their header (percent-encoded: a header
 * carries no UTF-8). As showingResultsFor in @shop/shared/search, whose module also defines
 * schemas: importing it would put zod in the storefront's entry bundle.
 */
function readShowingResultsFor(headers: Headers): string | null {
  const value = headers.get('x-showing-results-for' satisfies Lowercase<typeof SHOWING_RESULTS_FOR_HEADER>);
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** `keepPrevious`: a table or a listing keeps showing the last page while the next loads. */
export function productListOptions(filters: ProductFilters, { keepPrevious = false } = {}) {
  const query = compact(filters);
  return queryOptions({
    queryKey: productKeys.list(query),
    queryFn: async ({ signal }): Promise<ProductListPage> => {
      let showingResultsFor: string | null = null;
      const page = await apiRequestWithTotal<Product>('/api/products', {
        query,
        signal,
        onHeaders: (headers) => {
          showingResultsFor = readShowingResultsFor(headers);
        },
      });
      return { ...page, showingResultsFor };
    },
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}

export function productOptions(id: string) {
  return queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<ProductDetail>(productEndpoint(id), { signal }),
  });
}

export const productEndpoint = (id: string) => `/api/products/${encodeURIComponent(id)}`;
