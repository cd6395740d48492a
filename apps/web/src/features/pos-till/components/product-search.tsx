/**
 * Finds what to sell on the device: by name, SKU or barcode as typed, and a scanner's code
 * (a keyboard-wedge scanner, or the camera: search-box.tsx) adds its variant at once,
 * matching the barcode first, then the SKU.
 */
import { formatNaira } from '@shop/shared/money';
import { useContext, useId, useMemo, useState } from 'react';
import { findByCode, searchVariants, variantTitle } from '../catalogue.ts';
import { useTill } from '../till-store.ts';
import { SearchBox } from './search-box.tsx';

export function ProductSearch() {
  const id = useId();
  const index = useTill((s) => s.index);
  const Box = useContext(SearchBox);
  const [query, setQuery] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const paused = (productId: string) => index.products.get(productId)?.paused === true;
  const results = useMemo(() => searchVariants(index, query), [index, query]);

  const scan = (code: string) => {
    const variant = findByCode(index, code);
    if (!variant) {
      setProblem(`Nothing on this till has the code ${code}`);
      return;
    }
    if (paused(variant.productId)) {
      setProblem(`${variantTitle(index.products.get(variant.productId), variant)} is paused: it is not sold`);
      return;
    }
    useTill.getState().add(variant);
    setProblem(null);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-neutral-200 bg-white p-4">
      <h2 id={`${id}-title`} className="sr-only">
        Products
      </h2>
      <Box
        value={query}
        onChange={(value) => {
          setQuery(value);
          setProblem(null);
        }}
        onScan={scan}
      />
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      {results.length > 0 ? (
        <ul aria-label="Product results" className="mt-3 divide-y divide-neutral-100">
          {results.map((variant) => {
            const product = index.products.get(variant.productId);
            const title = variantTitle(product, variant);
            return (
              <li key={variant.id}>
                <button
                  type="button"
                  disabled={paused(variant.productId)}
                  onClick={() => useTill.getState().add(variant)}
                  className="flex min-h-11 w-full items-center gap-3 py-2 text-left hover:bg-neutral-50 disabled:opacity-50"
                >
                  {product?.image ? (
                    <img src={product.image} alt="" width={40} height={40} className="h-10 w-10 shrink-0 rounded object-cover" />
                  ) : null}
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">{title}</span>
                    <span className="block text-xs text-neutral-600">
                      {variant.sku} · {paused(variant.productId) ? 'paused' : `${variant.stock} in stock`}
                    </span>
                  </span>
                  <span className="text-sm font-medium">{formatNaira(variant.salePrice)}</span>
                  <span className="sr-only">Add {title}</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : query.trim() ? (
        <p className="mt-3 text-sm text-neutral-600">No product matches “{query.trim()}”.</p>
      ) : null}
    </section>
  );
}
