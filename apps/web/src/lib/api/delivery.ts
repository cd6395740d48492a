/**
 * Delivery zones (/api/delivery): the states a shopper can choose with the enabled zones
 * and methods (checkout), and, for the back office, every zone with its changes. A zone is
 * written whole, with its methods (those without an id are new, those left out go). One
 * key factory: a change in the back office refreshes what checkout offers at once.
 */
import type { DeliveryZoneInput, DeliveryZonesResponse, DeliveryZoneView } from '@shop/shared/delivery';
import { type MutationFunctionContext, mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const deliveryKeys = {
  all: ['delivery'] as const,
  zones: () => [...deliveryKeys.all, 'zones'] as const,
  adminZones: () => [...deliveryKeys.all, 'zones', 'all'] as const,
};

const zonePath = (id: string) => `/api/delivery/zones/${encodeURIComponent(id)}`;

/** The enabled zones and methods, as checkout offers them. */
export const deliveryZonesOptions = queryOptions({
  queryKey: deliveryKeys.zones(),
  queryFn: ({ signal }) => apiRequest<DeliveryZonesResponse>('/api/delivery/zones', { signal }),
  staleTime: 5 * 60_000,
});

/** Every zone and method, disabled ones included (admin). */
export const allDeliveryZonesOptions = () =>
  queryOptions({
    queryKey: deliveryKeys.adminZones(),
    queryFn: ({ signal }) => apiRequest<DeliveryZonesResponse>('/api/delivery/zones/all', { signal }),
  });

const refreshZones = (_data: unknown, _variables: unknown, _result: unknown, { client }: MutationFunctionContext) =>
  client.invalidateQueries({ queryKey: deliveryKeys.all });

export const createDeliveryZoneMutation = mutationOptions({
  mutationFn: (zone: DeliveryZoneInput) => apiRequest<DeliveryZoneView>('/api/delivery/zones', { method: 'POST', body: zone }),
  onSuccess: refreshZones,
});

export const updateDeliveryZoneMutation = mutationOptions({
  mutationFn: ({ id, zone }: { id: string; zone: DeliveryZoneInput }) =>
    apiRequest<DeliveryZoneView>(zonePath(id), { method: 'PUT', body: zone }),
  onSuccess: refreshZones,
});

export const deleteDeliveryZoneMutation = mutationOptions({
  mutationFn: (id: string) => apiRequest<{ msg: string }>(zonePath(id), { method: 'DELETE' }),
  onSuccess: refreshZones,
});
