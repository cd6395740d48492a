/** GET /api/users (server-side search, country, sort and paging) and GET /api/users/countries. */
import type { AdminUser, UserSort } from '@shop/shared/people';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, apiRequestWithTotal } from '@/lib/api-client.ts';

export interface UserListParams {
  search: string;
  country: string;
  sort: UserSort;
  limit: number;
  offset: number;
}

export const userKeys = {
  all: ['admin', 'users'] as const,
  list: (params: UserListParams) => [...userKeys.all, 'list', params] as const,
  countries: () => [...userKeys.all, 'countries'] as const,
};

export const usersQuery = (params: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => apiRequestWithTotal<AdminUser>('/api/users', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export const userCountriesQuery = () =>
  queryOptions({
    queryKey: userKeys.countries(),
    queryFn: ({ signal }) => apiRequest<string[]>('/api/users/countries', { signal }),
    staleTime: 5 * 60_000,
  });

export const useUsers = (params: UserListParams) => useQuery(usersQuery(params));
export const useUserCountries = () => useQuery(userCountriesQuery());
