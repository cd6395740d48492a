/**
 * Announcement banners: the active ones (the storefront's top bar) and, for the back office,
 * every banner with create, show/hide and delete. One key factory, so a change in the back
 * office shows in the shop's bar at once.
 */
import type { Banner, BannerUpdateBody } from '@shop/shared/content';
import { type MutationFunctionContext, mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const bannerKeys = {
  all: ['banners'] as const,
  active: () => [...bannerKeys.all, 'active'] as const,
  admin: () => [...bannerKeys.all, 'all'] as const,
};

/** The storefront's bar (the frame reads them with useCachedQuery: no QueryObserver in the entry bundle). */
export const bannersOptions = queryOptions({
  queryKey: bannerKeys.active(),
  queryFn: ({ signal }) => apiRequest<Banner[]>('/api/banners', { signal }),
  staleTime: 5 * 60_000,
});

export const allBannersOptions = () =>
  queryOptions({
    queryKey: bannerKeys.admin(),
    queryFn: ({ signal }) => apiRequest<Banner[]>('/api/banners/all', { signal }),
  });

const refreshBanners = (_data: unknown, _variables: unknown, _result: unknown, { client }: MutationFunctionContext) =>
  client.invalidateQueries({ queryKey: bannerKeys.all });

export const createBannerMutation = mutationOptions({
  mutationFn: (title: string) => apiRequest<Banner>('/api/banners/create', { method: 'POST', body: { title } }),
  onSuccess: refreshBanners,
});

export const updateBannerMutation = mutationOptions({
  mutationFn: ({ id, ...body }: BannerUpdateBody & { id: string }) =>
    apiRequest<Banner>(`/api/banners/${encodeURIComponent(id)}`, { method: 'PUT', body }),
  onSuccess: refreshBanners,
});

export const deleteBannerMutation = mutationOptions({
  mutationFn: (id: string) => apiRequest<{ msg: string }>(`/api/banners/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  onSuccess: refreshBanners,
});
