/**
 * The signed-in shopper's wishlist (/api/account/wishlist) and shared lists
 * (/api/wishlists/{shareToken}). Types only from @shop/shared/wishlist: its schemas (zod) stay
 * out of the chunks the product cards load.
 */
import type { SharedWishlistView, WishlistItemView, WishlistShareView } from '@shop/shared/wishlist';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const wishlistApi = {
  list: () => apiRequest<WishlistItemView[]>('/api/account/wishlist'),
  add: (productId: string) => apiRequest<WishlistItemView>('/api/account/wishlist', { method: 'POST', body: { productId } }),
  remove: (productId: string) =>
    apiRequest<{ msg: string }>(`/api/account/wishlist/${encodeURIComponent(productId)}`, { method: 'DELETE' }),
  /** A guest's device list, on sign-in: the account's whole list back. */
  merge: (productIds: string[]) =>
    apiRequest<WishlistItemView[]>('/api/account/wishlist/merge', { method: 'POST', body: { productIds } }),
};

export const wishlistShareOptions = queryOptions({
  queryKey: ['wishlist', 'share'] as const,
  queryFn: ({ signal }) => apiRequest<WishlistShareView>('/api/account/wishlist/share', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export const sharedWishlistOptions = (shareToken: string) =>
  queryOptions({
    queryKey: ['wishlist', 'shared', shareToken] as const,
    queryFn: ({ signal }) => apiRequest<SharedWishlistView>(`/api/wishlists/${encodeURIComponent(shareToken)}`, { signal }),
  });
