/**
 * One order, opened from the purchases table: lines, the totals (goods, discount with the
 * coupon's code, delivery with its method, or the pickup address), customer, the money side
 * (payment status, paid, due, refunded, invoice, bank details of an unpaid transfer), its
 * payments and refunds, the allowed status changes, and its history (who did what, when).
 */
import { etaText } from '@shop/shared/delivery';
import type { OrderStatus } from '@shop/shared/orders';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '@/components/admin/confirm-dialog.tsx';
import { HistoryCard } from '@/components/admin/history-card.tsx';
import { dateTime } from '@/lib/dates.ts';
import { formatNairaAmount } from '@shop/shared/money';
import { notify } from '@/lib/notify.tsx';
import { buttonClass, Card, ErrorNotice, PageHeader, Spinner } from '@/components/admin/ui.tsx';
import { statusChangeAction, useCan } from '@/lib/back-office-access.ts';
import { orderHistoryOptions } from '@/lib/api/history.ts';
import { changeOrderStatusMutation, confirmOrderMutation, orderOptions, refusedAtDeliveryMutation } from '@/lib/api/orders.ts';
import { orderPaymentMethodLabel } from '../order-money.ts';
import { errorMessage, OrderPayments } from './order-payments.tsx';
import { OrderRefunds } from './order-refunds.tsx';
import { PaymentStatusBadge, StatusBadge } from './status-badge.tsx';
import { useQuery, useMutation } from '@tanstack/react-query';

const ACTION_LABELS: Record<OrderStatus, string> = {
  pending: 'Mark as pending',
  confirmed: 'Mark as confirmed (pay on delivery)',
  paid: 'Mark as paid',
  fulfilled: 'Mark as fulfilled',
  delivered: 'Mark as delivered',
  cancelled: 'Cancel order',
  refunded: 'Mark as refunded',
  failed: 'Mark as failed',
};

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="text-neutral-600">{label}</dt>
      <dd className="min-w-0 text-right font-medium wrap-anywhere text-neutral-900">{children || '—'}</dd>
    </div>
  );
}

export function OrderPage({ id }: { id: string }) {
  const order = useQuery(orderOptions(id));
  const history = useQuery(orderHistoryOptions(id));
  const change = useMutation(changeOrderStatusMutation(id));
  const confirmOrder = useMutation(confirmOrderMutation(id));
  const refused = useMutation(refusedAtDeliveryMutation(id));
  const { confirm, dialog } = useConfirm();
  const can = useCan();
  const busy = change.isPending || confirmOrder.isPending || refused.isPending;

  const back = (
    <Link to="/purchasetable" className="mb-4 inline-flex items-center gap-1 text-sm text-neutral-700 hover:underline">
      <ArrowLeft size={16} aria-hidden="true" /> Back to purchases
    </Link>
  );
  if (order.isPending) return <Spinner />;
  if (order.error) {
    return (
      <>
        {back}
        <ErrorNotice>{order.error.message}</ErrorNotice>
      </>
    );
  }
  const o = order.data;

  const onConfirmOrder = () =>
    confirmOrder.mutate(undefined, {
      onSuccess: (next) => notify.success(`Order ${next.number} is confirmed: it no longer expires`, { area: 'admin' }),
      onError: (error) => notify.error(errorMessage(error), { area: 'admin' }),
    });
  const onRefused = async () => {
    const question = `The customer refused order ${o.number} at the door: cancel it and put its items back on sale?`;
    if (!(await confirm(question, 'Refused at delivery'))) return;
    refused.mutate(undefined, {
      onSuccess: (next) => notify.success(`Order ${next.number} cancelled: refused at delivery`, { area: 'admin' }),
      onError: (error) => notify.error(errorMessage(error), { area: 'admin' }),
    });
  };
  // A sent pay-on-delivery order nobody paid for may come back from the door.
  const canBeRefused = can('order.fulfil') && o.status === 'fulfilled' && o.paymentMethod === 'pod' && o.amountPaid === 0;
  // Each change the member's role allows: cancelling is its own permission, the rest fulfilment's.
  const transitions = o.allowedTransitions.filter((status) => can(statusChangeAction(status)));

  const onChange = async (status: OrderStatus) => {
    if (!(await confirm(`${ACTION_LABELS[status]}: order ${o.number}?`, 'Confirm'))) return;
    change.mutate(status, {
      onSuccess: (next) => notify.success(`Order ${next.number} is now ${next.status}`, { area: 'admin' }),
      onError: (error) => notify.error(errorMessage(error), { area: 'admin' }),
    });
  };

  return (
    <>
      {back}
      <PageHeader
        title={`Order ${o.number}`}
        description={
          <span className="inline-flex items-center gap-2">
            <StatusBadge status={o.status} /> <PaymentStatusBadge status={o.paymentStatus} /> {dateTime(o.createdAt)} ·{' '}
            {o.channel}
            {o.archivedAt ? ' · archived' : ''}
          </span>
        }
        actions={
          <>
            {o.awaitingConfirmation && can('order.fulfil') ? (
              <button type="button" className={buttonClass.primary} onClick={onConfirmOrder} disabled={busy}>
                Confirm order
              </button>
            ) : null}
            {transitions.map((status) => (
              <button
                key={status}
                type="button"
                className={status === 'cancelled' || status === 'refunded' ? buttonClass.secondary : buttonClass.primary}
                onClick={() => onChange(status)}
                disabled={busy}
              >
                {ACTION_LABELS[status]}
              </button>
            ))}
            {canBeRefused ? (
              <button type="button" className={buttonClass.secondary} onClick={onRefused} disabled={busy}>
                Refused at delivery
              </button>
            ) : null}
          </>
        }
      />
      {o.awaitingConfirmation ? (
        <div role="status" className="mb-6 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-neutral-900">
          <strong>Awaiting confirmation.</strong> Call {o.name || 'the customer'}
          {o.phone ? ` on ${o.phone}` : ''} to confirm this pay-on-delivery order
          {o.expiresAt ? ` by ${dateTime(o.expiresAt)}` : ''}; unconfirmed, it is cancelled and its items go back on sale.
        </div>
      ) : null}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <Card className="xl:col-span-2">
          <h2 className="mb-3 text-base font-semibold">Items</h2>
          <div className="relative overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Order lines</caption>
              <thead className="text-xs text-neutral-600 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    Product
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Color
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Size
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Unit price
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Qty
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {o.lines.map((line) => (
                  <tr key={line.id} className="border-t border-neutral-100">
                    <td className="py-2 pr-3">
                      <div className="flex items-center gap-3">
                        {line.imageUrl ? (
                          <img src={line.imageUrl} alt="" className="h-10 w-10 rounded object-cover" loading="lazy" />
                        ) : null}
                        <div>
                          {line.productId ? (
                            <Link to={`/viewproduct/${line.productId}`} className="hover:underline">
                              {line.title}
                            </Link>
                          ) : (
                            line.title
                          )}
                          {line.sku ? <span className="block font-mono text-xs text-neutral-600">SKU {line.sku}</span> : null}
                        </div>
                      </div>
                    </td>
                    <td className="py-2 pr-3">{line.color}</td>
                    <td className="py-2 pr-3">{line.size}</td>
                    <td className="py-2 pr-3 text-right whitespace-nowrap">
                      {formatNairaAmount(line.unitPrice - line.unitDiscount)}
                      {line.unitDiscount > 0 ? (
                        <span className="block text-xs text-neutral-500 line-through">{formatNairaAmount(line.unitPrice)}</span>
                      ) : null}
                    </td>
                    <td className="py-2 pr-3 text-right">
                      {line.quantity}
                      {line.restockedQuantity > 0 ? (
                        <span className="block text-xs text-neutral-600">{line.restockedQuantity} back on sale</span>
                      ) : null}
                    </td>
                    <td className="py-2 text-right whitespace-nowrap">{formatNairaAmount(line.lineTotal)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl className="mt-4 ml-auto max-w-sm border-t border-neutral-200 pt-2">
            <Detail label="Goods">{formatNairaAmount(o.subtotal)}</Detail>
            <Detail label={o.couponCode ? `Discount (${o.couponCode})` : 'Discount'}>
              {o.discount > 0 ? `−${formatNairaAmount(o.discount)}` : formatNairaAmount(0)}
            </Detail>
            {o.delivery ? (
              <Detail label="Delivery">
                <span className="block">
                  {o.delivery.method}: {o.deliveryFee > 0 ? formatNairaAmount(o.deliveryFee) : 'Free'}
                </span>
                {o.delivery.kind === 'pickup' && o.delivery.pickupAddress ? (
                  <span className="block font-normal text-neutral-700">Pickup: {o.delivery.pickupAddress}</span>
                ) : null}
                {o.delivery.etaDays !== null ? (
                  <span className="block text-xs font-normal text-neutral-600">
                    {etaText(o.delivery.etaDays, o.delivery.kind === 'pickup' ? 'pickup' : 'flat')}
                  </span>
                ) : null}
              </Detail>
            ) : null}
            <Detail label="Total">{formatNairaAmount(o.total)}</Detail>
          </dl>
        </Card>
        <div className="space-y-6">
          <Card>
            <h2 className="mb-2 text-base font-semibold">Customer</h2>
            <dl>
              <Detail label="Name">{o.name}</Detail>
              <Detail label="Email">{o.email}</Detail>
              {o.contactEmail ? <Detail label="Contact email (typed at checkout)">{o.contactEmail}</Detail> : null}
              <Detail label="Phone">{o.phone}</Detail>
              <Detail label="Address">{[o.address, o.city, o.state, o.country].filter(Boolean).join(', ')}</Detail>
            </dl>
          </Card>
          <Card>
            <h2 className="mb-2 text-base font-semibold">Payment</h2>
            <dl>
              <Detail label="Payment status">
                <PaymentStatusBadge status={o.paymentStatus} />
              </Detail>
              <Detail label="Method">{orderPaymentMethodLabel(o)}</Detail>
              <Detail label="Amount paid">{formatNairaAmount(o.amountPaid)}</Detail>
              <Detail label="Balance due">{formatNairaAmount(o.balanceDue)}</Detail>
              <Detail label="Refunded">{formatNairaAmount(o.amountRefunded)}</Detail>
              <Detail label="Invoice">
                {o.invoiceNumber ? (
                  <span className="inline-flex items-center gap-2">
                    <span className="font-mono">{o.invoiceNumber}</span>
                    <a
                      href={`/orders/${encodeURIComponent(o.id)}/invoice`}
                      target="_blank"
                      rel="noopener"
                      className="inline-flex items-center gap-1 text-neutral-900 underline underline-offset-2"
                    >
                      Invoice
                      <ExternalLink size={14} aria-hidden="true" />
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </span>
                ) : null}
              </Detail>
              <Detail label="Provider">{o.paymentProvider}</Detail>
              <Detail label="Payment reference">
                <span className="break-all">{o.paymentReference}</span>
              </Detail>
              <Detail label="Paid at">{dateTime(o.paidAt)}</Detail>
              {o.failureReason ? <Detail label="Reason">{o.failureReason}</Detail> : null}
            </dl>
            {o.transfer ? (
              <div className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-3">
                <h3 className="text-sm font-semibold text-neutral-900">Waiting for a bank transfer</h3>
                <dl>
                  <Detail label="Bank">{o.transfer.bankName}</Detail>
                  <Detail label="Account name">{o.transfer.accountName}</Detail>
                  <Detail label="Account number">
                    <span className="font-mono">{o.transfer.accountNumber}</span>
                  </Detail>
                  <Detail label="Amount">{formatNairaAmount(o.transfer.amount)}</Detail>
                  <Detail label="Reference">
                    <span className="font-mono">{o.transfer.reference}</span>
                  </Detail>
                  {o.transfer.payBy ? <Detail label="Pay by">{dateTime(o.transfer.payBy)}</Detail> : null}
                </dl>
              </div>
            ) : null}
          </Card>
        </div>
      </div>
      <div className="mt-6 grid grid-cols-1 gap-6 xl:grid-cols-2">
        <OrderPayments order={o} />
        <OrderRefunds order={o} />
      </div>
      <HistoryCard history={history} className="mt-6" />
      {dialog}
    </>
  );
}
