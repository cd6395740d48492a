/**
 * The purchases family: GET /api/purchases (server-side search, status, dates, sort and
 * paging), archive (DELETE) and restore, the CSV export, and one order with its status changes.
 */
import type { OrderStatus, OrderView } from '@shop/shared/orders';
import type { Purchase, PurchaseSort } from '@shop/shared/purchases';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestBlob, apiRequestWithTotal } from '@/lib/api-client.ts';

export interface PurchaseListParams {
  search: string;
  status: string;
  from: string;
  to: string;
  sort: PurchaseSort;
  archived: boolean;
  limit: number;
  offset: number;
}

export const purchaseKeys = {
  all: ['admin', 'purchases'] as const,
  list: (params: PurchaseListParams) => [...purchaseKeys.all, 'list', params] as const,
  order: (id: string) => ['admin', 'orders', id] as const,
};

export const purchasesQuery = (params: PurchaseListParams) =>
  queryOptions({
    queryKey: purchaseKeys.list(params),
    queryFn: ({ signal }) =>
      apiRequestWithTotal<Purchase>('/api/purchases', {
        query: { ...params, archived: params.archived ? 'true' : undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: purchaseKeys.order(id),
    queryFn: ({ signal }) => apiRequest<OrderView>(`/api/orders/${encodeURIComponent(id)}`, { signal }),
  });

export const usePurchases = (params: PurchaseListParams) => useQuery(purchasesQuery(params));
export const useOrder = (id: string) => useQuery(orderQuery(id));

export function useArchivePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ msg: string; id: string }>(`/api/purchases/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: purchaseKeys.all }),
  });
}

export function useRestorePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Purchase>(`/api/purchases/${encodeURIComponent(id)}/restore`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: purchaseKeys.all }),
  });
}

export function useChangeOrderStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: OrderStatus) =>
      apiRequest<OrderView>(`/api/orders/${encodeURIComponent(id)}/status`, { method: 'PATCH', body: { status } }),
    onSuccess: (order) => queryClient.setQueryData(purchaseKeys.order(id), order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: purchaseKeys.all }),
  });
}

/** Downloads GET /api/purchases.csv with the current filters (the token rides in the header, so no plain link). */
export async function downloadPurchasesCsv(params: Omit<PurchaseListParams, 'limit' | 'offset'>): Promise<void> {
  const blob = await apiRequestBlob('/api/purchases.csv', {
    query: { ...params, archived: params.archived ? 'true' : undefined },
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'purchases.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
