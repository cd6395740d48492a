/**
 * Reviews: only a buyer may review (an order of theirs with the product that is paid for,
 * or delivered), one review per shopper and product. Saving a review and
 * recomputing the product's rating figures happen in one transaction that first locks
 * the product row, so concurrent reviews of one product never leave the figures stale.
 */
import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { isUuid, PAID_STATUSES, type Review, type ReviewListQuery } from '@shop/shared';
import type { Db } from '../db/client.ts';
import { orderLines, orders, products, reviews, users } from '../db/schema/index.ts';
import { notFound } from '../lib/http-error.ts';
import { lockProducts, setRatingFigures } from '../catalog/index.ts';

/** The statuses in which an order counts as bought. */
const PRODUCT_NOT_FOUND = 'Product not found';

/** "Chioma E.": first name and last initial, so reviews never show a full name. */
export function reviewAuthor(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}

export function ratingAverage(sum: number, ratingCount: number): number {
  return ratingCount > 0 ? Math.round((sum / ratingCount) * 10) / 10 : 0;
}

export interface SavedReview {
  review: Review;
  created: boolean;
  ratingAverage: number;
  ratingCount: number;
}

export type ReviewOutcome = { ok: true; saved: SavedReview } | { ok: false; reason: 'not-a-buyer' };

export function createReviewService(db: Db) {
  async function productExists(productId: string): Promise<boolean> {
    if (!isUuid(productId)) return false;
    const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
    return row !== undefined;
  }

  async function hasBought(userId: string, productId: string): Promise<boolean> {
    const [row] = await db
      .select({ one: sql<number>`1` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(
        and(
          eq(orderLines.productId, productId),
          eq(orders.userId, userId),
          or(inArray(orders.paymentStatus, [...PAID_STATUSES]), eq(orders.status, 'delivered')),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  return {
    /** Creates or replaces the user's review of the product; 404 for an unknown product. */
    async save(
      user: { id: string; firstName: string; lastName: string },
      productId: string,
      input: { rating: number; comment: string },
    ): Promise<ReviewOutcome> {
      if (!(await productExists(productId))) throw notFound(PRODUCT_NOT_FOUND);
      if (!(await hasBought(user.id, productId))) return { ok: false, reason: 'not-a-buyer' };

      return db.transaction(async (tx) => {
        // The lock orders concurrent reviews of this product, so each recount sees the others.
        const [locked] = await lockProducts(tx, [productId]);
        if (!locked) throw notFound(PRODUCT_NOT_FOUND);
        const [row] = await tx
          .insert(reviews)
          .values({ productId, userId: user.id, rating: input.rating, comment: input.comment })
          .onConflictDoUpdate({
            target: [reviews.productId, reviews.userId],
            set: { rating: input.rating, comment: input.comment, updatedAt: sql`now()` },
          })
          .returning({
            id: reviews.id,
            rating: reviews.rating,
            comment: reviews.comment,
            createdAt: reviews.createdAt,
            updatedAt: reviews.updatedAt,
            // xmax is 0 only for a freshly inserted row version.
            created: sql<boolean>`(xmax = 0)`,
          });
        if (!row) throw new Error('review upsert returned no row');
        const figures = await setRatingFigures(tx, productId, {
          count: sql`(select count(*) from ${reviews} where ${reviews.productId} = ${productId})::int`,
          sum: sql`(select coalesce(sum(${reviews.rating}), 0) from ${reviews} where ${reviews.productId} = ${productId})::int`,
        });
        const ratingCount = figures?.ratingCount ?? 0;
        return {
          ok: true as const,
          saved: {
            review: {
              id: row.id,
              rating: row.rating,
              comment: row.comment,
              author: reviewAuthor(user.firstName, user.lastName),
              createdAt: row.createdAt.toISOString(),
              updatedAt: row.updatedAt.toISOString(),
            },
            created: row.created,
            ratingAverage: ratingAverage(figures?.ratingSum ?? 0, ratingCount),
            ratingCount,
          },
        };
      });
    },

    /** A product's reviews, newest first; 404 for an unknown product. */
    async list(productId: string, query: ReviewListQuery): Promise<{ items: Review[]; total: number }> {
      if (!(await productExists(productId))) throw notFound(PRODUCT_NOT_FOUND);
      const where = eq(reviews.productId, productId);
      const [rows, [totalRow]] = await Promise.all([
        db
          .select({
            id: reviews.id,
            rating: reviews.rating,
            comment: reviews.comment,
            createdAt: reviews.createdAt,
            updatedAt: reviews.updatedAt,
            firstName: users.firstName,
            lastName: users.lastName,
          })
          .from(reviews)
          .innerJoin(users, eq(users.id, reviews.userId))
          .where(where)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ n: count() }).from(reviews).where(where),
      ]);
      return {
        items: rows.map((r) => ({
          id: r.id,
          rating: r.rating,
          comment: r.comment,
          author: reviewAuthor(r.firstName, r.lastName),
          createdAt: r.createdAt.toISOString(),
          updatedAt: r.updatedAt.toISOString(),
        })),
        total: totalRow?.n ?? 0,
      };
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
