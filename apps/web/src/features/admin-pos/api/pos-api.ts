/**
 * The point of sale's calls: customer search and create (/api/customers), product search
 * (/api/products?title=), and the sale itself (POST /api/pos/orders → receipt data).
 */
import type { PosOrderBody, PosReceipt } from '@shop/shared/admin';
import type { Product } from '@shop/shared/catalog';
import type { Customer, CustomerCreateBody } from '@shop/shared/people';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

export const posKeys = {
  customers: (search: string) => ['admin', 'customers', search] as const,
  products: (search: string) => ['products', 'pos-search', search] as const,
};

export const customerSearchQuery = (search: string) =>
  queryOptions({
    queryKey: posKeys.customers(search),
    queryFn: ({ signal }) => apiRequest<Customer[]>('/api/customers', { query: { search, limit: 6 }, signal }),
    placeholderData: keepPreviousData,
  });

export const posProductsQuery = (search: string) =>
  queryOptions({
    queryKey: posKeys.products(search),
    queryFn: ({ signal }) => apiRequest<Product[]>('/api/products', { query: { title: search, limit: 12 }, signal }),
    placeholderData: keepPreviousData,
  });

export const useCustomerSearch = (search: string) => useQuery(customerSearchQuery(search));
export const usePosProducts = (search: string) => useQuery(posProductsQuery(search));

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerCreateBody) => apiRequest<Customer>('/api/customers/create', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'customers'] }),
  });
}

export function useCreatePosOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PosOrderBody) => apiRequest<PosReceipt>('/api/pos/orders', { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([
        // Stock, purchases and the overview's figures changed.
        queryClient.invalidateQueries({ queryKey: ['products'] }),
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
      ]),
  });
}
