/**
 * A till sale's receipt (/r/{saleId}): public, found by the sale's UUID (never its guessable
 * number), kept out of search engines (noindex, and robots.txt), and naming the customer and
 * the cashier by first name only. It prints from the browser on 58 mm or 80 mm thermal paper
 * or A4 (the page's @page size follows the choice), carries the Code 128 of its receipt
 * number (a return at the till scans it), and is shared as its link or sent to a WhatsApp
 * number.
 */
import type { TillReceipt } from '@shop/shared/pos-drawers';
import { formatNaira } from '@shop/shared/money';
import { Printer } from 'lucide-react';
import { useId } from 'react';
import { Barcode } from '@/components/barcode.tsx';
import { PageHead } from '@/components/seo.tsx';
import { dateTime } from '@/lib/dates.ts';
import { PAPERS, type Paper, useReceipt } from '../use-receipt.ts';

const TENDERS = { cash: 'Cash', card: 'Card', transfer: 'Bank transfer', store_credit: 'Store credit' } as const;

export function ReceiptPage({ saleId }: { saleId: string }) {
  const state = useReceipt(saleId);
  const { receipt, paper } = state;
  return (
    <div className="mx-auto max-w-xl px-4 py-8 print:m-0 print:max-w-none print:p-0">
      <PageHead title={receipt.data ? `Receipt ${receipt.data.receiptNumber}` : 'Receipt'} noindex />
      <style>{`@media print { ${PAPERS[paper].css} }`}</style>
      {receipt.isPending ? (
        <p role="status">Loading the receipt…</p>
      ) : receipt.error ? (
        <p role="alert">This receipt was not found. Check the link you were sent.</p>
      ) : (
        <>
          <ReceiptActions state={state} />
          <Receipt receipt={receipt.data} paper={paper} />
        </>
      )}
    </div>
  );
}

function ReceiptActions({ state }: { state: ReturnType<typeof useReceipt> }) {
  const id = useId();
  return (
    <div className="mb-6 space-y-4 print:hidden">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="mb-1 text-sm font-semibold">Paper</legend>
        {(Object.keys(PAPERS) as Paper[]).map((name) => (
          <label key={name} className="inline-flex min-h-11 items-center gap-2 border border-line px-3">
            <input type="radio" name={`${id}-paper`} checked={state.paper === name} onChange={() => state.setPaper(name)} />
            {PAPERS[name].label}
          </label>
        ))}
        <button
          type="button"
          className="inline-flex min-h-11 items-center gap-2 bg-ink px-4 text-white"
          onClick={() => window.print()}
        >
          <Printer size={16} aria-hidden="true" /> Print
        </button>
      </fieldset>
      {state.url ? (
        <p className="text-sm">
          Link to this receipt:{' '}
          <a href={state.url} className="break-all underline">
            {state.url}
          </a>
        </p>
      ) : null}
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`${id}-phone`} className="mb-1 block text-sm font-semibold">
            WhatsApp number
          </label>
          <input
            id={`${id}-phone`}
            type="tel"
            autoComplete="off"
            placeholder="0803 123 4567"
            className="min-h-11 border border-line px-3"
            value={state.phone}
            onChange={(event) => state.setPhone(event.target.value)}
          />
        </div>
        {state.whatsapp ? (
          <a
            href={state.whatsapp}
            target="_blank"
            rel="noreferrer"
            className="inline-flex min-h-11 items-center bg-[#25D366] px-4 font-semibold text-ink"
          >
            Send to WhatsApp
          </a>
        ) : (
          <span className="inline-flex min-h-11 items-center px-1 text-sm text-neutral-600">
            Type a number to send it to WhatsApp
          </span>
        )}
      </div>
    </div>
  );
}

function Receipt({ receipt, paper }: { receipt: TillReceipt; paper: Paper }) {
  const thermal = paper !== 'a4';
  return (
    <article
      aria-label={`Receipt ${receipt.receiptNumber}`}
      data-paper={paper}
      className={`mx-auto bg-white text-black ${thermal ? 'p-[3mm] font-mono text-[11px] leading-snug' : 'border border-line p-8 text-sm print:border-0 print:p-0'}`}
      style={{ width: PAPERS[paper].width, maxWidth: '100%' }}
    >
      <header className="text-center">
        <h1 className={thermal ? 'text-sm font-bold' : 'text-xl font-semibold'}>{receipt.storeName}</h1>
        {receipt.storeAddress ? <p>{receipt.storeAddress}</p> : null}
        {receipt.storePhone ? <p>{receipt.storePhone}</p> : null}
        <p className="mt-2">
          Receipt <strong>{receipt.receiptNumber}</strong>
        </p>
        <p>{dateTime(receipt.createdAt)}</p>
        {receipt.customerFirstName ? <p>Customer: {receipt.customerFirstName}</p> : null}
        {receipt.cashierFirstName ? <p>Served by {receipt.cashierFirstName}</p> : null}
      </header>
      <table className="mt-3 w-full border-y border-dashed border-black">
        <caption className="sr-only">Items</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line) => (
            <tr key={`${line.title}-${line.size}-${line.color}-${line.unitPrice}`} className="align-top">
              <td className="py-1">
                {line.title}
                {[line.size.toUpperCase(), line.color].filter(Boolean).length > 0
                  ? ` (${[line.size.toUpperCase(), line.color].filter(Boolean).join(' / ')})`
                  : ''}
                <br />
                {line.quantity} × {formatNaira(line.unitPrice)}
                {line.unitPrice < line.listPrice ? <span> (was {formatNaira(line.listPrice)})</span> : null}
                {line.returned > 0 ? <span> · {line.returned} returned</span> : null}
              </td>
              <td className="py-1 text-right tabular-nums">{formatNaira(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="mt-2 space-y-0.5">
        <Row label="Subtotal" value={receipt.subtotal} />
        {receipt.discount > 0 ? <Row label="Discount" value={-receipt.discount} /> : null}
        {receipt.tillDiscount > 0 ? <Row label="Till discount" value={-receipt.tillDiscount} /> : null}
        <Row label="Total" value={receipt.total} strong />
        {receipt.tenders.map((tender) => (
          <Row
            key={`${tender.type}-${tender.amount}-${tender.reference ?? ''}`}
            label={`${TENDERS[tender.type]}${tender.reference ? ` (${tender.reference})` : ''}`}
            value={tender.tendered ?? tender.amount}
          />
        ))}
        {receipt.change > 0 ? <Row label="Change" value={receipt.change} /> : null}
        {receipt.refunded > 0 ? <Row label="Refunded" value={receipt.refunded} /> : null}
      </dl>
      <Barcode code={receipt.receiptNumber} height={8} className="mx-auto mt-4 h-12 w-4/5" />
      <p className="mt-3 text-center">Thank you for shopping with us. Keep this receipt for returns.</p>
    </article>
  );
}

function Row({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-2 ${strong ? 'font-bold' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value < 0 ? `−${formatNaira(-value)}` : formatNaira(value)}</dd>
    </div>
  );
}
