/**
 * Reads a TanStack Query from the shared cache without a QueryObserver, for the always-loaded
 * storefront frame (announcement banner, footer): it starts the fetch once and re-renders
 * when the cached data changes. Lazily loaded pages use useQuery as usual and share the
 * same cache entries. Keeps the entry bundle small; no retries or refetch on focus.
 */
import { type FetchQueryOptions, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';

/** A family's query options (lib/api), as queryOptions() makes them. */
export function useCachedQuery<T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>): T | undefined {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  const read = () => queryClient.getQueryData<T>(options.queryKey);
  const data = useSyncExternalStore((onChange) => cache.subscribe(onChange), read, read);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one fetch per key
  useEffect(() => {
    void queryClient.prefetchQuery(options);
  }, [queryClient, JSON.stringify(options.queryKey)]);
  return data;
}
