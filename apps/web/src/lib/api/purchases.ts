/**
 * The back office's purchases: GET /api/purchases (server-side search, status, dates, sort
 * and paging), archive (DELETE) and restore, and the CSV export.
 */
import type { Purchase, PurchaseSort } from '@shop/shared/purchases';
import { keepPreviousData, type MutationFunctionContext, mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest, apiRequestBlob, apiRequestWithTotal } from '../api-client.ts';

export interface PurchaseListParams {
  search: string;
  status: string;
  /** `confirmation`: pay-on-delivery orders the shop has still to confirm. */
  awaiting?: string;
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
};

const listQuery = ({ archived, ...params }: Partial<PurchaseListParams>) => ({
  ...params,
  archived: archived ? 'true' : undefined,
});

export const purchasesOptions = (params: PurchaseListParams) =>
  queryOptions({
    queryKey: purchaseKeys.list(params),
    queryFn: ({ signal }) => apiRequestWithTotal<Purchase>('/api/purchases', { query: listQuery(params), signal }),
    placeholderData: keepPreviousData,
  });

const refreshPurchases = (
  _data: unknown,
  _error: Error | null,
  _id: string,
  _result: unknown,
  { client }: MutationFunctionContext,
) => client.invalidateQueries({ queryKey: purchaseKeys.all });

export const archivePurchaseMutation = mutationOptions({
  mutationFn: (id: string) =>
    apiRequest<{ msg: string; id: string }>(`/api/purchases/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  onSettled: refreshPurchases,
});

export const restorePurchaseMutation = mutationOptions({
  mutationFn: (id: string) => apiRequest<Purchase>(`/api/purchases/${encodeURIComponent(id)}/restore`, { method: 'POST' }),
  onSettled: refreshPurchases,
});

/** Downloads GET /api/purchases.csv with the current filters (the token rides in a header, so no plain link). */
export async function downloadPurchasesCsv(params: Omit<PurchaseListParams, 'limit' | 'offset'>): Promise<void> {
  const { saveFile } = await import('../files.ts');
  saveFile(await apiRequestBlob('/api/purchases.csv', { query: listQuery(params) }), 'purchases.csv');
}
