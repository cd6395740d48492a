/**
 * Categories, sub-categories, sub-sub-categories and brands: one client for the four
 * resources, each on its own path. The tables ask the server for one page at a time
 * (search, filter, sort, limit/offset; the total in X-Total-Count); the parent selects
 * read the complete list. Writes invalidate the kind's queries and products.
 */
import type { TaxonomyItem, TaxonomySort } from '@shop/shared/catalog';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestWithTotal } from '@/lib/api-client.ts';

export type TaxonomyKind = 'category' | 'sub' | 'subsub' | 'brand';

export const TAXONOMY_PATHS: Record<TaxonomyKind, string> = {
  category: '/api/categories',
  sub: '/api/subs',
  subsub: '/api/subsubs',
  brand: '/api/brands',
};

export const taxonomyKeys = {
  all: ['taxonomy'] as const,
  kind: (kind: TaxonomyKind) => [...taxonomyKeys.all, kind] as const,
  list: (kind: TaxonomyKind) => [...taxonomyKeys.kind(kind), 'list'] as const,
  page: (kind: TaxonomyKind, params: TaxonomyPageParams) => [...taxonomyKeys.kind(kind), 'page', params] as const,
  item: (kind: TaxonomyKind, id: string) => [...taxonomyKeys.kind(kind), 'item', id] as const,
};

const itemPath = (kind: TaxonomyKind, id: string) => `${TAXONOMY_PATHS[kind]}/${encodeURIComponent(id)}`;

/** One page of a table. Empty values are left out of the query string. */
export interface TaxonomyPageParams {
  search: string;
  sort: TaxonomySort;
  limit: number;
  offset: number;
  /** Only those some product uses ('true') or none uses ('false'); '' for all. */
  used?: '' | 'true' | 'false';
  /** A sub's parent category: an id, 'none' or '' for all. */
  categoryId?: string;
  /** A subsub's parent sub-category: an id, 'none' or '' for all. */
  subId?: string;
}

/** The complete list, by name (for the parent selects and the parent names of a table). */
export const taxonomyListQuery = (kind: TaxonomyKind) =>
  queryOptions({
    queryKey: taxonomyKeys.list(kind),
    queryFn: ({ signal }) => apiRequest<TaxonomyItem[]>(`${TAXONOMY_PATHS[kind]}/`, { signal }),
  });

export const taxonomyPageQuery = (kind: TaxonomyKind, params: TaxonomyPageParams) =>
  queryOptions({
    queryKey: taxonomyKeys.page(kind, params),
    queryFn: ({ signal }) => apiRequestWithTotal<TaxonomyItem>(`${TAXONOMY_PATHS[kind]}/`, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export const taxonomyItemQuery = (kind: TaxonomyKind, id: string) =>
  queryOptions({
    queryKey: taxonomyKeys.item(kind, id),
    queryFn: ({ signal }) => apiRequest<TaxonomyItem>(itemPath(kind, id), { signal }),
  });

export const useTaxonomyList = (kind: TaxonomyKind) => useQuery(taxonomyListQuery(kind));
export const useTaxonomyPage = (kind: TaxonomyKind, params: TaxonomyPageParams) => useQuery(taxonomyPageQuery(kind, params));
export const useTaxonomyItem = (kind: TaxonomyKind, id: string) => useQuery(taxonomyItemQuery(kind, id));

export interface TaxonomyWrite {
  name: string;
  /** A sub-category's parent category. */
  categoryId?: string | null;
  /** A sub-sub-category's parent sub-category. */
  subId?: string | null;
}

function useInvalidate(kind: TaxonomyKind) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: taxonomyKeys.kind(kind) }),
      // Products show taxonomy names.
      queryClient.invalidateQueries({ queryKey: ['products'] }),
    ]);
}

/** POST …/create: multipart when an image is chosen (field `imageUrl`), JSON otherwise. */
export function useCreateTaxonomy(kind: TaxonomyKind) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: ({ image, ...fields }: TaxonomyWrite & { image?: File | null }) => {
      let body: unknown = fields;
      if (image) {
        const form = new FormData();
        for (const [key, value] of Object.entries(fields)) if (value) form.append(key, value);
        form.append('imageUrl', image);
        body = form;
      }
      return apiRequest<TaxonomyItem>(`${TAXONOMY_PATHS[kind]}/create`, { method: 'POST', body });
    },
    onSuccess: invalidate,
  });
}

/** PUT …/{id} with JSON: the rename (and a sub's or subsub's parent). */
export function useUpdateTaxonomy(kind: TaxonomyKind, id: string) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: (fields: TaxonomyWrite) => apiRequest<TaxonomyItem>(itemPath(kind, id), { method: 'PUT', body: fields }),
    onSuccess: invalidate,
  });
}

/** PUT …/{id} as multipart with one `imageUrl` file: replaces the image (a separate request from the rename). */
export function useUpdateTaxonomyImage(kind: TaxonomyKind, id: string) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: (image: File) => {
      const form = new FormData();
      form.append('imageUrl', image);
      return apiRequest<TaxonomyItem>(itemPath(kind, id), { method: 'PUT', body: form });
    },
    onSuccess: invalidate,
  });
}

export function useDeleteTaxonomy(kind: TaxonomyKind) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ msg: string }>(itemPath(kind, id), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
