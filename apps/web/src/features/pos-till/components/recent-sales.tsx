/** The sales kept on this device, newest first, each with where its sync stands. */
import { formatNaira } from '@shop/shared/money';
import { Badge } from '@/components/admin/ui.tsx';
import { time } from '@/lib/dates.ts';
import type { StoredSale } from '../till-db.ts';
import { useTill } from '../till-store.ts';

const STATUS: Record<StoredSale['status'], { label: string; tone: 'amber' | 'green' | 'red' }> = {
  waiting: { label: 'Waiting to sync', tone: 'amber' },
  recorded: { label: 'Synced', tone: 'green' },
  duplicate: { label: 'Synced', tone: 'green' },
  conflict: { label: 'Conflict', tone: 'red' },
};

export function RecentSales() {
  const sales = useTill((s) => s.sales);
  if (sales.length === 0) return null;
  return (
    <section aria-labelledby="recent-sales-title" className="rounded-lg border border-neutral-200 bg-white p-4">
      <h2 id="recent-sales-title" className="text-lg font-semibold">
        Sales on this till
      </h2>
      <ul aria-label="Sales on this till" className="mt-2 divide-y divide-neutral-100">
        {sales.slice(0, 50).map((sale) => (
          <li key={sale.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span className="font-mono">{sale.receiptNumber}</span>
            <span className="text-neutral-600">{time(sale.createdAt)}</span>
            <span>{formatNaira(sale.receipt.total)}</span>
            <Badge tone={STATUS[sale.status].tone}>{STATUS[sale.status].label}</Badge>
            {sale.status === 'conflict' && sale.message ? (
              <span className="w-full text-xs text-red-700">{sale.message}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
