/**
 * Checkout calls: price the order before it exists (the quote), create it, verify its
 * payment, and the sandbox test checkout.
 */
import type { CheckoutBody, CheckoutResponse, QuoteBody, QuoteResponse, VerifyResponse } from '@shop/shared/orders';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export interface SandboxInfo {
  reference: string;
  /** Kobo. */
  amount: number;
  currency: string;
  email: string;
  status: string;
  cards: { success: string; decline: string };
}

export const checkoutKeys = {
  all: ['checkout'] as const,
  /** Keyed by everything that changes the price: lines, state, delivery method, coupon. */
  quote: (body: QuoteBody) => [...checkoutKeys.all, 'quote', body] as const,
  sandbox: (reference: string) => [...checkoutKeys.all, 'sandbox', reference] as const,
};

/**
 * What the order would cost: goods, markdowns, the coupon, delivery to the state. 4xx with
 * the server's reason when it cannot be priced (an unknown or spent coupon, a foreign
 * country). Kept briefly (coupons run out, fees change), long enough that the quote fetched
 * when a coupon is applied is the one the summary then shows, without a second request.
 */
export function quoteOptions(body: QuoteBody) {
  return queryOptions({
    queryKey: checkoutKeys.quote(body),
    queryFn: ({ signal }) => apiRequest<QuoteResponse>('/api/checkout/quote', { method: 'POST', body, signal }),
    staleTime: 15_000,
  });
}

export function createCheckout(body: CheckoutBody): Promise<CheckoutResponse> {
  return apiRequest<CheckoutResponse>('/api/checkout', { method: 'POST', body });
}

/** Nothing to refresh yet: the order shows up everywhere once its payment is verified. */
export const createCheckoutMutation = mutationOptions({ mutationFn: createCheckout });

export function verifyCheckout(reference: string): Promise<VerifyResponse> {
  return apiRequest<VerifyResponse>(`/api/checkout/${encodeURIComponent(reference)}/verify`, { method: 'POST' });
}

export function sandboxInfoOptions(reference: string) {
  return queryOptions({
    queryKey: checkoutKeys.sandbox(reference),
    queryFn: ({ signal }) => apiRequest<SandboxInfo>(`/api/payments/sandbox/${encodeURIComponent(reference)}`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function paySandbox(reference: string, card: string): Promise<{ status: 'success' | 'failed' }> {
  return apiRequest(`/api/payments/sandbox/${encodeURIComponent(reference)}/pay`, { method: 'POST', body: { card } });
}
