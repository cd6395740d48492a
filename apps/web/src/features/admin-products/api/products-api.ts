/**
 * The back office's product calls: the filtered, paged list (X-Total-Count), one product,
 * create (multipart with repeated `imageUrl` files), update (JSON fields), add images
 * (multipart), keep a subset of images (JSON `imageUrls`) and delete.
 */
import type { Product, ProductSort, ProductUpdateInput } from '@shop/shared/catalog';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestWithTotal } from '@/lib/api-client.ts';

export interface ProductListParams {
  title: string;
  category: string;
  sub: string;
  brand: string;
  minPrice: string;
  maxPrice: string;
  sort: ProductSort;
  limit: number;
  offset: number;
}

export const productKeys = {
  all: ['products'] as const,
  adminList: (params: ProductListParams) => [...productKeys.all, 'admin-list', params] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
};

const productPath = (id: string) => `/api/products/${encodeURIComponent(id)}`;

export const adminProductsQuery = (params: ProductListParams) =>
  queryOptions({
    queryKey: productKeys.adminList(params),
    queryFn: ({ signal }) => apiRequestWithTotal<Product>('/api/products', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Product>(productPath(id), { signal }),
  });

export const useAdminProducts = (params: ProductListParams) => useQuery(adminProductsQuery(params));
export const useProduct = (id: string) => useQuery(productQuery(id));

function useProductWrite<V>(mutationFn: (variables: V) => Promise<Product>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      return queryClient.invalidateQueries({ queryKey: productKeys.all, predicate: (q) => q.queryKey[1] !== 'detail' });
    },
  });
}

export const useCreateProduct = () =>
  useProductWrite((form: FormData) => apiRequest<Product>('/api/products/create', { method: 'POST', body: form }));

export const useUpdateProduct = (id: string) =>
  useProductWrite((body: ProductUpdateInput) => apiRequest<Product>(productPath(id), { method: 'PUT', body }));

/** Appends images (multipart `imageUrl` files); the answer carries the new `imageUrls`. */
export const useUploadProductImages = (id: string) =>
  useProductWrite((files: File[]) => {
    const form = new FormData();
    for (const file of files) form.append('imageUrl', file);
    return apiRequest<Product>(productPath(id), { method: 'PUT', body: form });
  });

/** Keeps only these images, in this order (JSON `imageUrls`): how an image is removed. */
export const useSetProductImages = (id: string) =>
  useProductWrite((imageUrls: string[]) => apiRequest<Product>(productPath(id), { method: 'PUT', body: { imageUrls } }));

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ msg: string }>(productPath(id), { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: productKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
