/** Store settings (GET/PUT /api/settings) and changing one's own password (POST /api/auth/password). */
import type { AuthResponse } from '@shop/shared/auth';
import type { StoreSettings, StoreSettingsPatch } from '@shop/shared/content';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

export const settingsKeys = { all: ['settings'] as const };

export const settingsQuery = () =>
  queryOptions({ queryKey: settingsKeys.all, queryFn: ({ signal }) => apiRequest<StoreSettings>('/api/settings', { signal }) });

export const useSettings = () => useQuery(settingsQuery());

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: StoreSettingsPatch) => apiRequest<StoreSettings>('/api/settings', { method: 'PUT', body: patch }),
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.all, settings),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      apiRequest<AuthResponse>('/api/auth/password', { method: 'POST', body }),
  });
}
