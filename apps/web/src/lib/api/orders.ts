/**
 * Orders: a shopper's own (My orders), one order (its owner or an admin), and an admin's
 * status changes. The back office's purchases table is another view of the same orders
 * (purchases.ts), so a status change refreshes both.
 */
import type { OrderStatus, OrderView } from '@shop/shared/orders';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const orderKeys = {
  all: ['orders'] as const,
  mine: () => [...orderKeys.all, 'mine'] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
};

const orderPath = (id: string) => `/api/orders/${encodeURIComponent(id)}`;

export const myOrdersOptions = queryOptions({
  queryKey: orderKeys.mine(),
  queryFn: ({ signal }) => apiRequest<OrderView[]>('/api/orders/mine', { signal }),
  staleTime: 0,
});

export const orderOptions = (id: string) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => apiRequest<OrderView>(orderPath(id), { signal }) });

export const changeOrderStatusMutation = (id: string) =>
  mutationOptions({
    mutationFn: (status: OrderStatus) => apiRequest<OrderView>(`${orderPath(id)}/status`, { method: 'PATCH', body: { status } }),
    onSuccess: (order, _status, _result, { client }) => client.setQueryData(orderKeys.detail(id), order),
    // The purchases table and the overview show orders too.
    onSettled: (_order, _error, _status, _result, { client }) =>
      Promise.all([client.invalidateQueries({ queryKey: ['admin'] }), client.invalidateQueries({ queryKey: orderKeys.all })]),
  });
