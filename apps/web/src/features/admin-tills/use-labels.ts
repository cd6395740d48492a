/**
 * The labels page's state, from its URL (/labels?products=<ids>&variants=<ids>&sheet=21|65|single&copies=N)
 * so a link from a product's page opens it ready: the products' details, the labels and the sheets.
 */
import { useQueries } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { productOptions } from '@/lib/api/products.ts';
import { isSheetName, paginate, SHEETS, type SheetName, shelfLabels } from './labels.ts';

const ids = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

export function useLabels() {
  const [params, setParams] = useSearchParams();
  const productIds = ids(params.get('products'));
  const variantIds = ids(params.get('variants'));
  const sheetParam = params.get('sheet');
  const sheetName: SheetName = isSheetName(sheetParam) ? sheetParam : '21';
  const copies = Math.min(Math.max(Number.parseInt(params.get('copies') ?? '1', 10) || 1, 1), 100);
  const products = useQueries({ queries: productIds.map((id) => productOptions(id)) });
  const loaded = products.flatMap((p) => (p.data ? [p.data] : []));
  const labels = shelfLabels(loaded, { copies, variantIds: variantIds.length > 0 ? new Set(variantIds) : undefined });
  const sheet = SHEETS[sheetName];

  const set = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );

  return {
    productIds,
    loading: products.some((p) => p.isPending),
    error: products.find((p) => p.error)?.error?.message,
    labels,
    pages: paginate(labels, sheet.perPage),
    sheet,
    sheetName,
    copies,
    setSheet: (name: SheetName) => set('sheet', name),
    setCopies: (n: number) => set('copies', String(n)),
  };
}
