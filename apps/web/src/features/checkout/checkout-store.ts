/**
 * The checkout's open dialogs, if any. The checkout flow puts what it needs here and waits:
 * the "Delivery and payment" step settles with the created order (or closed), the sandbox
 * test checkout when the shopper has paid with a test card or closed it.
 * In the storefront's entry bundle: keep it free of anything but types.
 */
import type { CheckoutResponse, QuoteDeliveryMethod } from '@shop/shared/orders';
import { create } from 'zustand';
import type { CheckoutLineInput } from '@/lib/shop-actions.ts';

/** 'attempted': a card was tried (the server then says whether it paid); 'closed': abandoned. */
export type PaymentAttempt = 'attempted' | 'closed' | { error: string };

/** The order the delivery step created, with the delivery chosen; 'closed': abandoned before paying. */
export type DetailsOutcome = { order: CheckoutResponse; delivery: QuoteDeliveryMethod | null } | 'closed';

interface CheckoutUiState {
  /** `id` tells one opening from the next (a fresh form each time). */
  details: { id: number; lines: CheckoutLineInput[]; settle(result: DetailsOutcome): void } | null;
  sandbox: { order: CheckoutResponse; settle(result: PaymentAttempt): void } | null;
  openDetails(lines: CheckoutLineInput[]): Promise<DetailsOutcome>;
  openSandbox(order: CheckoutResponse): Promise<PaymentAttempt>;
}

let openings = 0;

export const useCheckoutUi = create<CheckoutUiState>((set, get) => ({
  details: null,
  sandbox: null,
  openDetails(lines) {
    // A second checkout started meanwhile (Buy Now twice) ends the first one.
    get().details?.settle('closed');
    return new Promise<DetailsOutcome>((resolve) => {
      set({
        details: {
          id: ++openings,
          lines,
          settle(result) {
            set({ details: null });
            resolve(result);
          },
        },
      });
    });
  },
  openSandbox(order) {
    return new Promise<PaymentAttempt>((resolve) => {
      set({
        sandbox: {
          order,
          settle(result) {
            set({ sandbox: null });
            resolve(result);
          },
        },
      });
    });
  },
}));

/** The question asked when the shopper closes a checkout. */
export const CLOSE_CONFIRM = 'Are you sure you want to close';
