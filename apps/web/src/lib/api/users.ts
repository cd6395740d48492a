/** The back office's users table: GET /api/users (search, country, sort, paging) and the countries filter. */
import type { AdminUser, UserSort } from '@shop/shared/people';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, apiRequestWithTotal } from '../api-client.ts';

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

export const usersOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => apiRequestWithTotal<AdminUser>('/api/users', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export const userCountriesOptions = () =>
  queryOptions({
    queryKey: userKeys.countries(),
    queryFn: ({ signal }) => apiRequest<string[]>('/api/users/countries', { signal }),
    staleTime: 5 * 60_000,
  });
