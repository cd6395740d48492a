/**
 * An exchange at the till (issue 29): the items the customer takes instead of those brought
 * back (another size or colour), found in the till's catalogue by name, SKU or a scanned
 * barcode; the returned goods pay for them first, and the screen says what is left to pay or
 * to give back.
 */
import { formatNaira } from '@shop/shared/money';
import { useId, useMemo, useState } from 'react';
import { buttonClass, inputClass } from '@/components/admin/ui.tsx';
import { findByCode, searchVariants, variantTitle } from '../catalogue.ts';
import { useTill } from '../till-store.ts';

export interface ExchangeLine {
  variantId: string;
  quantity: number;
}

export function ExchangePicker({ lines, onChange }: { lines: ExchangeLine[]; onChange(lines: ExchangeLine[]): void }) {
  const id = useId();
  const index = useTill((s) => s.index);
  const [query, setQuery] = useState('');
  const results = useMemo(() => searchVariants(index, query, 5), [index, query]);
  const titleOf = (variantId: string) => {
    const variant = index.variants.find((v) => v.id === variantId);
    return variant ? variantTitle(index.products.get(variant.productId), variant) : 'Unknown item';
  };
  const add = (variantId: string) => {
    const found = lines.find((l) => l.variantId === variantId);
    onChange(
      found ? lines.map((l) => (l === found ? { ...l, quantity: l.quantity + 1 } : l)) : [...lines, { variantId, quantity: 1 }],
    );
    setQuery('');
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2 border-t border-neutral-200 pt-3">
      <h3 id={`${id}-title`} className="text-sm font-medium">
        Exchange for
      </h3>
      <input
        aria-label="Exchange for: name, SKU or scan"
        type="search"
        autoComplete="off"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          // A scanner types the code and presses Enter: that item at once (not the form's submit).
          if (e.key !== 'Enter') return;
          e.preventDefault();
          const variant = findByCode(index, query.trim()) ?? (results.length === 1 ? results[0] : undefined);
          if (variant) add(variant.id);
        }}
        className={`${inputClass} min-h-11`}
      />
      {query.trim() && results.length > 0 ? (
        <ul aria-label="Items to exchange for" className="divide-y divide-neutral-100 text-sm">
          {results.map((v) => (
            <li key={v.id}>
              <button type="button" onClick={() => add(v.id)} className="flex min-h-11 w-full justify-between gap-2 text-left">
                <span>
                  {titleOf(v.id)} · {v.sku}
                </span>
                <span>{formatNaira(v.salePrice)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {lines.length > 0 ? (
        <ul aria-label="Exchanged for" className="divide-y divide-neutral-100 text-sm">
          {lines.map((l) => (
            <li key={l.variantId} className="flex min-h-11 items-center justify-between gap-2">
              <span>
                {l.quantity} × {titleOf(l.variantId)}
              </span>
              <button
                type="button"
                onClick={() => onChange(lines.filter((x) => x !== l))}
                className={`${buttonClass.secondary} min-h-11`}
              >
                Remove<span className="sr-only"> {titleOf(l.variantId)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
