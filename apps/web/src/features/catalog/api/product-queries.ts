/**
 * Products' query keys and query options, without the React hooks: route loaders in the
 * entry bundle use these to start requests early, and the hooks (products.ts) share them.
 */
import type { Product, ProductListQuery } from '@shop/shared/catalog';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, apiRequestWithTotal } from '@/lib/api-client.ts';

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

export function productListOptions(filters: ProductFilters) {
  const query = compact(filters);
  return queryOptions({
    queryKey: productKeys.list(query),
    queryFn: ({ signal }) => apiRequestWithTotal<Product>('/api/products', { query, signal }),
  });
}

export function productOptions(id: string) {
  return queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Product>(`/api/products/${encodeURIComponent(id)}`, { signal }),
  });
}
