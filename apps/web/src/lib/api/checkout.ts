/** Checkout calls: create the order, verify its payment, and the sandbox test checkout. */
import type { CheckoutBody, CheckoutResponse, VerifyResponse } from '@shop/shared/orders';
import { queryOptions } from '@tanstack/react-query';
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
  sandbox: (reference: string) => ['checkout', 'sandbox', reference] as const,
};

export function createCheckout(body: CheckoutBody): Promise<CheckoutResponse> {
  return apiRequest<CheckoutResponse>('/api/checkout', { method: 'POST', body });
}

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
