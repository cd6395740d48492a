/** Categories, sub-categories and brands: small lists, cached for a while (they change rarely). */
import type { TaxonomyItem } from '@shop/shared/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

type TaxonomyKind = 'categories' | 'subs' | 'brands';

export const taxonomyKeys = {
  all: ['taxonomy'] as const,
  list: (kind: TaxonomyKind) => [...taxonomyKeys.all, kind] as const,
};

export function taxonomyOptions(kind: TaxonomyKind) {
  return queryOptions({
    queryKey: taxonomyKeys.list(kind),
    queryFn: ({ signal }) => apiRequest<TaxonomyItem[]>(`/api/${kind}`, { signal }),
    staleTime: 5 * 60_000,
  });
}

export const useCategories = () => useQuery(taxonomyOptions('categories'));
export const useSubs = () => useQuery(taxonomyOptions('subs'));
export const useBrands = () => useQuery(taxonomyOptions('brands'));
