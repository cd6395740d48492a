/** GET /api/admin/stats: revenue and orders for today, 7 and 30 days, the daily series, top products, low stock, recent orders. */
import type { AdminStats } from '@shop/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

export const statsKeys = { all: ['admin', 'stats'] as const };

export const statsQuery = () =>
  queryOptions({
    queryKey: statsKeys.all,
    queryFn: ({ signal }) => apiRequest<AdminStats>('/api/admin/stats', { signal }),
    staleTime: 0,
  });

export const useStats = () => useQuery(statsQuery());
