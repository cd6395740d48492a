/**
 * The overview's comparisons (issue 30): today against the same weekday last week, and the
 * last 30 days against the 30 before, by the sales report's definitions (the API sends the
 * report's totals, in kobo). Gross profit and margin are shown only when the API sent them
 * (reports.profit). Each change is said in words, up or down, not by its colour alone.
 */
import type { AdminStats, DashboardComparison, DashboardFigures } from '@shop/shared/admin';
import { shopDateFormat } from '@shop/shared/dates';
import { formatNaira } from '@shop/shared/money';
import { Card } from '@/components/admin/ui.tsx';

const weekday = shopDateFormat({ weekday: 'long' });

type Shown = 'netSales' | 'orders' | 'averageOrderValue' | 'grossProfit' | 'marginPercent';

const ROWS: { key: Shown; label: string; show: (n: number) => string }[] = [
  { key: 'netSales', label: 'Net sales', show: formatNaira },
  { key: 'orders', label: 'Orders', show: (n) => n.toLocaleString('en-NG') },
  { key: 'averageOrderValue', label: 'Average order value', show: formatNaira },
  { key: 'grossProfit', label: 'Gross profit', show: formatNaira },
  { key: 'marginPercent', label: 'Margin', show: (n) => `${n.toFixed(2)}%` },
];

/** "Up 12.50%", "Down 3.00%", "No change"; a margin's change in points rather than in %. */
function changeText(key: Shown, current: number | null, previous: number | null, change: number | null | undefined) {
  if (key === 'marginPercent') {
    if (current === null || previous === null) return null;
    const points = Math.round((current - previous) * 100) / 100;
    if (points === 0) return { direction: 0, text: 'No change' };
    return { direction: Math.sign(points), text: `${points > 0 ? 'Up' : 'Down'} ${Math.abs(points).toFixed(2)} points` };
  }
  if (change === null || change === undefined) return null;
  if (change === 0) return { direction: 0, text: 'No change' };
  return { direction: Math.sign(change), text: `${change > 0 ? 'Up' : 'Down'} ${Math.abs(change).toFixed(2)}%` };
}

function ComparisonCard({ title, compared }: { title: string; compared: DashboardComparison }) {
  const { current, previous, change } = compared;
  // Profit's rows only when the API sent them: without reports.profit the keys are absent.
  const rows = ROWS.filter((row) => row.key in current);
  const value = (figures: DashboardFigures, row: (typeof ROWS)[number]) => {
    const n = figures[row.key];
    return n === null || n === undefined ? '—' : row.show(n);
  };
  return (
    <Card>
      <h2 className="text-sm font-medium text-neutral-600">{title}</h2>
      <dl className="mt-3 grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        {rows.map((row) => {
          const moved = changeText(row.key, current[row.key] ?? null, previous[row.key] ?? null, change[row.key]);
          const tone =
            !moved || moved.direction === 0 ? 'text-neutral-600' : moved.direction > 0 ? 'text-green-700' : 'text-red-700';
          return (
            <div key={row.key}>
              <dt className="text-neutral-600">{row.label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{value(current, row)}</dd>
              <dd className={`text-xs ${tone}`}>
                {moved ? (
                  <>
                    <span aria-hidden="true">{moved.direction > 0 ? '▲ ' : moved.direction < 0 ? '▼ ' : ''}</span>
                    {moved.text}
                  </>
                ) : (
                  'Nothing to compare with'
                )}
                <span className="text-neutral-500"> (was {value(previous, row)})</span>
              </dd>
            </div>
          );
        })}
      </dl>
    </Card>
  );
}

export function SalesComparisons({ comparisons }: { comparisons: AdminStats['comparisons'] }) {
  return (
    <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
      <ComparisonCard title={`Today vs last ${weekday(comparisons.today.previous.from)}`} compared={comparisons.today} />
      <ComparisonCard title="Last 30 days vs previous 30" compared={comparisons.last30Days} />
    </div>
  );
}
