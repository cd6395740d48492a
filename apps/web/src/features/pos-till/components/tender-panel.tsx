/**
 * Taking payment: cash (amount handed over, change shown), card on an external terminal (its
 * reference), bank transfer (pending until confirmed in the back office), store credit (a
 * chosen customer's balance), or several of them (split). Then the sale is completed.
 */
import { formatNaira } from '@shop/shared/money';
import type { TenderType, TillStaff } from '@shop/shared/pos-till';
import { useId, useState } from 'react';
import { buttonClass, ErrorNotice, inputClass } from '@/components/admin/ui.tsx';
import { cartTotals, makeTender, parseNaira, payment } from '../cart.ts';
import { useTill } from '../till-store.ts';
import { useCompleteSale } from '../use-complete-sale.ts';
import { PinDialog } from './pin-dialog.tsx';
import { ChoiceTiles } from './till-controls.tsx';

export const TENDER_LABELS: Record<TenderType, string> = {
  cash: 'Cash',
  card: 'Card (terminal)',
  transfer: 'Bank transfer',
  store_credit: 'Store credit',
};

export function TenderPanel({ cashier }: { cashier: TillStaff }) {
  const id = useId();
  const lines = useTill((s) => s.lines);
  const tenders = useTill((s) => s.tenders);
  const customer = useTill((s) => s.customer);
  const { total } = cartTotals(lines);
  const paid = payment(total, tenders);
  const [type, setType] = useState<TenderType>('cash');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const sale = useCompleteSale(cashier);
  const types: TenderType[] =
    customer && customer.storeCredit > 0 ? ['cash', 'card', 'transfer', 'store_credit'] : ['cash', 'card', 'transfer'];

  const add = (event: React.FormEvent) => {
    event.preventDefault();
    const received = amount.trim() ? parseNaira(amount) : paid.due;
    if (type === 'store_credit' && customer && received > customer.storeCredit) {
      setError(`${customer.firstName} has ${formatNaira(customer.storeCredit)} of store credit`);
      return;
    }
    const tender = makeTender(type, received, paid.due, reference);
    if (typeof tender === 'string') {
      setError(tender);
      return;
    }
    setError(null);
    setAmount('');
    setReference('');
    useTill.getState().addTender(tender);
  };

  if (lines.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-neutral-200 bg-white p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Payment
      </h2>
      {paid.due > 0 ? (
        <form onSubmit={add} className="mt-3 space-y-3">
          <ChoiceTiles legend="Paid by" options={types} labels={TENDER_LABELS} value={type} onChange={setType} />
          <label htmlFor={`${id}-amount`} className="block text-sm">
            {type === 'cash' ? 'Cash received (₦)' : 'Amount (₦)'}
            <input
              id={`${id}-amount`}
              inputMode="decimal"
              placeholder={String(paid.due / 100)}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              className={`${inputClass} mt-1 min-h-11`}
            />
          </label>
          {type === 'card' || type === 'transfer' ? (
            <label htmlFor={`${id}-ref`} className="block text-sm">
              {type === 'card' ? 'Terminal reference' : 'Transfer reference (optional)'}
              <input
                id={`${id}-ref`}
                value={reference}
                onChange={(e) => setReference(e.target.value)}
                className={`${inputClass} mt-1 min-h-11`}
              />
            </label>
          ) : null}
          {error ? <ErrorNotice>{error}</ErrorNotice> : null}
          <button type="submit" className={`${buttonClass.secondary} min-h-11 w-full`}>
            Add payment
          </button>
        </form>
      ) : null}
      {tenders.length > 0 ? (
        <ul aria-label="Payments" className="mt-3 divide-y divide-neutral-100 text-sm">
          {tenders.map((t, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: tenders are only added and removed, in order
            <li key={i} className="flex min-h-11 items-center justify-between gap-2">
              <span>
                {TENDER_LABELS[t.type]}
                {t.reference ? ` · ${t.reference}` : ''}
                {t.type === 'transfer' ? ' (pending)' : ''}
              </span>
              <span className="flex items-center gap-2">
                {formatNaira(t.amount)}
                <button
                  type="button"
                  onClick={() => useTill.getState().removeTender(i)}
                  className={`${buttonClass.secondary} min-h-11`}
                >
                  Remove<span className="sr-only"> {TENDER_LABELS[t.type]} payment</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="mt-3 space-y-1 border-t border-neutral-200 pt-3 text-sm">
        <div className="flex justify-between">
          <dt>Due</dt>
          <dd data-testid="sale-due">{formatNaira(paid.due)}</dd>
        </div>
        {paid.change > 0 ? (
          <div className="flex justify-between text-base font-semibold">
            <dt>Change</dt>
            <dd data-testid="sale-change">{formatNaira(paid.change)}</dd>
          </div>
        ) : null}
      </dl>
      {sale.refused.length > 0 ? <ErrorNotice>{sale.refused.join('. ')}</ErrorNotice> : null}
      <button
        type="button"
        disabled={paid.due > 0}
        onClick={() => void sale.complete()}
        className={`${buttonClass.primary} mt-3 min-h-11 w-full`}
      >
        Complete sale
      </button>
      {sale.asking ? (
        <PinDialog
          title="Manager approval"
          reason={sale.asking.reason}
          members={sale.asking.members}
          onCancel={sale.cancel}
          onConfirmed={sale.approved}
        />
      ) : null}
    </section>
  );
}
