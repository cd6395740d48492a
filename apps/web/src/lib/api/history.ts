/**
 * An order's and a product's history (GET /api/orders/:id/history, GET /api/products/:id/history):
 * the audit trail's entries about it. Keyed under the order's and the product's own keys, so
 * every change that reads them again (a payment recorded, a price saved) reads the history too.
 */
import type { HistoryEntry } from '@shop/shared/audit';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { orderKeys } from './orders.ts';
import { productKeys } from './products.ts';

export const historyKeys = {
  order: (id: string) => [...orderKeys.detail(id), 'history'] as const,
  product: (id: string) => [...productKeys.detail(id), 'history'] as const,
};

export const orderHistoryOptions = (id: string) =>
  queryOptions({
    queryKey: historyKeys.order(id),
    queryFn: ({ signal }) => apiRequest<HistoryEntry[]>(`/api/orders/${encodeURIComponent(id)}/history`, { signal }),
  });

export const productHistoryOptions = (id: string) =>
  queryOptions({
    queryKey: historyKeys.product(id),
    queryFn: ({ signal }) => apiRequest<HistoryEntry[]>(`/api/products/${encodeURIComponent(id)}/history`, { signal }),
  });
