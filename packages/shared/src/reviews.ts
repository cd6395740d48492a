/**
 * Product reviews. Only a buyer may review (the server checks a paid order); one review
 * per shopper and product, a second one replaces the first.
 */
import { z } from 'zod';

export const REVIEW_COMMENT_MAX = 2000;
export const REVIEW_PAGE_SIZE = 10;
/** The spec's message, sent as both `msg` and `message` (the original client reads `message`). */
export const REVIEW_BUY_FIRST = 'You have to buy this product to review!';

/** POST /api/reviews/{productId}. The original client also sends userId and productId; both are ignored. */
export const reviewBody = z.object({
  /** A number, or its text as a form would send it. */
  rating: z
    .union([z.number(), z.string().trim().min(1)], { error: 'Rating must be a number from 1 to 5' })
    .pipe(
      z.coerce
        .number<string | number>({ error: 'Rating must be a number from 1 to 5' })
        .int('Rating must be a whole number from 1 to 5')
        .min(1, 'Rating must be from 1 to 5')
        .max(5, 'Rating must be from 1 to 5'),
    ),
  comment: z
    .string({ error: 'Comment must be text' })
    .trim()
    .max(REVIEW_COMMENT_MAX, `Comment must be at most ${REVIEW_COMMENT_MAX} characters`)
    .nullish()
    .transform((comment) => comment ?? ''),
  userId: z.unknown().optional(),
  productId: z.unknown().optional(),
});
export type ReviewBody = z.infer<typeof reviewBody>;

export const review = z.object({
  id: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  /** First name and last initial, e.g. "Chioma E." */
  author: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Review = z.infer<typeof review>;

/** The answer to a posted review: the review, and the product's new rating figures. */
export const reviewSaved = review.extend({
  productId: z.string(),
  ratingAverage: z.number(),
  ratingCount: z.number().int(),
  msg: z.string(),
});
export type ReviewSaved = z.infer<typeof reviewSaved>;

/** The 403 for a shopper who has not bought the product. */
export const reviewRefused = z.object({ msg: z.string(), message: z.string().optional() });

/** GET /api/products/{id}/reviews: newest first; the total is in X-Total-Count. */
export const reviewListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(REVIEW_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ReviewListQuery = z.infer<typeof reviewListQuery>;
