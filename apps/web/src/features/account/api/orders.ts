/** The signed-in shopper's orders. */
import type { OrderView } from '@shop/shared/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

export const orderKeys = {
  all: ['orders'] as const,
  mine: () => [...orderKeys.all, 'mine'] as const,
};

export const myOrdersOptions = queryOptions({
  queryKey: orderKeys.mine(),
  queryFn: ({ signal }) => apiRequest<OrderView[]>('/api/orders/mine', { signal }),
  staleTime: 0,
});

export const useMyOrders = (enabled: boolean) => useQuery({ ...myOrdersOptions, enabled });
