/**
 * Abandoned checkout recovery (issue 31): the cart a reminder's link restores
 * (GET /api/cart/restore/{token}, public) and the back office's figures (GET /api/recovery).
 * Types only from @shop/shared/recovery: its schemas (zod) stay out of the storefront's chunks.
 */
import type { RecoveryOverview, RestoredCart } from '@shop/shared/recovery';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const restoredCartOptions = (token: string) =>
  queryOptions({
    queryKey: ['cart', 'restore', token] as const,
    queryFn: ({ signal }) => apiRequest<RestoredCart>(`/api/cart/restore/${encodeURIComponent(token)}`, { signal }),
    // Read once per visit: the lines go into the device's cart, which is what the shopper then changes.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const recoveryOptions = queryOptions({
  queryKey: ['admin', 'recovery'] as const,
  queryFn: ({ signal }) => apiRequest<RecoveryOverview>('/api/recovery', { signal }),
});
