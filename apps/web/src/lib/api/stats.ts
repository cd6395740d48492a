/** GET /api/admin/stats: revenue and orders for today, 7 and 30 days, the daily series, top products, low stock, recent orders. */
import type { AdminStats } from '@shop/shared/admin';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const statsKeys = { all: ['admin', 'stats'] as const };

export const statsOptions = () =>
  queryOptions({
    queryKey: statsKeys.all,
    queryFn: ({ signal }) => apiRequest<AdminStats>('/api/admin/stats', { signal }),
    staleTime: 0,
  });
