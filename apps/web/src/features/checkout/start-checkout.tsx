/**
 * The checkout flow, shared by the cart and Buy Now. Loaded on demand (it pulls in
 * Paystack's library only when the server says so):
 * sign in if needed → "Delivery and payment" (address, delivery method, coupon, the
 * server's price; Pay has the server create the priced, pending order) → the shopper pays
 * in Paystack's inline checkout or the sandbox test checkout → the server verifies the payment.
 */
import type { CheckoutResponse } from '@shop/shared/orders';
import { notify } from '@/lib/notify.tsx';
import { useSession } from '@/lib/session-store.ts';
import { ApiError } from '@/lib/api-client.ts';
import { queryClient } from '@/lib/query-client.ts';
import type { CheckoutKind, CheckoutLineInput, CheckoutOutcome } from '@/lib/shop-actions.ts';
import { useSignInRequest } from '@/lib/sign-in-request.ts';
import { verifyCheckout } from '@/lib/api/checkout.ts';
import { CLOSE_CONFIRM, type PaymentAttempt, useCheckoutUi } from './checkout-store.ts';
import { deliverySummary } from './delivery-details.ts';

export const MESSAGES = {
  invalid: 'Invalid product or quantity',
  paid: 'Purchase is Successful',
  placed: 'Your order is placed',
  directFailed: 'Failed to complete purchase',
  cartFailed: 'Failed to complete purchase. Please try again.',
} as const;

export interface CheckoutResult {
  status: CheckoutOutcome;
  /** The order number and id, once paid or placed. */
  number?: string;
  orderId?: string;
  /** Once paid: how it arrives ("Standard delivery · Arrives in 2 working days", or where to collect it). */
  delivery?: string;
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

  // The step shows the server's refusals itself (a state not delivered to, a stock change)
  // and stays open: the shopper corrects them or closes it.
  const details = await useCheckoutUi.getState().openDetails(lines);
  if (details === 'closed') return { status: 'cancelled' };
  const { order, delivery } = details;

  // A bank transfer or pay on delivery: the order is placed, and its page says what comes next.
  // (So is a card order a coupon paid in full.)
  if (order.provider === null) {
    void queryClient.invalidateQueries();
    notify.success(order.status === 'paid' ? MESSAGES.paid : MESSAGES.placed);
    return { status: order.status === 'paid' ? 'paid' : 'placed', number: order.number, orderId: order.orderId };
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
      return {
        status: 'paid',
        number: verified.number,
        orderId: order.orderId,
        ...(delivery && { delivery: deliverySummary(delivery) }),
      };
    }
    failure(failed, verified.msg);
  } catch (error) {
    failure(failed, error instanceof ApiError ? error.message : undefined);
  }
  return { status: 'failed' };
}
