/**
 * The price-drop alert (issue 31): a marketing message when products on a shopper's wishlist
 * sell for at least 10 % less (PRICE_DROP_PERCENT) than when she saved them, or than the price
 * the last alert about them quoted; at most one a week per shopper, and only with her marketing
 * consent. A sweep (server.ts runs it with the other sweepers) rather than a hook on every price
 * change: a price is changed in many places (the product form, variants, CSV import, a markdown),
 * and a sweep sees them all, as a database change, whoever made it.
 *
 * Each shopper's alert is decided in one transaction holding her `wishlists` row: the message
 * is queued (outbox) with the prices it quotes recorded and the week started, or nothing is, so
 * several API processes sweeping at once send it once. Without consent nothing changes: the
 * drop is still there if she gives it later.
 */
import { and, eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { koboToNaira, PRICE_DROP_INTERVAL_MS, PRICE_DROP_PERCENT } from '@shop/shared';
import type { Db, Tx } from '../db/client.ts';
import { products, users, wishlistItems, wishlists } from '../db/schema/index.ts';

/** What the sweep needs from the rest of the API (marketing's consent, the messages' outbox). */
export interface PriceDropDeps {
  /** Whether this account may be sent marketing e-mail now. */
  hasConsent(tx: Tx, userId: string): Promise<boolean>;
  /** Queues the message inside `tx`. */
  queue(tx: Tx, alert: PriceDropAlert): Promise<void>;
}

export interface PriceDropAlert {
  to: string;
  firstName: string;
  /** Naira. */
  items: { productId: string; title: string; was: number; now: number }[];
}

/** The saved price a drop is measured from: the last alert's, else the price when saved. */
const basePrice = sql<number>`coalesce(${wishlistItems.notifiedPrice}, ${wishlistItems.addedPrice})`;

/** Products on wishlists that sell for at least PRICE_DROP_PERCENT less than their base now, and can be bought. */
const dropped = (extra: SQL | undefined) =>
  and(
    sql`${products.minSalePrice} * 100 <= ${basePrice} * ${100 - PRICE_DROP_PERCENT}`,
    eq(products.paused, false),
    sql`${products.counter} > 0`,
    extra,
  );

/** Shoppers due an alert: never sent one, or not in the last week. */
const due = (now: Date) =>
  or(isNull(wishlists.priceDropSentAt), lte(wishlists.priceDropSentAt, new Date(now.getTime() - PRICE_DROP_INTERVAL_MS)));

/** Queues each due shopper's alert; how many were queued. */
export async function sweepPriceDrops(db: Db, deps: PriceDropDeps, now = new Date()): Promise<number> {
  const candidates = await db
    .selectDistinct({ userId: wishlistItems.userId })
    .from(wishlistItems)
    .innerJoin(wishlists, eq(wishlists.userId, wishlistItems.userId))
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(dropped(due(now)));
  let queued = 0;
  for (const { userId } of candidates) {
    if (await alertOne(db, deps, userId, now)) queued += 1;
  }
  return queued;
}

async function alertOne(db: Db, deps: PriceDropDeps, userId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Another process may have sent it since the candidates were read: decided under the row's lock.
    const [list] = await tx
      .select({ userId: wishlists.userId })
      .from(wishlists)
      .where(and(eq(wishlists.userId, userId), due(now)))
      .for('update');
    if (!list || !(await deps.hasConsent(tx, userId))) return false;
    const rows = await tx
      .select({
        productId: wishlistItems.productId,
        title: products.title,
        price: products.minSalePrice,
        base: basePrice,
        email: users.email,
        firstName: users.firstName,
      })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .innerJoin(users, eq(users.id, wishlistItems.userId))
      .where(dropped(eq(wishlistItems.userId, userId)))
      .orderBy(products.title, wishlistItems.productId);
    const [first] = rows;
    if (!first) return false;
    await deps.queue(tx, {
      to: first.email,
      firstName: first.firstName,
      items: rows.map((r) => ({
        productId: r.productId,
        title: r.title,
        was: koboToNaira(Number(r.base)),
        now: koboToNaira(r.price),
      })),
    });
    for (const r of rows) {
      await tx
        .update(wishlistItems)
        .set({ notifiedPrice: r.price })
        .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, r.productId)));
    }
    await tx.update(wishlists).set({ priceDropSentAt: now }).where(eq(wishlists.userId, userId));
    return true;
  });
}
