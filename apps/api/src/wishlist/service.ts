/**
 * Wishlists (issue 31): the one writer of `wishlists` and `wishlist_items`. A shopper's list is
 * hers alone (every query is by her user id); a product is on it once (the key), saved with the
 * price it sold at then, which the price-drop sweep (price-drop.ts) measures a markdown from.
 * Changes to a list run in a transaction holding its `wishlists` row, so two tabs adding at once
 * cannot take it past the maximum.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  isUuid,
  MAX_WISHLIST_ITEMS,
  SHARE_TOKEN_RE,
  WISHLIST_MESSAGES,
  type WishlistItemView,
  wishlistPath,
  type WishlistShareView,
} from '@shop/shared';
import type { Db, Tx } from '../db/client.ts';
import { products, wishlistItems, wishlists } from '../db/schema/index.ts';
import { conflict, notFound } from '../lib/http-error.ts';

const newShareToken = () => randomBytes(16).toString('base64url');

const itemView = (row: { productId: string; addedAt: Date }): WishlistItemView => ({
  productId: row.productId,
  addedAt: row.addedAt.toISOString(),
});

/** Newest first. */
export async function listWishlist(db: Db | Tx, userId: string): Promise<WishlistItemView[]> {
  const rows = await db
    .select({ productId: wishlistItems.productId, addedAt: wishlistItems.addedAt })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.addedAt), wishlistItems.productId);
  return rows.map(itemView);
}

/** The shopper's list row, made on first use, and held for the rest of the transaction. */
async function holdList(tx: Tx, userId: string): Promise<{ shareToken: string }> {
  await tx.insert(wishlists).values({ userId, shareToken: newShareToken() }).onConflictDoNothing();
  const [list] = await tx
    .select({ shareToken: wishlists.shareToken })
    .from(wishlists)
    .where(eq(wishlists.userId, userId))
    .for('update');
  return list!;
}

/**
 * Saves the products that exist (ids that name none are skipped) and are not on the list yet,
 * with their selling price now (the lowest sale price of their variants). Past the maximum, a
 * single product is refused; a merge (`fill`) saves what fits, first ids first. Given newest
 * first, they keep that order (each a millisecond older than the one before). What each id
 * became: 'added', 'kept' (it was there already) or 'unknown' (or not saved for want of room).
 */
async function save(tx: Tx, userId: string, productIds: readonly string[], { fill = false } = {}) {
  await holdList(tx, userId);
  const ids = [...new Set(productIds.filter(isUuid).map((id) => id.toLowerCase()))];
  const prices = new Map(
    (ids.length === 0
      ? []
      : await tx.select({ id: products.id, price: products.minSalePrice }).from(products).where(inArray(products.id, ids))
    ).map((p) => [p.id, p.price]),
  );
  const onList = new Set(
    (await tx.select({ id: wishlistItems.productId }).from(wishlistItems).where(eq(wishlistItems.userId, userId))).map(
      (r) => r.id,
    ),
  );
  const room = MAX_WISHLIST_ITEMS - onList.size;
  let fresh = ids.filter((id) => prices.has(id) && !onList.has(id));
  if (fresh.length > room) {
    if (!fill) throw conflict(WISHLIST_MESSAGES.full);
    fresh = fresh.slice(0, Math.max(room, 0));
  }
  if (fresh.length > 0) {
    await tx
      .insert(wishlistItems)
      .values(
        fresh.map((id, i) => ({
          userId,
          productId: id,
          addedPrice: prices.get(id)!,
          addedAt: sql`now() - ${i} * interval '1 millisecond'`,
        })),
      )
      .onConflictDoNothing();
  }
  const added = new Set(fresh);
  return (id: string) => (added.has(id) ? 'added' : onList.has(id) ? 'kept' : 'unknown');
}

/**
 * Adds one product (a heart tapped): `created` false when it was on the list already, which
 * changes nothing (its first time and price stay). An unknown product is not found.
 */
export async function addToWishlist(
  db: Db,
  userId: string,
  productId: string,
): Promise<{ item: WishlistItemView; created: boolean }> {
  const id = productId.toLowerCase();
  return db.transaction(async (tx) => {
    const outcome = (await save(tx, userId, [id]))(id);
    if (outcome === 'unknown') throw notFound(WISHLIST_MESSAGES.unknownProduct);
    const [row] = await tx
      .select({ productId: wishlistItems.productId, addedAt: wishlistItems.addedAt })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, id)));
    return { item: itemView(row!), created: outcome === 'added' };
  });
}

/**
 * A guest's device list (newest first) joins the account's on sign-in: the products that exist
 * are added, as many as fit; the whole list comes back.
 */
export async function mergeWishlist(db: Db, userId: string, productIds: readonly string[]): Promise<WishlistItemView[]> {
  return db.transaction(async (tx) => {
    await save(tx, userId, productIds, { fill: true });
    return listWishlist(tx, userId);
  });
}

/** Takes a product off the list; not found when it was not on it. */
export async function removeFromWishlist(db: Db, userId: string, productId: string): Promise<void> {
  if (!isUuid(productId)) throw notFound('That product is not on your wishlist');
  const gone = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId.toLowerCase())))
    .returning({ id: wishlistItems.productId });
  if (gone.length === 0) throw notFound('That product is not on your wishlist');
}

/** The list's share token (made the first time it is asked for), and its public page's path. */
export async function shareWishlist(db: Db, userId: string): Promise<WishlistShareView> {
  const { shareToken } = await db.transaction((tx) => holdList(tx, userId));
  return { shareToken, path: wishlistPath(shareToken) };
}

/** A shared list's products, newest first; not found for a token no list has. Nothing about its owner. */
export async function sharedWishlist(db: Db | Tx, shareToken: string): Promise<{ productIds: string[] }> {
  if (!SHARE_TOKEN_RE.test(shareToken)) throw notFound(WISHLIST_MESSAGES.notShared);
  const [list] = await db.select({ userId: wishlists.userId }).from(wishlists).where(eq(wishlists.shareToken, shareToken));
  if (!list) throw notFound(WISHLIST_MESSAGES.notShared);
  const rows = await listWishlist(db, list.userId);
  return { productIds: rows.map((r) => r.productId) };
}
