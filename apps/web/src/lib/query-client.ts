import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** A cache with the app's defaults: one for the browser, one per page the server renders. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** The browser's cache. Code that may run on the server takes the client from context instead. */
export const queryClient = createQueryClient();
