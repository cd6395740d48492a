/** The signed-in shopper's address book (/api/account/addresses): checkout starts from its default. */
import type { AddressInput, AddressView } from '@shop/shared/addresses';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const addressKeys = { all: ['addresses'] as const };

/** The default first. */
export const addressesOptions = queryOptions({
  queryKey: addressKeys.all,
  queryFn: ({ signal }) => apiRequest<AddressView[]>('/api/account/addresses', { signal }),
  staleTime: 60_000,
});

export const addAddressMutation = mutationOptions({
  mutationFn: (body: AddressInput) => apiRequest<AddressView>('/api/account/addresses', { method: 'POST', body }),
  onSettled: (_address, _error, _body, _result, { client }) => client.invalidateQueries({ queryKey: addressKeys.all }),
});
