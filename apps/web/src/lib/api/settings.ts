/**
 * Store settings (GET/PUT /api/settings): the storefront frame shows the phone, hours and
 * banner speed; the back office edits them. One key, so a save shows in the shop at once.
 */
import type { SettingsUpdateBody, StoreSettings } from '@shop/shared/content';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const settingsKeys = { all: ['settings'] as const };

/** The frame reads them with useCachedQuery (no QueryObserver in the entry bundle); pages with useQuery. */
export const settingsOptions = queryOptions({
  queryKey: settingsKeys.all,
  queryFn: ({ signal }) => apiRequest<StoreSettings>('/api/settings', { signal }),
  staleTime: 5 * 60_000,
});

/** A change of the bank account also carries the member's current password (`currentPassword`). */
export const saveSettingsMutation = mutationOptions({
  mutationFn: (patch: SettingsUpdateBody) => apiRequest<StoreSettings>('/api/settings', { method: 'PUT', body: patch }),
  onSuccess: (settings, _patch, _result, { client }) => client.setQueryData(settingsKeys.all, settings),
});
