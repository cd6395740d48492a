/** Announcement banners: every banner (GET /api/banners/all), create, show/hide and delete. */
import type { Banner, BannerUpdateBody } from '@shop/shared/content';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

export const bannerKeys = {
  all: ['banners'] as const,
  admin: () => [...bannerKeys.all, 'all'] as const,
};

export const allBannersQuery = () =>
  queryOptions({
    queryKey: bannerKeys.admin(),
    queryFn: ({ signal }) => apiRequest<Banner[]>('/api/banners/all', { signal }),
  });

export const useAllBanners = () => useQuery(allBannersQuery());

function useBannerWrite<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: bannerKeys.all }) });
}

export const useCreateBanner = () =>
  useBannerWrite((title: string) => apiRequest<Banner>('/api/banners/create', { method: 'POST', body: { title } }));

export const useUpdateBanner = () =>
  useBannerWrite(({ id, ...body }: BannerUpdateBody & { id: string }) =>
    apiRequest<Banner>(`/api/banners/${encodeURIComponent(id)}`, { method: 'PUT', body }),
  );

export const useDeleteBanner = () =>
  useBannerWrite((id: string) => apiRequest<{ msg: string }>(`/api/banners/${encodeURIComponent(id)}`, { method: 'DELETE' }));
