/**
 * The wishlist (issue 31): the products a shopper saved, hers only, and a read-only link to
 * share it. A guest keeps hers on the device; it joins the account's when she signs in.
 */
import { z } from 'zod';

/** Products one list may hold; a bulk merge takes as many. */
export const MAX_WISHLIST_ITEMS = 200;

/** A price-drop message goes when the price is at least this much below the saved one (10 %). */
export const PRICE_DROP_PERCENT = 10;
/** At most one price-drop message a week per shopper. */
export const PRICE_DROP_INTERVAL_MS = 7 * 24 * 60 * 60 * 1000;

const productId = z.string({ error: 'Choose a product' }).trim().min(1, 'Choose a product').max(100);

/** POST /api/account/wishlist. */
export const wishlistAddBody = z.object({ productId });
export type WishlistAddBody = z.infer<typeof wishlistAddBody>;

/** POST /api/account/wishlist/merge: a guest's device list, after she signs in (unknown products are skipped). */
export const wishlistMergeBody = z.object({
  productIds: z.array(productId).max(MAX_WISHLIST_ITEMS, `A wishlist holds up to ${MAX_WISHLIST_ITEMS} products`),
});
export type WishlistMergeBody = z.infer<typeof wishlistMergeBody>;

export const wishlistItemView = z.object({
  productId: z.string(),
  /** ISO time it was saved. */
  addedAt: z.string(),
});
export type WishlistItemView = z.infer<typeof wishlistItemView>;
export const wishlistView = z.array(wishlistItemView);

/** GET /api/account/wishlist/share: the list's public token and its page's path. */
export const wishlistShareView = z.object({ shareToken: z.string(), path: z.string() });
export type WishlistShareView = z.infer<typeof wishlistShareView>;

/**
 * GET /api/wishlists/{shareToken}: the products of a shared list, newest first; nothing about
 * its owner (not even when each was saved).
 */
export const sharedWishlistView = z.object({ productIds: z.array(z.string()) });
export type SharedWishlistView = z.infer<typeof sharedWishlistView>;

/** The share token: 22 URL-safe characters (16 random bytes). */
export const SHARE_TOKEN_RE = /^[A-Za-z0-9_-]{22}$/;

export const wishlistPath = (shareToken: string) => `/wishlist/${shareToken}`;

export const WISHLIST_MESSAGES = {
  unknownProduct: 'That product does not exist',
  full: `Your wishlist holds up to ${MAX_WISHLIST_ITEMS} products; remove one first`,
  notShared: 'This wishlist does not exist',
} as const;
