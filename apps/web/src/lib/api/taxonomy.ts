/**
 * Categories, sub-categories, sub-sub-categories and brands: one client for the four
 * resources, used by the storefront (menus, filters, brand directory) and the back office
 * (tables, forms, selects) alike, with one key factory, so a rename in the back office
 * refreshes the shop's menus at once. The full lists are cached for a while (they change
 * rarely, and every write here invalidates them); tables ask the server for one page at a
 * time (search, filter, sort, limit/offset; the total in X-Total-Count).
 */
import type { CategoryFeedFields, TaxonomyItem, TaxonomySort } from '@shop/shared/catalog';
import { keepPreviousData, type MutationFunctionContext, mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest, apiRequestWithTotal } from '../api-client.ts';
import { productKeys } from './products.ts';

export type TaxonomyKind = 'category' | 'sub' | 'subsub' | 'brand';

export const TAXONOMY_PATHS: Record<TaxonomyKind, string> = {
  category: '/api/categories',
  sub: '/api/subs',
  subsub: '/api/subsubs',
  brand: '/api/brands',
};

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

export const taxonomyKeys = {
  all: ['taxonomy'] as const,
  kind: (kind: TaxonomyKind) => [...taxonomyKeys.all, kind] as const,
  list: (kind: TaxonomyKind) => [...taxonomyKeys.kind(kind), 'list'] as const,
  page: (kind: TaxonomyKind, params: TaxonomyPageParams) => [...taxonomyKeys.kind(kind), 'page', params] as const,
  item: (kind: TaxonomyKind, id: string) => [...taxonomyKeys.kind(kind), 'item', id] as const,
};

const itemPath = (kind: TaxonomyKind, id: string) => `${TAXONOMY_PATHS[kind]}/${encodeURIComponent(id)}`;

/** The complete list, by name: menus, filters, the parent selects and a table's parent names. */
export const taxonomyListOptions = (kind: TaxonomyKind) =>
  queryOptions({
    queryKey: taxonomyKeys.list(kind),
    queryFn: ({ signal }) => apiRequest<TaxonomyItem[]>(TAXONOMY_PATHS[kind], { signal }),
    staleTime: 5 * 60_000,
  });

export const taxonomyPageOptions = (kind: TaxonomyKind, params: TaxonomyPageParams) =>
  queryOptions({
    queryKey: taxonomyKeys.page(kind, params),
    queryFn: ({ signal }) => apiRequestWithTotal<TaxonomyItem>(TAXONOMY_PATHS[kind], { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export const taxonomyItemOptions = (kind: TaxonomyKind, id: string) =>
  queryOptions({
    queryKey: taxonomyKeys.item(kind, id),
    queryFn: ({ signal }) => apiRequest<TaxonomyItem>(itemPath(kind, id), { signal }),
  });

export interface TaxonomyWrite {
  name: string;
  /** A sub-category's parent category. */
  categoryId?: string | null;
  /** A sub-sub-category's parent sub-category. */
  subId?: string | null;
}

/** After a write: the kind's lists, pages and items, and the products (they show taxonomy names). */
const invalidate =
  (kind: TaxonomyKind) =>
  (_data: unknown, _variables: unknown, _result: unknown, { client }: MutationFunctionContext) =>
    Promise.all([
      client.invalidateQueries({ queryKey: taxonomyKeys.kind(kind) }),
      client.invalidateQueries({ queryKey: productKeys.all }),
    ]);

/** POST …/create: multipart when an image is chosen (field `imageUrl`), JSON otherwise. */
export const createTaxonomyMutation = (kind: TaxonomyKind) =>
  mutationOptions({
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
    onSuccess: invalidate(kind),
  });

/** PUT …/{id} with JSON: the rename (and a sub's or subsub's parent). */
export const updateTaxonomyMutation = (kind: TaxonomyKind, id: string) =>
  mutationOptions({
    // A category's feed fields may be saved without its name (Edit Category's "Catalogue feeds").
    mutationFn: (fields: Partial<TaxonomyWrite> & CategoryFeedFields) =>
      apiRequest<TaxonomyItem>(itemPath(kind, id), { method: 'PUT', body: fields }),
    onSuccess: invalidate(kind),
  });

/** PUT …/{id} as multipart with one `imageUrl` file: replaces the image (a separate request from the rename). */
export const updateTaxonomyImageMutation = (kind: TaxonomyKind, id: string) =>
  mutationOptions({
    mutationFn: (image: File) => {
      const form = new FormData();
      form.append('imageUrl', image);
      return apiRequest<TaxonomyItem>(itemPath(kind, id), { method: 'PUT', body: form });
    },
    onSuccess: invalidate(kind),
  });

export const deleteTaxonomyMutation = (kind: TaxonomyKind) =>
  mutationOptions({
    mutationFn: (id: string) => apiRequest<{ msg: string }>(itemPath(kind, id), { method: 'DELETE' }),
    onSuccess: invalidate(kind),
  });
