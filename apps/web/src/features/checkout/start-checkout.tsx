/**
 * The checkout flow, shared by the cart and Buy Now. Loaded on demand (it pulls in
 * Paystack's library only when the server says so):
 * sign in if needed → the server creates a priced, pending order → the shopper pays in
 * Paystack's inline checkout or the sandbox test checkout → the server verifies the payment.
 */
import type { CheckoutResponse } from '@shop/shared/orders';
import { notify } from '@/lib/notify.tsx';
import { useSession } from '@/lib/session-store.ts';
import { ApiError } from '@/lib/api-client.ts';
import { queryClient } from '@/lib/query-client.ts';
import type { CheckoutKind, CheckoutLineInput, CheckoutOutcome } from '@/lib/shop-actions.ts';
import { useSignInRequest } from '@/lib/sign-in-request.ts';
import { createCheckout, verifyCheckout } from '@/lib/api/checkout.ts';
import { CLOSE_CONFIRM, type PaymentAttempt, useCheckoutUi } from './checkout-store.ts';

export const MESSAGES = {
  invalid: 'Invalid product or quantity',
  paid: 'Purchase is Successful',
  directFailed: 'Failed to complete purchase',
  cartFailed: 'Failed to complete purchase. Please try again.',
} as const;

export interface CheckoutResult {
  status: CheckoutOutcome;
  /** The order number, once paid. */
  number?: string;
}

/** Signed in already, or after the sign-in panel (false when the shopper closed it). */
async function ensureSignedIn(): Promise<boolean> {
  let { status } = useSession.getState();
  if (status === 'restoring') {
    status = await new Promise((resolve) => {
      const stop = useSession.subscribe((s) => {
        if (s.status !== 'restoring') {
          stop();
          resolve(s.status);
        }
      });
    });
  }
  if (status === 'signed-in') return true;
  return useSignInRequest.getState().request();
}

function failure(message: string, detail?: string) {
  notify.error(
    <span>
      <strong className="block font-semibold">{message}</strong>
      {detail && detail !== message && <span className="mt-0.5 block text-sm">{detail}</span>}
    </span>,
  );
}

async function payWithPaystack(order: CheckoutResponse): Promise<PaymentAttempt> {
  if (!order.accessCode) return { error: 'The payment could not be started' };
  const { default: PaystackPop } = await import('@paystack/inline-js');
  return new Promise((resolve) => {
    const open = () => {
      new PaystackPop().resumeTransaction(order.accessCode!, {
        onSuccess: () => resolve('attempted'),
        onCancel: () => {
          if (window.confirm(CLOSE_CONFIRM)) resolve('closed');
          else open();
        },
        onError: (error) => resolve({ error: error.message }),
      });
    };
    open();
  });
}

export async function startCheckout({
  kind,
  lines,
}: {
  kind: CheckoutKind;
  lines: CheckoutLineInput[];
}): Promise<CheckoutResult> {
  const failed = kind === 'cart' ? MESSAGES.cartFailed : MESSAGES.directFailed;
  if (lines.length === 0 || lines.some((line) => !line.productId || !(line.quantity > 0))) {
    notify.error(MESSAGES.invalid);
    return { status: 'failed' };
  }
  if (!(await ensureSignedIn())) return { status: 'cancelled' };

  let order: CheckoutResponse;
  try {
    order = await createCheckout({ lines });
  } catch (error) {
    failure(failed, error instanceof ApiError ? error.message : undefined);
    return { status: 'failed' };
  }

  const attempt =
    order.provider === 'paystack' ? await payWithPaystack(order) : await useCheckoutUi.getState().openSandbox(order);
  if (attempt === 'closed') return { status: 'cancelled' };
  if (typeof attempt === 'object') {
    failure(failed, attempt.error);
    return { status: 'failed' };
  }

  try {
    const verified = await verifyCheckout(order.reference);
    // Stock and the shopper's orders have changed.
    void queryClient.invalidateQueries();
    if (verified.paid) {
      notify.success(MESSAGES.paid);
      return { status: 'paid', number: verified.number };
    }
    failure(failed, verified.msg);
  } catch (error) {
    failure(failed, error instanceof ApiError ? error.message : undefined);
  }
  return { status: 'failed' };
}
