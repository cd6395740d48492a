/**
 * An order's two states side by side: where its goods are (`status`) and what was paid
 * (`paymentStatus`), kept apart since a pay-on-delivery order is sent unpaid and a
 * delivered order can be refunded.
 */
import type { OrderStatus, PaymentStatus } from '@shop/shared/orders';
import { Badge } from '@/components/admin/ui.tsx';

type Tone = 'neutral' | 'green' | 'red' | 'amber' | 'blue';

const TONES: Record<OrderStatus, Tone> = {
  pending: 'amber',
  confirmed: 'blue',
  paid: 'green',
  fulfilled: 'blue',
  delivered: 'green',
  cancelled: 'neutral',
  refunded: 'neutral',
  failed: 'red',
};

/** The status words as the back office shows them (filters and badges). */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'pending',
  confirmed: 'confirmed (pay on delivery)',
  paid: 'paid',
  fulfilled: 'fulfilled',
  delivered: 'delivered',
  cancelled: 'cancelled',
  refunded: 'refunded',
  failed: 'failed',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

const PAYMENT_TONES: Record<PaymentStatus, Tone> = {
  unpaid: 'amber',
  paid: 'green',
  partially_refunded: 'blue',
  refunded: 'neutral',
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <Badge tone={PAYMENT_TONES[status]}>{PAYMENT_STATUS_LABELS[status]}</Badge>;
}
