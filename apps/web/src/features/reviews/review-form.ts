/**
 * The review form's rules: the shared review schema, after the form's own rule that a rating
 * must be chosen (0 means none yet). The product page loads this module on the form's first
 * use (components/product-reviews.tsx), so the page does not carry zod for a form most
 * shoppers never send.
 */
import { reviewBody } from '@shop/shared/reviews';
import { z } from 'zod';

export const CHOOSE_RATING = 'Please choose a rating from 1 to 5 stars.';

/** The shared rating also takes its text, as a plain HTML form would send it; this form has numbers. */
const reviewForm = reviewBody.pick({ comment: true }).extend({
  rating: z
    .number()
    .min(1, CHOOSE_RATING)
    .pipe(reviewBody.shape.rating as z.ZodType<number, number>),
});

export type ReviewFormValues = z.input<typeof reviewForm>;
export type ReviewFormOutput = z.output<typeof reviewForm>;

/** The review to send (the comment trimmed), or the first problem to show, the rating's first. */
export function checkReview(values: ReviewFormValues): { ok: true; review: ReviewFormOutput } | { ok: false; problem: string } {
  const parsed = reviewForm.safeParse(values);
  if (parsed.success) return { ok: true, review: parsed.data };
  const issues = parsed.error.issues;
  const first = issues.find((issue) => issue.path[0] === 'rating') ?? issues[0];
  return { ok: false, problem: first?.message ?? 'Please check your review.' };
}
