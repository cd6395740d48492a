/** The printable receipt of a point-of-sale sale. When printing, only the receipt shows. */
import type { PosReceipt } from '@shop/shared/admin';
import { Printer } from 'lucide-react';
import { dateTime } from '@/lib/dates.ts';
import { formatNairaAmount } from '@shop/shared/money';
import { buttonClass } from '@/components/admin/ui.tsx';
import { PAYMENT_LABELS, type PaymentMethod } from './pos-cart.tsx';

export function Receipt({ receipt, onClose }: { receipt: PosReceipt; onClose(): void }) {
  const { order, customer } = receipt;
  const method = order.paymentMethod as PaymentMethod | null;
  return (
    <section
      aria-labelledby="receipt-title"
      className="pos-receipt mx-auto max-w-sm rounded-lg border border-neutral-200 bg-white p-6 font-mono text-sm shadow-sm print:border-0 print:shadow-none"
    >
      <header className="text-center">
        <h2 id="receipt-title" className="text-lg font-bold tracking-widest uppercase">
          {receipt.storeName}
        </h2>
        <p className="text-xs text-neutral-600">Receipt {order.number}</p>
        <p className="text-xs text-neutral-600">{dateTime(receipt.issuedAt)}</p>
      </header>
      <p className="mt-4 border-t border-dashed border-neutral-400 pt-3 text-xs">
        Customer: {customer ? `${customer.firstName} ${customer.lastName}` : order.name}
        {customer && (
          <>
            <br />
            {customer.email}
          </>
        )}
      </p>
      <table className="mt-3 w-full border-t border-dashed border-neutral-400 text-xs">
        <caption className="sr-only">Items</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 text-left">
              Item
            </th>
            <th scope="col" className="py-1 text-right">
              Qty
            </th>
            <th scope="col" className="py-1 text-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: receipt lines are fixed once printed
            <tr key={i}>
              <td className="py-1 pr-2">
                {line.title}
                <br />
                <span className="text-neutral-500">@ {formatNairaAmount(line.unitPrice - line.unitDiscount)}</span>
              </td>
              <td className="py-1 text-right align-top">{line.quantity}</td>
              <td className="py-1 text-right align-top">{formatNairaAmount(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="mt-3 space-y-1 border-t border-dashed border-neutral-400 pt-3 text-xs">
        <div className="flex justify-between">
          <dt>Goods</dt>
          <dd>{formatNairaAmount(order.subtotal)}</dd>
        </div>
        {order.discount > 0 ? (
          <div className="flex justify-between">
            <dt>{order.couponCode ? `Discount (${order.couponCode})` : 'Discount'}</dt>
            <dd>−{formatNairaAmount(order.discount)}</dd>
          </div>
        ) : null}
        {order.delivery ? (
          <div className="flex justify-between gap-2">
            <dt>
              {order.delivery.kind === 'pickup' && order.delivery.pickupAddress
                ? `Pickup: ${order.delivery.pickupAddress}`
                : `Delivery (${order.delivery.method})`}
            </dt>
            <dd className="whitespace-nowrap">{formatNairaAmount(order.deliveryFee)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between text-sm font-bold">
          <dt>Total</dt>
          <dd>{formatNairaAmount(order.total)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Paid by</dt>
          <dd>{method ? PAYMENT_LABELS[method] : order.paymentMethod}</dd>
        </div>
      </dl>
      <p className="mt-4 text-center text-xs">Thank you for shopping with us!</p>
      <div className="mt-5 flex gap-2 print:hidden">
        <button type="button" className={`${buttonClass.primary} flex-1`} onClick={() => window.print()}>
          <Printer size={16} aria-hidden="true" /> Print receipt
        </button>
        <button type="button" className={buttonClass.secondary} onClick={onClose}>
          Close
        </button>
      </div>
    </section>
  );
}
