/**
 * Shoppers' wishlists (issue 31): the products each saved, with the price each was saved at,
 * and per shopper the list's share token and when the last price-drop message went.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** One row per shopper with a list: made with the first item or the first share. */
export const wishlists = pgTable(
  'wishlists',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The public link's token (/wishlist/{shareToken}): random, unguessable, never the user's id. */
    shareToken: text('share_token').notNull(),
    /** The last price-drop message queued for this shopper: at most one a week. */
    priceDropSentAt: ts('price_drop_sent_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wishlists_share_token_key').on(t.shareToken)],
);

/** A product on a shopper's list, once (the key). */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => wishlists.userId, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Kobo: the product's selling price (its lowest variant's sale price) when it was saved. */
    addedPrice: bigint('added_price', { mode: 'number' }).notNull(),
    /** Kobo: the price the last price-drop message about it quoted; a next drop is measured from it. */
    notifiedPrice: bigint('notified_price', { mode: 'number' }),
    addedAt: ts('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('wishlist_items_product_idx').on(t.productId),
    check('wishlist_items_prices_nonnegative', sql`${t.addedPrice} >= 0 and coalesce(${t.notifiedPrice}, 0) >= 0`),
  ],
);

export type WishlistItemRow = typeof wishlistItems.$inferSelect;
