/**
 * Coupons (/api/coupons, admin): every code with its uses, reservations and revenue, and
 * create, change (the whole coupon) and delete. A coupon has no endpoint of its own: the
 * edit screen reads it from the list (`couponOptions`), so both share one cache entry.
 */
import type { CouponInput, CouponView } from '@shop/shared/coupons';
import { type MutationFunctionContext, mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const couponKeys = {
  all: ['coupons'] as const,
  list: () => [...couponKeys.all, 'list'] as const,
};

const couponPath = (id: string) => `/api/coupons/${encodeURIComponent(id)}`;

export const couponsOptions = () =>
  queryOptions({
    queryKey: couponKeys.list(),
    queryFn: ({ signal }) => apiRequest<CouponView[]>('/api/coupons', { signal }),
  });

/** One coupon, picked from the list (undefined when there is none with this id). */
export const couponOptions = (id: string) =>
  queryOptions({
    ...couponsOptions(),
    select: (coupons: CouponView[]) => coupons.find((c) => c.id === id),
  });

const refreshCoupons = (_data: unknown, _variables: unknown, _result: unknown, { client }: MutationFunctionContext) =>
  client.invalidateQueries({ queryKey: couponKeys.all });

export const createCouponMutation = mutationOptions({
  mutationFn: (coupon: CouponInput) => apiRequest<CouponView>('/api/coupons', { method: 'POST', body: coupon }),
  onSuccess: refreshCoupons,
});

export const updateCouponMutation = mutationOptions({
  mutationFn: ({ id, coupon }: { id: string; coupon: CouponInput }) =>
    apiRequest<CouponView>(couponPath(id), { method: 'PUT', body: coupon }),
  onSuccess: refreshCoupons,
});

export const deleteCouponMutation = mutationOptions({
  mutationFn: (id: string) => apiRequest<{ msg: string }>(couponPath(id), { method: 'DELETE' }),
  onSuccess: refreshCoupons,
});
