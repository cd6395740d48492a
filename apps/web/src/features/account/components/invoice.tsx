/**
 * /orders/:id/invoice: a paid order's invoice, to print or keep: the shop (name, address,
 * phone and the VAT note from the settings), the gap-free invoice number, who bought, the
 * lines, discount, delivery and total, and the payments and refunds. Its owner or an admin
 * may open it (the API decides). An order not paid yet has no invoice.
 */
import { VAT_NOTE } from '@shop/shared/content';
import { formatNairaAmount } from '@shop/shared/money';
import { paymentMethodWords } from '@shop/shared/payment-words';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadingState, NotFoundState } from '@/components/page-states.tsx';
import { primaryButton, secondaryButton } from '@/components/ui-classes.ts';
import { orderOptions } from '@/lib/api/orders.ts';
import { settingsOptions } from '@/lib/api/settings.ts';
import { longDate, shortDate } from '@/lib/dates.ts';
import { useSession } from '@/lib/session-store.ts';
import { OrderTotals } from './order-parts.tsx';

export function Invoice({ id }: { id: string }) {
  const session = useSession((s) => s.status);
  const order = useQuery({ ...orderOptions(id), enabled: session === 'signed-in' });
  const settings = useQuery(settingsOptions);

  if (session === 'restoring' || order.isPending || settings.isPending) {
    if (session === 'signed-out') {
      return <NotFoundState title="Sign in to see this invoice" text="Invoices are for the order's buyer." />;
    }
    return <LoadingState />;
  }
  if (order.isError || !order.data || settings.isError || !settings.data) {
    return (
      <NotFoundState
        title="Invoice not found"
        text="We could not find this order among yours."
        to="/orders"
        action="See my orders"
      />
    );
  }
  const o = order.data;
  const shop = settings.data;
  if (!o.invoiceNumber) {
    return (
      <NotFoundState
        title="No invoice yet"
        text={`Order ${o.number} gets its invoice once it is paid.`}
        to={`/orders/${o.id}`}
        action="See the order"
      />
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 print:max-w-none print:p-0">
      <title>{`Invoice ${o.invoiceNumber} — ${shop.storeName}`}</title>
      <div className="mb-6 flex flex-wrap gap-3 print:hidden">
        <button type="button" className={primaryButton} onClick={() => window.print()}>
          Print
        </button>
        <Link to={`/orders/${o.id}`} className={secondaryButton}>
          Back to the order
        </Link>
      </div>

      <article aria-labelledby="invoice-heading" className="border border-line p-6 sm:p-10 print:border-0" data-testid="invoice">
        <header className="flex flex-wrap justify-between gap-6 border-b border-line pb-6">
          <div>
            <p className="font-display text-3xl tracking-wide uppercase">{shop.storeName}</p>
            {shop.address && <p className="mt-1 text-sm">{shop.address}</p>}
            <p className="text-sm">{shop.phone}</p>
          </div>
          <div className="text-sm sm:text-right">
            <h1 id="invoice-heading" className="font-display text-2xl">
              Invoice {o.invoiceNumber}
            </h1>
            <p className="mt-1">Order {o.number}</p>
            <p>Paid {longDate(o.paidAt)}</p>
          </div>
        </header>

        <section aria-label="Bill to" className="mt-6 text-sm">
          <p className="text-xs font-semibold tracking-[0.14em] uppercase">Bill to</p>
          <p className="mt-1">{o.name}</p>
          <p>{[o.address, o.city, o.state].filter(Boolean).join(', ')}</p>
          <p>{[o.email, o.phone].filter(Boolean).join(' · ')}</p>
        </section>

        <table className="mt-8 w-full text-sm">
          <caption className="sr-only">What was bought</caption>
          <thead>
            <tr className="border-b border-ink text-left text-xs tracking-[0.1em] uppercase">
              <th scope="col" className="py-2 font-semibold">
                Item
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                Qty
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                Unit price
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {o.lines.map((line) => (
              <tr key={line.id} className="border-b border-line align-top" data-testid="invoice-line">
                <td className="py-2 pr-2">
                  {line.title}
                  {(line.size || line.color) && (
                    <span className="block text-xs text-muted capitalize">
                      {[line.size, line.color].filter(Boolean).join(' · ')}
                    </span>
                  )}
                </td>
                <td className="py-2 text-right tabular-nums">{line.quantity}</td>
                <td className="py-2 text-right tabular-nums">{formatNairaAmount(line.unitPrice - line.unitDiscount)}</td>
                <td className="py-2 text-right tabular-nums">{formatNairaAmount(line.lineTotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <OrderTotals order={o} className="ml-auto mt-4 max-w-xs" />

        {o.payments.length > 0 && (
          <section aria-labelledby="payments-heading" className="mt-8 text-sm">
            <h2 id="payments-heading" className="text-xs font-semibold tracking-[0.14em] uppercase">
              Payments
            </h2>
            <ul className="mt-2 space-y-1">
              {o.payments.map((p) => (
                <li key={p.id} className="flex justify-between gap-4" data-testid="invoice-payment">
                  <span>
                    {shortDate(p.createdAt)} · {paymentMethodWords(p.method)}
                    {p.reference ? ` · ${p.reference}` : ''}
                  </span>
                  <span className="tabular-nums">{formatNairaAmount(p.amount)}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
        {o.refunds.some((r) => r.status !== 'failed') && (
          <section aria-labelledby="refunds-heading" className="mt-6 text-sm">
            <h2 id="refunds-heading" className="text-xs font-semibold tracking-[0.14em] uppercase">
              Refunds
            </h2>
            <ul className="mt-2 space-y-1">
              {o.refunds
                .filter((r) => r.status !== 'failed')
                .map((r) => (
                  <li key={r.id} className="flex justify-between gap-4">
                    <span>
                      {shortDate(r.processedAt ?? r.createdAt)} · {r.reason}
                      {r.status === 'pending' ? ' (being processed)' : ''}
                    </span>
                    <span className="tabular-nums">−{formatNairaAmount(r.amount)}</span>
                  </li>
                ))}
            </ul>
          </section>
        )}

        <footer className="mt-10 border-t border-line pt-4 text-xs text-muted">
          {shop.vatIncluded && <p data-testid="vat-note">{VAT_NOTE}.</p>}
          <p>Thank you for shopping with {shop.storeName}.</p>
        </footer>
      </article>
    </div>
  );
}
