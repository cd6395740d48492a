/**
 * The review form's rules, for react-hook-form's zodResolver: the shared review schema,
 * after the form's own rule that a rating must be chosen (0 means none yet). The product
 * page loads this module on the form's first use (components/product-reviews.tsx), so the
 * page does not carry zod for a form most shoppers never send.
 */
import { zodResolver } from '@hookform/resolvers/zod';
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

export const reviewResolver = zodResolver(reviewForm);
