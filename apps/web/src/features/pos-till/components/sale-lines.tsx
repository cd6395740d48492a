/**
 * The sale's lines: quantity, and, where the cashier's role allows (a policy of 'deny' hides
 * it), a discount per unit or a new price, in naira. What needs a manager's approval is asked
 * when the sale is completed (tender-panel.tsx).
 */
import { formatNaira } from '@shop/shared/money';
import type { TillStaff } from '@shop/shared/pos-till';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonClass, inputClass } from '@/components/admin/ui.tsx';
import { type CartLine, cartTotals, lineTotal, parseNaira } from '../cart.ts';
import { lineControls } from '../policy.ts';
import { useTill } from '../till-store.ts';

const stepClass =
  'inline-flex h-11 w-11 items-center justify-center rounded-md border border-neutral-300 bg-white hover:bg-neutral-50';

function PriceEditor({ line, controls }: { line: CartLine; controls: ReturnType<typeof lineControls> }) {
  const id = useId();
  const [discount, setDiscount] = useState(line.discount ? String(line.discount / 100) : '');
  const [price, setPrice] = useState(line.unitPrice !== undefined ? String(line.unitPrice / 100) : '');
  const [error, setError] = useState<string | null>(null);

  const apply = () => {
    const d = discount.trim() ? parseNaira(discount) : 0;
    const p = price.trim() ? parseNaira(price) : undefined;
    if (Number.isNaN(d) || (p !== undefined && Number.isNaN(p))) {
      setError('Enter naira, e.g. 1500 or 1500.50');
      return;
    }
    setError(null);
    useTill.getState().updateLine(line.variantId, { discount: d || undefined, unitPrice: p });
  };

  return (
    <details className="mt-2 text-sm">
      <summary className="flex min-h-11 cursor-pointer items-center text-neutral-700">Change price</summary>
      <div className="mt-2 grid grid-cols-2 gap-2">
        {controls.discount ? (
          <label htmlFor={`${id}-d`} className="block">
            <span className="text-xs text-neutral-700">Discount per unit (₦)</span>
            <input
              id={`${id}-d`}
              inputMode="decimal"
              value={discount}
              onChange={(e) => setDiscount(e.target.value)}
              className={`${inputClass} min-h-11`}
            />
          </label>
        ) : null}
        {controls.priceOverride ? (
          <label htmlFor={`${id}-p`} className="block">
            <span className="text-xs text-neutral-700">New price per unit (₦)</span>
            <input
              id={`${id}-p`}
              inputMode="decimal"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              className={`${inputClass} min-h-11`}
            />
          </label>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="mt-1 text-red-700">
          {error}
        </p>
      ) : null}
      <button type="button" onClick={apply} className={`${buttonClass.secondary} mt-2 min-h-11`}>
        Apply
      </button>
    </details>
  );
}

export function SaleLines({ cashier }: { cashier: TillStaff }) {
  const lines = useTill((s) => s.lines);
  const controls = lineControls(cashier.role);
  const canChangePrice = controls.discount || controls.priceOverride;
  const totals = cartTotals(lines);

  return (
    <section aria-labelledby="sale-title" className="rounded-lg border border-neutral-200 bg-white p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="sale-title" className="text-lg font-semibold">
          Sale
        </h2>
        <button
          type="button"
          disabled={lines.length === 0}
          onClick={() => void useTill.getState().park()}
          className={`${buttonClass.secondary} min-h-11`}
        >
          Park sale
        </button>
      </div>
      {lines.length === 0 ? (
        <p className="mt-3 text-sm text-neutral-600">Search or scan to add items.</p>
      ) : (
        <ul aria-label="Sale lines" className="mt-3 divide-y divide-neutral-100">
          {lines.map((line) => (
            <li key={line.variantId} className="py-3">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="text-sm font-medium break-words">{line.title}</p>
                  <p className="text-xs text-neutral-600">
                    {formatNaira(line.unitPrice ?? line.listPrice)}
                    {line.discount ? ` − ${formatNaira(line.discount)}` : ''} each
                  </p>
                </div>
                <p className="text-sm font-medium whitespace-nowrap">{formatNaira(lineTotal(line))}</p>
              </div>
              <div className="mt-2 flex items-center gap-2">
                <button
                  type="button"
                  aria-label={`One fewer ${line.title}`}
                  disabled={line.quantity <= 1}
                  onClick={() => useTill.getState().updateLine(line.variantId, { quantity: line.quantity - 1 })}
                  className={stepClass}
                >
                  <Minus size={16} aria-hidden="true" />
                </button>
                <output aria-label={`Quantity of ${line.title}`} className="w-8 text-center text-sm">
                  {line.quantity}
                </output>
                <button
                  type="button"
                  aria-label={`One more ${line.title}`}
                  onClick={() => useTill.getState().updateLine(line.variantId, { quantity: line.quantity + 1 })}
                  className={stepClass}
                >
                  <Plus size={16} aria-hidden="true" />
                </button>
                <button
                  type="button"
                  aria-label={`Remove ${line.title}`}
                  onClick={() => useTill.getState().removeLine(line.variantId)}
                  className={`${stepClass} ml-auto text-red-700`}
                >
                  <Trash2 size={16} aria-hidden="true" />
                </button>
              </div>
              {canChangePrice ? <PriceEditor line={line} controls={controls} /> : null}
            </li>
          ))}
        </ul>
      )}
      <dl className="mt-3 space-y-1 border-t border-neutral-200 pt-3 text-sm">
        {totals.tillAdjustment !== 0 ? (
          <div className="flex justify-between">
            <dt>Till discount</dt>
            <dd>{formatNaira(-totals.tillAdjustment)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between text-base font-semibold">
          <dt>Total</dt>
          <dd data-testid="sale-total">{formatNaira(totals.total)}</dd>
        </div>
      </dl>
    </section>
  );
}
