/**
 * Products, for the storefront and the back office alike: the listing (filters, sort,
 * paging; the total in X-Total-Count), one product with its variants, and the back office's
 * writes (create as multipart with repeated `imageUrl` files, update, images, variants,
 * delete, the catalogue spreadsheet). One key factory: a write refreshes every listing.
 * Components use them with `useQuery(productOptions(id))` and `useMutation(…Mutation)`.
 */
import type { Product, ProductDetail, ProductListQuery, ProductUpdateInput } from '@shop/shared/catalog';
import type { CatalogueImportReport, VariantsBodyInput as VariantsInput } from '@shop/shared/variants';
import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest, apiRequestBlob, apiRequestWithTotal } from '../api-client.ts';

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

/** `keepPrevious`: a table or a listing keeps showing the last page while the next loads. */
export function productListOptions(filters: ProductFilters, { keepPrevious = false } = {}) {
  const query = compact(filters);
  return queryOptions({
    queryKey: productKeys.list(query),
    queryFn: ({ signal }) => apiRequestWithTotal<Product>('/api/products', { query, signal }),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}

export function productOptions(id: string) {
  return queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<ProductDetail>(productPath(id), { signal }),
  });
}

const productPath = (id: string) => `/api/products/${encodeURIComponent(id)}`;

/** A write answers with the product: it replaces the cached detail, and every listing refreshes. */
function productWrite<V>(mutationFn: (variables: V) => Promise<ProductDetail>) {
  return mutationOptions({
    mutationFn,
    onSuccess: (product, _variables, _result, { client }) => {
      client.setQueryData(productKeys.detail(product.id), product);
      return client.invalidateQueries({ queryKey: productKeys.lists() });
    },
  });
}

export const createProductMutation = productWrite((form: FormData) =>
  apiRequest<ProductDetail>('/api/products/create', { method: 'POST', body: form }),
);

export const updateProductMutation = (id: string) =>
  productWrite((body: ProductUpdateInput) => apiRequest<ProductDetail>(productPath(id), { method: 'PUT', body }));

/** Appends images (multipart `imageUrl` files); the answer carries the new `imageUrls`. */
export const uploadProductImagesMutation = (id: string) =>
  productWrite((files: File[]) => {
    const form = new FormData();
    for (const file of files) form.append('imageUrl', file);
    return apiRequest<ProductDetail>(productPath(id), { method: 'PUT', body: form });
  });

/** Keeps only these images, in this order (JSON `imageUrls`): how an image is removed. */
export const setProductImagesMutation = (id: string) =>
  productWrite((imageUrls: string[]) => apiRequest<ProductDetail>(productPath(id), { method: 'PUT', body: { imageUrls } }));

/** Replaces the product's variants (sizes and colours with SKU, stock and price), and its size scale. */
export const setVariantsMutation = (id: string) =>
  productWrite((body: VariantsInput) => apiRequest<ProductDetail>(`${productPath(id)}/variants`, { method: 'PUT', body }));

export const deleteProductMutation = mutationOptions({
  mutationFn: (id: string) => apiRequest<{ msg: string }>(productPath(id), { method: 'DELETE' }),
  onSuccess: (_data, id, _result, { client }) => {
    client.removeQueries({ queryKey: productKeys.detail(id) });
    return client.invalidateQueries({ queryKey: productKeys.all });
  },
});

/** The catalogue spreadsheet (GET /api/products.csv), saved as a file. */
export async function downloadCatalogueCsv(): Promise<void> {
  const { saveFile } = await import('../files.ts');
  saveFile(await apiRequestBlob('/api/products.csv'), 'catalogue.csv');
}

export interface ImportOptions {
  file: File;
  dryRun: boolean;
  skipInvalid?: boolean;
  /** Upload progress, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/** POST /api/products/import: a dry run first, then the import; the catalogue refreshes after a real one. */
export const importCatalogueMutation = mutationOptions({
  mutationFn: async ({ file, dryRun, skipInvalid, onProgress }: ImportOptions) => {
    // Back-office only: the upload helpers stay out of the storefront's entry bundle.
    const { uploadWithProgress } = await import('../files.ts');
    const form = new FormData();
    form.append('file', file);
    return apiRequest<CatalogueImportReport>('/api/products/import', {
      method: 'POST',
      body: form,
      query: { dryRun: dryRun ? 'true' : undefined, skipInvalid: skipInvalid ? 'true' : undefined },
      ...(onProgress && { transport: uploadWithProgress(onProgress) }),
    });
  },
  onSuccess: (report, _variables, _result, { client }) =>
    report.applied ? client.invalidateQueries({ queryKey: productKeys.all }) : undefined,
});
