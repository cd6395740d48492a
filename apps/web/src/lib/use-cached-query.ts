/**
 * Reads a TanStack Query from the shared cache without a QueryObserver, for the always-loaded
 * storefront frame (announcement banner, footer): it starts the fetch once and re-renders
 * when the cached data changes. Lazily loaded pages use useQuery as usual and share the
 * same cache entries. Keeps the entry bundle small; no retries or refetch on focus.
 */
import type { QueryKey } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { queryClient } from './query-client.ts';

interface CachedQueryOptions<T> {
  queryKey: QueryKey;
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
  staleTime?: number;
}

export function useCachedQuery<T>(options: CachedQueryOptions<T>): T | undefined {
  const cache = queryClient.getQueryCache();
  const data = useSyncExternalStore(
    (onChange) => cache.subscribe(onChange),
    () => queryClient.getQueryData<T>(options.queryKey),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: one fetch per key
  useEffect(() => {
    void queryClient.prefetchQuery(options as never);
  }, [JSON.stringify(options.queryKey)]);
  return data;
}
