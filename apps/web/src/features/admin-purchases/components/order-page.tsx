/** One order, opened from the purchases table: lines, customer, payment and the allowed status changes. */
import type { OrderStatus } from '@shop/shared/orders';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '@/components/admin/confirm-dialog.tsx';
import { dateTime } from '@/lib/dates.ts';
import { formatNairaAmount } from '@shop/shared/money';
import { notify } from '@/lib/notify.tsx';
import { buttonClass, Card, ErrorNotice, PageHeader, Spinner } from '@/components/admin/ui.tsx';
import { changeOrderStatusMutation, orderOptions } from '@/lib/api/orders.ts';
import { StatusBadge } from './status-badge.tsx';
import { useQuery, useMutation } from '@tanstack/react-query';

const ACTION_LABELS: Record<OrderStatus, string> = {
  pending: 'Mark as pending',
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
      <dd className="text-right font-medium text-neutral-900">{children || '—'}</dd>
    </div>
  );
}

export function OrderPage({ id }: { id: string }) {
  const order = useQuery(orderOptions(id));
  const change = useMutation(changeOrderStatusMutation(id));
  const { confirm, dialog } = useConfirm();

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

  const onChange = async (status: OrderStatus) => {
    if (!(await confirm(`${ACTION_LABELS[status]}: order ${o.number}?`, 'Confirm'))) return;
    change.mutate(status, {
      onSuccess: (next) => notify.success(`Order ${next.number} is now ${next.status}`, { area: 'admin' }),
      onError: (error) => notify.error(error.message, { area: 'admin' }),
    });
  };

  return (
    <>
      {back}
      <PageHeader
        title={`Order ${o.number}`}
        description={
          <span className="inline-flex items-center gap-2">
            <StatusBadge status={o.status} /> {dateTime(o.createdAt)} · {o.channel}
            {o.archivedAt ? ' · archived' : ''}
          </span>
        }
        actions={o.allowedTransitions.map((status) => (
          <button
            key={status}
            type="button"
            className={status === 'cancelled' || status === 'refunded' ? buttonClass.secondary : buttonClass.primary}
            onClick={() => onChange(status)}
            disabled={change.isPending}
          >
            {ACTION_LABELS[status]}
          </button>
        ))}
      />
      <div className="grid gap-6 xl:grid-cols-3">
        <Card className="xl:col-span-2">
          <h2 className="mb-3 text-base font-semibold">Items</h2>
          <div className="overflow-x-auto">
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
                {o.lines.map((line, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: order lines have no id of their own in this view
                  <tr key={i} className="border-t border-neutral-100">
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
                    <td className="py-2 pr-3 text-right">{line.quantity}</td>
                    <td className="py-2 text-right whitespace-nowrap">{formatNairaAmount(line.lineTotal)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl className="mt-4 ml-auto max-w-xs border-t border-neutral-200 pt-2">
            <Detail label="Subtotal">{formatNairaAmount(o.subtotal)}</Detail>
            <Detail label="Discount">{formatNairaAmount(o.discount)}</Detail>
            <Detail label="Total">{formatNairaAmount(o.total)}</Detail>
          </dl>
        </Card>
        <div className="space-y-6">
          <Card>
            <h2 className="mb-2 text-base font-semibold">Customer</h2>
            <dl>
              <Detail label="Name">{o.name}</Detail>
              <Detail label="Email">{o.email}</Detail>
              <Detail label="Phone">{o.phone}</Detail>
              <Detail label="Address">{[o.address, o.city, o.state, o.country].filter(Boolean).join(', ')}</Detail>
            </dl>
          </Card>
          <Card>
            <h2 className="mb-2 text-base font-semibold">Payment</h2>
            <dl>
              <Detail label="Provider">{o.paymentProvider}</Detail>
              <Detail label="Method">{o.paymentMethod}</Detail>
              <Detail label="Payment reference">
                <span className="break-all">{o.paymentReference}</span>
              </Detail>
              <Detail label="Paid at">{dateTime(o.paidAt)}</Detail>
              {o.failureReason ? <Detail label="Reason">{o.failureReason}</Detail> : null}
            </dl>
          </Card>
        </div>
      </div>
      {dialog}
    </>
  );
}
