/** Point-of-sale customers (/api/customers): search and record one. */
import type { Customer, CustomerCreateBody } from '@shop/shared/people';
import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const customerKeys = {
  all: ['admin', 'customers'] as const,
  search: (search: string) => [...customerKeys.all, search] as const,
};

export const customerSearchOptions = (search: string) =>
  queryOptions({
    queryKey: customerKeys.search(search),
    queryFn: ({ signal }) => apiRequest<Customer[]>('/api/customers', { query: { search, limit: 6 }, signal }),
    placeholderData: keepPreviousData,
  });

export const createCustomerMutation = mutationOptions({
  mutationFn: (body: CustomerCreateBody) => apiRequest<Customer>('/api/customers/create', { method: 'POST', body }),
  onSuccess: (_customer, _body, _result, { client }) => client.invalidateQueries({ queryKey: customerKeys.all }),
});
