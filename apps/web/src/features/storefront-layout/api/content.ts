/**
 * The shop's announcement banners and settings (phone, service hours, rotation speed).
 * The frame reads them with useCachedQuery (no QueryObserver in the entry bundle); the
 * query options are the usual ones, so any page can useQuery them too.
 */
import type { Banner, StoreSettings } from '@shop/shared/content';
import { apiRequest } from '@/lib/api-client.ts';
import { useCachedQuery } from '@/lib/use-cached-query.ts';

export const contentKeys = {
  banners: ['banners'] as const,
  settings: ['settings'] as const,
};

export const bannersOptions = {
  queryKey: contentKeys.banners,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest<Banner[]>('/api/banners', { signal }),
  staleTime: 5 * 60_000,
};

export const settingsOptions = {
  queryKey: contentKeys.settings,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest<StoreSettings>('/api/settings', { signal }),
  staleTime: 5 * 60_000,
};

export const useBanners = () => useCachedQuery(bannersOptions);
export const useSettings = () => useCachedQuery(settingsOptions);
