/**
 * The open sandbox test checkout, if any. The checkout flow puts the order here and waits;
 * the dialog settles it when the shopper has paid with a test card or closed it.
 */
import type { CheckoutResponse } from '@shop/shared/orders';
import { create } from 'zustand';

/** 'attempted': a card was tried (the server then says whether it paid); 'closed': abandoned. */
export type PaymentAttempt = 'attempted' | 'closed' | { error: string };

interface CheckoutUiState {
  sandbox: { order: CheckoutResponse; settle(result: PaymentAttempt): void } | null;
  openSandbox(order: CheckoutResponse): Promise<PaymentAttempt>;
}

export const useCheckoutUi = create<CheckoutUiState>((set) => ({
  sandbox: null,
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
