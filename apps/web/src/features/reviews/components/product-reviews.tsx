import { type FormEvent, useId, useState } from 'react';
import { notify } from '@/lib/notify.tsx';
import { inputClass, labelClass, primaryButton } from '@/components/ui-classes.ts';
import { StarRating } from '@/components/star-rating.tsx';
import { useSession } from '@/lib/session-store.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useSignInRequest } from '@/lib/sign-in-request.ts';
import { reviewsOptions, sendReviewMutation } from '@/lib/api/reviews.ts';
import { StarInput } from './star-input.tsx';
import { longDate } from '@/lib/dates.ts';
import { useQuery, useMutation } from '@tanstack/react-query';

export const REVIEW_SUBMITTED = 'Review Submitted successfully!';

/**
 * The form's rules (../review-form.ts: the shared zod schema) load when the shopper first
 * touches the form. The form itself is two fields kept in state, not react-hook-form: the
 * product page, the shop's most visited, hydrates without zod or a form library (about
 * 40 kB gzip between them, and their start-up work in the page's first long task).
 */
const loadRules = () => import('../review-form.ts');

interface ProductReviewsProps {
  productId: string;
  /** After a review is saved (the product's rating changed). */
  onReviewed?(): void;
}

/** The review form (five stars, a comment, Send Review) and the product's reviews. */
export function ProductReviews({ productId, onReviewed }: ProductReviewsProps) {
  const reviews = useQuery(reviewsOptions(productId));
  return (
    <section
      id="reviews"
      aria-labelledby="reviews-heading"
      className="mt-20 grid gap-10 border-t border-line pt-12 lg:grid-cols-[24rem_1fr] lg:gap-16"
    >
      <div>
        <h2 id="reviews-heading" className="font-display text-3xl">
          Reviews
        </h2>
        <ReviewForm productId={productId} onReviewed={onReviewed} />
      </div>
      <div>
        {reviews.isPending ? (
          <p className="text-sm text-muted">Loading ...</p>
        ) : reviews.isError ? (
          <p className="text-sm text-muted">The reviews could not be loaded.</p>
        ) : reviews.data.items.length === 0 ? (
          <p className="bg-cream px-6 py-8 text-sm text-muted">No reviews yet. Bought this? Tell others what you think.</p>
        ) : (
          <ul className="divide-y divide-line" data-testid="review-list">
            {reviews.data.items.map((review) => (
              <li key={review.id} className="py-5 first:pt-0">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <StarRating value={review.rating} size={14} />
                  <p className="text-xs text-muted">
                    {review.author} · <time dateTime={review.createdAt}>{longDate(review.createdAt)}</time>
                  </p>
                </div>
                {review.comment && <p className="mt-2 leading-relaxed">{review.comment}</p>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function ReviewForm({ productId, onReviewed }: ProductReviewsProps) {
  const id = useId();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation(sendReviewMutation(productId));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = (await loadRules()).checkReview({ rating, comment });
    if (!checked.ok) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    if (useSession.getState().status !== 'signed-in' && !(await useSignInRequest.getState().request())) return;
    send.mutate(checked.review, {
      onSuccess() {
        notify.success(REVIEW_SUBMITTED);
        setRating(0);
        setComment('');
        onReviewed?.();
      },
      onError(error) {
        const message = error instanceof ApiError ? error.message : 'Something went wrong';
        setProblem(message);
        notify.error(message);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} onFocus={() => void loadRules()} className="mt-6 space-y-5" noValidate>
      <StarInput name={`${id}-rating`} value={rating} onChange={setRating} />
      <div>
        <label htmlFor={`${id}-comment`} className={labelClass}>
          Comment
        </label>
        <textarea
          id={`${id}-comment`}
          name="comment"
          rows={4}
          maxLength={2000}
          className={inputClass}
          placeholder="What did you like? How does it fit?"
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </div>
      {problem && (
        <p role="alert" className="text-sm font-medium text-sale">
          {problem}
        </p>
      )}
      <button type="submit" className={primaryButton} disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send Review'}
      </button>
    </form>
  );
}
