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
}: {
  title: string;
  labels: string[];
  first: { label: string; values: number[] };
  second?: { label: string; values: number[] };
}) {
  if (labels.length === 0) return null;
  return (
    <Card className="mb-6">
      <Suspense fallback={<Spinner label="Loading the chart" />}>
        <ReportChart
          title={title}
          labels={labels}
          series={[{ ...first, colour: '#171717' }, ...(second ? [{ ...second, colour: '#16a34a' }] : [])]}
        />
      </Suspense>
    </Card>
  );
}
