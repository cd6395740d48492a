/**
 * The server cart (issue 32): a shopper's cart kept by the API, so forms without JavaScript
 * can fill it and the JavaScript app's copy agrees with it. An anonymous cart is found by its
 * id in the `cart` cookie; a signed-in shopper's by her account (one each). Decision 0030.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { productVariants } from './catalog.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const carts = pgTable(
  'carts',
  {
    /** Random and unguessable (the cookie's value): 24 base64url characters of 18 random bytes. */
    id: text('id').primaryKey(),
    /** The account's cart; null for an anonymous one (the cookie's). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('carts_user_id_key').on(t.userId)],
);

/** A variant in a cart, once (the key), 1..99 of it. */
export const cartLines = pgTable(
  'cart_lines',
  {
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: ts('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.variantId] }),
    index('cart_lines_variant_idx').on(t.variantId),
    check('cart_lines_quantity_range', sql`${t.quantity} between 1 and 99`),
  ],
);
