/** The pieces the report pages share: a labelled select, a total with its change, a figure as text. */
import { formatNaira } from '@shop/shared/money';
import { lazy, Suspense } from 'react';
import { Card, Field, inputClass, Spinner } from '@/components/admin/ui.tsx';

// Chart.js comes with this module only, fetched when a report first draws a chart.
const ReportChart = lazy(() => import('./report-chart.tsx'));

export type FigureKind = 'count' | 'money' | 'percent';

export const percent = (n: number | null | undefined) => (n === null || n === undefined ? '—' : `${n.toFixed(2)}%`);

export function cell(value: number | null | undefined, kind: FigureKind): string {
  if (value === null || value === undefined) return '—';
  if (kind === 'money') return formatNaira(value);
  if (kind === 'percent') return percent(value);
  return value.toLocaleString('en-NG');
}

/** A labelled select of a few fixed values. */
export function Choice<T extends string>(props: {
  id: string;
  label: string;
  value: T;
  options: (readonly [T, string])[];
  onChange: (value: T) => void;
}) {
  return (
    <Field label={props.label} htmlFor={props.id}>
      <select id={props.id} className={inputClass} value={props.value} onChange={(e) => props.onChange(e.target.value as T)}>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** One total, with its change against the comparison when there is one ("new" when it was 0 then). */
export function Figure({ label, value, change }: { label: string; value: string; change?: number | null }) {
  return (
    <div className="rounded-lg border border-neutral-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
      {change === undefined ? null : (
        <dd className={`text-sm ${change === null ? 'text-neutral-500' : change < 0 ? 'text-red-700' : 'text-green-700'}`}>
          {change === null ? 'nothing to compare with' : `${change > 0 ? '+' : ''}${change.toFixed(2)}% vs comparison`}
        </dd>
      )}
    </div>
  );
}

/**
 * A report's chart of one figure over its rows (kobo), and a second one beside it when the
 * API sent it (profit, value at cost); nothing without rows. The table beneath holds the figures.
 */
export function ChartCard({
  title,
  labels,
  first,
  second,
  counts,
}: {
  title: string;
  labels: string[];
  first: { label: string; values: number[] };
  second?: { label: string; values: number[] };
  counts?: boolean;
}) {
  if (labels.length === 0) return null;
  return (
    <Card className="mb-6">
      <Suspense fallback={<Spinner label="Loading the chart" />}>
        <ReportChart
          title={title}
          labels={labels}
          counts={counts}
          series={[{ ...first, colour: '#171717' }, ...(second ? [{ ...second, colour: '#16a34a' }] : [])]}
        />
      </Suspense>
    </Card>
  );
}

export interface FigureColumn<K extends string> {
  key: K;
  label: string;
  kind: FigureKind;
}

/**
 * A dated report's rows in a real table (caption, column and row headers) with its Total row:
 * the first column the group's label, then the figures, the CSV's columns in its order.
 */
export function FiguresTable<K extends string, R extends { key: string; label: string } & Partial<Record<K, unknown>>>({
  caption,
  groupLabel,
  columns,
  rows,
  totals,
  emptyText,
}: {
  caption: string;
  groupLabel: string;
  columns: readonly FigureColumn<K>[];
  rows: R[];
  totals: Partial<Record<K, unknown>>;
  emptyText: string;
}) {
  const value = (figures: Partial<Record<K, unknown>>, c: FigureColumn<K>) =>
    cell(figures[c.key] as number | null | undefined, c.kind);
  return (
    <Card className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-semibold">{caption}</caption>
        <thead className="border-b border-neutral-300 text-xs uppercase text-neutral-600">
          <tr>
            <th scope="col" className="py-2 pr-4">
              {groupLabel}
            </th>
            {columns.map((c) => (
              <th key={c.key} scope="col" className="py-2 pr-4 text-right">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length + 1} className="py-2 text-neutral-500">
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key} className="border-b border-neutral-100">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {row.label}
                </th>
                {columns.map((c) => (
                  <td key={c.key} className="py-1 pr-4 text-right tabular-nums">
                    {value(row, c)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
        <tfoot className="font-semibold">
          <tr>
            <th scope="row" className="py-2 pr-4">
              Total
            </th>
            {columns.map((c) => (
              <td key={c.key} className="py-2 pr-4 text-right tabular-nums">
                {value(totals, c)}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </Card>
  );
}
