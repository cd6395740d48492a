/**
 * The receipt of the sale just made, from the device (it prints offline): each line, the
 * till discount, each tender and the change. Printed with the browser's print (only the
 * receipt prints), shared as its public link /r/{saleId} (the sale's id, never the
 * guessable number) or sent to WhatsApp.
 */
import { formatNaira } from '@shop/shared/money';
import { whatsappLink } from '@shop/shared/whatsapp';
import { MessageCircle, Printer, Share2 } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '@/components/admin/ui.tsx';
import { dateTime } from '@/lib/dates.ts';
import { lineTotal } from '../cart.ts';
import type { StoredSale } from '../till-db.ts';
import { useTill } from '../till-store.ts';
import { TENDER_LABELS } from './tender-panel.tsx';

export function receiptLink(saleId: string): string {
  return `${window.location.origin}/r/${saleId}`;
}

export function TillReceipt({ sale }: { sale: StoredSale }) {
  const { receipt } = sale;
  const customer = useTill((s) => s.index.customers.find((c) => c.id === sale.sale.customerId));
  const [shared, setShared] = useState<string | null>(null);
  const link = receiptLink(sale.id);
  const text = `Your receipt ${sale.receiptNumber}: ${link}`;
  const whatsapp =
    (customer?.phone ? whatsappLink(customer.phone, text) : null) ?? `https://wa.me/?text=${encodeURIComponent(text)}`;

  const share = async () => {
    try {
      if (navigator.share) await navigator.share({ title: `Receipt ${sale.receiptNumber}`, url: link });
      else {
        await navigator.clipboard.writeText(link);
        setShared('Link copied');
      }
    } catch {
      setShared(link);
    }
  };

  return (
    <div className="space-y-3">
      <section
        aria-labelledby="till-receipt-title"
        className="mx-auto max-w-sm rounded-lg border border-neutral-200 bg-white p-5 font-mono text-sm print:border-0"
      >
        <h2 id="till-receipt-title" className="text-center text-lg font-bold tracking-widest uppercase">
          Receipt {sale.receiptNumber}
        </h2>
        <p className="text-center text-xs text-neutral-600">{dateTime(sale.createdAt)}</p>
        <p className="mt-3 border-t border-dashed border-neutral-400 pt-2 text-xs">
          Cashier: {receipt.cashierName}
          {receipt.customerName ? ` · Customer: ${receipt.customerName}` : ' · Walk-in'}
        </p>
        <ul aria-label="Receipt lines" className="mt-2 space-y-1 border-t border-dashed border-neutral-400 pt-2 text-xs">
          {receipt.lines.map((line) => (
            <li key={line.variantId} className="flex justify-between gap-2">
              <span className="min-w-0 break-words">
                {line.quantity} × {line.title}
              </span>
              <span>{formatNaira(lineTotal(line))}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-2 space-y-1 border-t border-dashed border-neutral-400 pt-2 text-xs">
          {receipt.subtotal !== receipt.total ? (
            <div className="flex justify-between">
              <dt>Till discount</dt>
              <dd>{formatNaira(receipt.total - receipt.subtotal)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between text-sm font-bold">
            <dt>Total</dt>
            <dd>{formatNaira(receipt.total)}</dd>
          </div>
          {receipt.tenders.map((t, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a receipt's tenders are fixed
            <div key={i} className="flex justify-between">
              <dt>
                {TENDER_LABELS[t.type]}
                {t.reference ? ` ${t.reference}` : ''}
                {t.type === 'transfer' ? ' (pending)' : ''}
              </dt>
              <dd>{formatNaira(t.tendered ?? t.amount)}</dd>
            </div>
          ))}
          {receipt.change > 0 ? (
            <div className="flex justify-between">
              <dt>Change</dt>
              <dd>{formatNaira(receipt.change)}</dd>
            </div>
          ) : null}
        </dl>
      </section>
      <div className="flex flex-wrap justify-center gap-2 print:hidden">
        <button type="button" onClick={() => window.print()} className={`${buttonClass.secondary} min-h-11`}>
          <Printer size={16} aria-hidden="true" /> Print
        </button>
        <button type="button" onClick={() => void share()} className={`${buttonClass.secondary} min-h-11`}>
          <Share2 size={16} aria-hidden="true" /> Share link
        </button>
        <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={`${buttonClass.secondary} min-h-11`}>
          <MessageCircle size={16} aria-hidden="true" /> WhatsApp <span className="sr-only">(opens in a new tab)</span>
        </a>
        <button type="button" onClick={() => useTill.getState().newSale()} className={`${buttonClass.primary} min-h-11`}>
          New sale
        </button>
      </div>
      {shared ? (
        <p role="status" className="text-center text-sm break-all">
          {shared}
        </p>
      ) : null}
    </div>
  );
}
