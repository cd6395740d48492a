/** A product's reviews, and sending one (only buyers may; the server says so otherwise). */
import type { Review, ReviewSaved } from '@shop/shared/reviews';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequestWithTotal, apiRequest } from '../api-client.ts';

export const REVIEWS_SHOWN = 10;

export const reviewKeys = {
  all: ['reviews'] as const,
  product: (productId: string) => [...reviewKeys.all, productId] as const,
};

export function reviewsOptions(productId: string) {
  return queryOptions({
    queryKey: reviewKeys.product(productId),
    queryFn: ({ signal }) =>
      apiRequestWithTotal<Review>(`/api/products/${encodeURIComponent(productId)}/reviews`, {
        query: { limit: REVIEWS_SHOWN },
        signal,
      }),
  });
}

export const sendReviewMutation = (productId: string) =>
  mutationOptions({
    mutationFn: (body: { rating: number; comment: string }) =>
      apiRequest<ReviewSaved>(`/api/reviews/${encodeURIComponent(productId)}`, { method: 'POST', body: { ...body, productId } }),
    onSuccess: (_saved, _body, _result, { client }) => client.invalidateQueries({ queryKey: reviewKeys.product(productId) }),
  });
