/**
 * The catalogue feeds' URLs (GET /api/feeds, settings.write): what the back office tells the
 * owner to give Google Merchant Center and Meta Commerce Manager, with FEED_TOKEN's token.
 */
import type { CatalogueFeeds } from '@shop/shared/catalog';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const feedsKeys = { all: ['feeds'] as const };

export const feedsOptions = queryOptions({
  queryKey: feedsKeys.all,
  queryFn: ({ signal }) => apiRequest<CatalogueFeeds>('/api/feeds', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});
