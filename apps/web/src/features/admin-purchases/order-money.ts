/**
 * The order page's money words and sums: how an order was paid, how each payment and refund
 * reads, and how much can still be refunded (what was paid, less what went back and what
 * the card provider is still returning), the figure the refund form offers and confirms.
 */
import type { OrderRefundView, OrderView, RecordedPaymentMethod } from '@shop/shared/orders';
import { formatNairaAmount } from '@shop/shared/money';
import { orderPaymentWords, paymentMethodWords } from '@shop/shared/payment-words';
import { allows } from '@/lib/back-office-access.ts';

export const RECORDED_METHOD_LABELS: Record<RecordedPaymentMethod, string> = {
  transfer: 'Bank transfer',
  cash: 'Cash',
  pod: 'Pay on delivery',
  card: 'Card (terminal)',
};

/** A payment's method as recorded (`card` online or at a terminal). */
export const paymentRowLabel = paymentMethodWords;

/** How the order was to be paid: at checkout (card, bank transfer, pay on delivery) or at the point of sale. */
export const orderPaymentMethodLabel = orderPaymentWords;

const kobo = (naira: number) => Math.round(naira * 100);

/**
 * Whether the signed-in member gets the refund form, and on what footing: `orders.refund`
 * refunds any paid order ('refund'); without it, a member who sells at the till (`pos.sell`)
 * may refund a till sale as their role's till refund policy says ('till-policy'), which only
 * the server knows: allowed, refused, or a manager's approval needed, each answer shown in its
 * words (POST /api/orders/{id}/refunds, staff/approvals.ts tillRefundCheck). null: no form.
 */
export function refundAccess(
  order: Pick<OrderView, 'channel'>,
  permissions: readonly string[] | undefined,
): 'refund' | 'till-policy' | null {
  if (allows(permissions, 'orders.refund')) return 'refund';
  return order.channel === 'pos' && allows(permissions, 'pos.sell') ? 'till-policy' : null;
}

/** Naira still refundable: paid, less processed refunds and refunds the card provider is working on. */
export function refundableAmount(order: Pick<OrderView, 'amountPaid' | 'amountRefunded' | 'refunds'>): number {
  const pending = order.refunds.filter((r) => r.status === 'pending').reduce((sum, r) => sum + kobo(r.amount), 0);
  return Math.max(0, kobo(order.amountPaid) - kobo(order.amountRefunded) - pending) / 100;
}

const REFUND_METHOD_LABELS: Record<string, string> = {
  paystack: 'to the card',
  sandbox: 'to the card (sandbox)',
  manual: 'by the shop',
};

/** "Pending at Paystack", "Refunded", "Failed: <reason>". */
export function refundStateText(refund: Pick<OrderRefundView, 'status' | 'method' | 'failureReason'>): string {
  if (refund.status === 'pending') return refund.method === 'paystack' ? 'Pending at Paystack' : 'Pending';
  if (refund.status === 'failed') return `Failed: ${refund.failureReason || 'no reason given'}`;
  return 'Refunded';
}

export const refundMethodLabel = (method: string) => REFUND_METHOD_LABELS[method] ?? method;

/** "Refund ₦24,000.00 to the customer?" */
export const refundQuestion = (amount: number) => `Refund ${formatNairaAmount(amount)} to the customer?`;
