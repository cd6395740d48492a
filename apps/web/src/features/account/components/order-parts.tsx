/**
 * Pieces of an order as a shopper reads it, shared by My orders, the order's page and its
 * invoice: the status in words, what was bought, what it cost, and where to send a bank
 * transfer.
 */
import { etaText } from '@shop/shared/delivery';
import { formatNairaAmount } from '@shop/shared/money';
import { productPath } from '@shop/shared/paths';
import {
  MESSAGES_ORDER,
  type OrderStatus,
  type OrderView,
  type PaymentStatus,
  type TransferInstructions,
} from '@shop/shared/orders';
import { Link } from 'react-router';
import { ProductImage } from '@/components/product-image.tsx';
import { dateTime } from '@/lib/dates.ts';

export const STATUS_LABEL: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  confirmed: 'Confirmed: pay on delivery',
  paid: 'Paid',
  fulfilled: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  failed: 'Payment failed',
};

export const STATUS_TONE: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-sky-100 text-sky-900',
  paid: 'bg-emerald-100 text-emerald-900',
  fulfilled: 'bg-sky-100 text-sky-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-neutral-200 text-neutral-800',
  refunded: 'bg-neutral-200 text-neutral-800',
  failed: 'bg-red-100 text-red-900',
};

export const PAYMENT_LABEL: Record<PaymentStatus, string> = {
  unpaid: 'Not paid yet',
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <p className={`rounded-full px-3 py-0.5 text-xs font-semibold ${STATUS_TONE[status]}`} data-testid="order-status">
      {STATUS_LABEL[status]}
    </p>
  );
}

/** The order's lines: photo, title (a link while the product exists), size, colour, quantity and price. */
export function OrderLines({ order }: { order: OrderView }) {
  return (
    <ul className="divide-y divide-line px-5">
      {order.lines.map((line) => (
        <li key={line.id} className="flex items-center gap-4 py-4">
          <div className="w-14 shrink-0">
            <ProductImage url={line.imageUrl} alt="" sizes="56px" />
          </div>
          <div className="min-w-0 flex-1 text-sm">
            {line.productId ? (
              <Link to={productPath(line.productId)} className="font-medium hover:underline">
                {line.title}
              </Link>
            ) : (
              <p className="font-medium">{line.title}</p>
            )}
            <p className="mt-0.5 text-xs text-muted capitalize">
              {[line.size, line.color].filter(Boolean).join(' · ')}
              {line.size || line.color ? ' · ' : ''}Qty {line.quantity}
            </p>
          </div>
          <p className="text-sm tabular-nums">{formatNairaAmount(line.lineTotal)}</p>
        </li>
      ))}
    </ul>
  );
}

/** What an order cost: goods, discount (with the coupon used), delivery (with its method), total; and what was refunded. */
export function OrderTotals({ order, className = 'border-t border-line px-5 py-4' }: { order: OrderView; className?: string }) {
  const row = (label: string, value: string, testId: string, strong = false, note = '') => (
    <div className={`flex justify-between gap-4 py-1 ${strong ? 'font-semibold' : ''}`}>
      <dt>
        {label}
        {note && <span className="block text-muted">{note}</span>}
      </dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  const pickup = order.delivery?.kind === 'pickup' ? order.delivery.pickupAddress : '';
  return (
    <dl className={`text-sm ${className}`} data-testid="order-totals">
      {row('Goods', formatNairaAmount(order.subtotal), 'order-goods')}
      {order.discount > 0 &&
        row(
          order.couponCode ? `Discount (${order.couponCode})` : 'Discount',
          `−${formatNairaAmount(order.discount)}`,
          'order-discount',
        )}
      {(order.delivery || order.deliveryFee > 0) &&
        row(
          order.delivery ? `Delivery (${order.delivery.method})` : 'Delivery',
          order.deliveryFee > 0 ? formatNairaAmount(order.deliveryFee) : 'Free',
          'order-delivery',
          false,
          pickup && `Collect it at ${pickup}`,
        )}
      {row('Total', formatNairaAmount(order.total), 'order-total', true)}
      {order.amountRefunded > 0 && row('Refunded', `−${formatNairaAmount(order.amountRefunded)}`, 'order-refunded')}
    </dl>
  );
}

/** Where to send a bank transfer for an order, and by when. */
export function TransferDetails({ transfer }: { transfer: TransferInstructions }) {
  const item = (label: string, value: string, testId: string) => (
    <div className="flex flex-wrap justify-between gap-x-4 py-1.5">
      <dt className="text-muted">{label}</dt>
      <dd className="font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <section aria-labelledby="transfer-heading" className="border border-ink bg-cream px-5 py-4" data-testid="transfer-details">
      <h2 id="transfer-heading" className="font-display text-xl">
        Pay by bank transfer
      </h2>
      <p className="mt-1 text-sm">
        Transfer exactly {formatNairaAmount(transfer.amount)} and write <strong>{transfer.reference}</strong> as the reference, so
        we know it is yours.
      </p>
      <dl className="mt-3 text-sm">
        {item('Bank', transfer.bankName, 'transfer-bank')}
        {item('Account name', transfer.accountName, 'transfer-account-name')}
        {item('Account number', transfer.accountNumber, 'transfer-account-number')}
        {item('Amount', formatNairaAmount(transfer.amount), 'transfer-amount')}
        {item('Reference', transfer.reference, 'transfer-reference')}
      </dl>
      {transfer.payBy && (
        <p className="mt-2 text-sm">
          We hold your items until <strong>{dateTime(transfer.payBy)}</strong>; unpaid by then, the order is cancelled.
        </p>
      )}
    </section>
  );
}

/** One or two sentences on what happens next with this order. */
export function nextStep(order: OrderView): string {
  const eta =
    order.delivery?.etaDays != null ? etaText(order.delivery.etaDays, order.delivery.kind === 'pickup' ? 'pickup' : 'flat') : '';
  const arrival =
    order.delivery?.kind === 'pickup' ? `${eta}: collect it at ${order.delivery.pickupAddress}.` : eta ? `${eta}.` : '';
  switch (order.status) {
    case 'pending':
      return order.paymentMethod === 'transfer'
        ? 'We send your order as soon as your transfer arrives. It usually shows within a few hours on a working day.'
        : 'We are waiting for your card payment to be confirmed.';
    case 'confirmed':
      // Until the shop calls: "We'll call you to confirm", on the number given at checkout.
      return order.awaitingConfirmation
        ? `${MESSAGES_ORDER.podWillCall}${order.phone ? ` on ${order.phone}` : ''} before we send it. ${arrival} Pay the rider ${formatNairaAmount(order.total)} in cash or by transfer when it arrives.`.replace(
            /\s+/g,
            ' ',
          )
        : `Your order is confirmed. ${arrival} Pay the rider ${formatNairaAmount(order.total)} in cash or by transfer when it arrives.`.trim();
    case 'paid':
      return `Thank you, your payment is in. We are preparing your order. ${arrival}`.trim();
    case 'fulfilled':
      return order.paymentStatus === 'unpaid'
        ? `Your order is on its way. Pay the rider ${formatNairaAmount(order.balanceDue)} when it arrives.`
        : 'Your order is on its way.';
    case 'delivered':
      return 'Your order was delivered. We hope you love it.';
    case 'refunded':
      return 'Your order was refunded.';
    case 'cancelled':
      return `This order was cancelled${order.failureReason ? ` (${order.failureReason.replace(/\.$/, '')})` : ''}. Its items went back on sale.`;
    case 'failed':
      return `The payment did not go through${order.failureReason ? `: ${order.failureReason.replace(/\.$/, '')}` : ''}. Nothing was charged.`;
  }
}
