/**
 * The sales report (/reports): a date preset or two Lagos days, a grouping and a comparison;
 * the totals with their change against the comparison, the average order value and units per
 * order; a chart of net sales (and gross profit, for a member who may see it) over the rows;
 * and the rows in a table holding exactly the CSV's columns. The cost, fee and profit figures
 * are shown only when the API sent them (reports.profit): the page never works them out.
 */
import { formatNaira } from '@shop/shared/money';
import { type REPORT_COMPARISONS, SALES_GROUPS, type SalesGroup, type SalesReport, type SalesTotals } from '@shop/shared/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { buttonClass, Card, ErrorNotice, Field, inputClass, PageHeader, Spinner } from '@/components/admin/ui.tsx';
import { downloadReportCsv, salesReportOptions } from '@/lib/api/reports.ts';
import { notify } from '@/lib/notify.tsx';
import { GROUP_LABELS, lagosToday, PRESETS, type PresetId, presetRange } from '../presets.ts';
import { ReportsTabs } from './reports-tabs.tsx';

const ReportChart = lazy(() => import('./report-chart.tsx'));

type Compare = (typeof REPORT_COMPARISONS)[number] | '';
const COMPARE_LABELS: Record<Compare, string> = {
  '': 'No comparison',
  previous_period: 'Previous period',
  previous_year: 'Same period last year',
};

/** The CSV's columns after the group's, in its order, with the table's headings; money in kobo. */
const COLUMNS = [
  { key: 'orders', label: 'Orders', kind: 'count' },
  { key: 'units', label: 'Units', kind: 'count' },
  { key: 'grossSales', label: 'Gross sales', kind: 'money' },
  { key: 'markdowns', label: 'Markdowns', kind: 'money' },
  { key: 'coupons', label: 'Coupons', kind: 'money' },
  { key: 'tillDiscounts', label: 'Till discounts', kind: 'money' },
  { key: 'refunds', label: 'Refunds', kind: 'money' },
  { key: 'netSales', label: 'Net sales', kind: 'money' },
  { key: 'deliveryCharged', label: 'Delivery charged', kind: 'money' },
  { key: 'costOfGoods', label: 'Cost of goods', kind: 'money' },
  { key: 'unitsUnknownCost', label: 'Units, cost unknown', kind: 'count' },
  { key: 'paymentFees', label: 'Payment fees', kind: 'money' },
  { key: 'deliveryCost', label: 'Delivery cost', kind: 'money' },
  { key: 'grossProfit', label: 'Gross profit', kind: 'money' },
  { key: 'marginPercent', label: 'Margin', kind: 'percent' },
] as const;
type Column = (typeof COLUMNS)[number];

const percent = (n: number | null | undefined) => (n === null || n === undefined ? '—' : `${n.toFixed(2)}%`);

function cell(value: number | null | undefined, kind: Column['kind']): string {
  if (value === null || value === undefined) return '—';
  if (kind === 'money') return formatNaira(value);
  if (kind === 'percent') return percent(value);
  return value.toLocaleString('en-NG');
}

export function SalesReportPage() {
  const [preset, setPreset] = useState<PresetId>('last30');
  const [custom, setCustom] = useState(() => presetRange('last30'));
  const [groupBy, setGroupBy] = useState<SalesGroup>('day');
  const [compare, setCompare] = useState<Compare>('');
  const range = preset === 'custom' ? custom : presetRange(preset);
  const query = { ...range, groupBy, ...(compare ? { compare } : {}) };
  const report = useQuery({ ...salesReportOptions(query), placeholderData: keepPreviousData });

  const download = () =>
    downloadReportCsv('sales', query, `sales-${range.from}-${range.to}-by-${groupBy}.csv`).catch((error: Error) =>
      notify.error(error.message, { area: 'admin' }),
    );

  return (
    <div>
      <PageHeader
        title="Reports"
        description="Sales count on the Lagos day the order was placed, once money came in; refunds on the day they were given."
        actions={
          <button type="button" className={buttonClass.secondary} onClick={download}>
            <Download size={16} aria-hidden="true" /> Download CSV
          </button>
        }
      />
      <ReportsTabs />
      <Card className="mb-6">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Choice
            id="report-preset"
            label="Dates"
            value={preset}
            options={PRESETS.map((p) => [p.id, p.label])}
            onChange={(next) => {
              if (next === 'custom') setCustom(range);
              setPreset(next);
            }}
          />
          <Choice
            id="report-group"
            label="Group by"
            value={groupBy}
            options={SALES_GROUPS.map((g) => [g, GROUP_LABELS[g]])}
            onChange={setGroupBy}
          />
          <Choice
            id="report-compare"
            label="Compare with"
            value={compare}
            options={Object.entries(COMPARE_LABELS) as [Compare, string][]}
            onChange={setCompare}
          />
        </div>
        {preset === 'custom' ? (
          <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Field label="From" htmlFor="report-from">
              <input
                id="report-from"
                type="date"
                className={inputClass}
                value={custom.from}
                max={lagosToday()}
                onChange={(e) => e.target.value && setCustom({ ...custom, from: e.target.value })}
              />
            </Field>
            <Field label="To" htmlFor="report-to">
              <input
                id="report-to"
                type="date"
                className={inputClass}
                value={custom.to}
                onChange={(e) => e.target.value && setCustom({ ...custom, to: e.target.value })}
              />
            </Field>
          </div>
        ) : null}
      </Card>
      {report.error ? <ErrorNotice>{report.error.message}</ErrorNotice> : null}
      {report.isPending ? <Spinner /> : report.data ? <SalesFiguresView report={report.data} /> : null}
    </div>
  );
}

/** A labelled select of a few fixed values. */
function Choice<T extends string>(props: {
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

function SalesFiguresView({ report }: { report: SalesReport }) {
  const { totals, comparison } = report;
  const hasProfit = 'grossProfit' in totals;
  const columns = COLUMNS.filter((c) => c.key in totals);
  const groupLabel = GROUP_LABELS[report.groupBy];
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Net sales" value={formatNaira(totals.netSales)} change={comparison?.change.netSales} />
        <Figure label="Gross sales" value={formatNaira(totals.grossSales)} change={comparison?.change.grossSales} />
        <Figure label="Orders" value={totals.orders.toLocaleString('en-NG')} change={comparison?.change.orders} />
        <Figure label="Units" value={totals.units.toLocaleString('en-NG')} change={comparison?.change.units} />
        <Figure
          label="Average order value"
          value={totals.averageOrderValue === null ? '—' : formatNaira(totals.averageOrderValue)}
          change={comparison?.change.averageOrderValue}
        />
        <Figure
          label="Units per order"
          value={totals.unitsPerOrder === null ? '—' : totals.unitsPerOrder.toFixed(2)}
          change={comparison?.change.unitsPerOrder}
        />
        <Figure label="Refunds" value={formatNaira(totals.refunds)} change={comparison?.change.refunds} />
        {hasProfit ? <ProfitFigures totals={totals} change={comparison?.change} /> : null}
      </dl>
      {comparison ? (
        <p className="text-sm text-neutral-600">
          Compared with {comparison.from} to {comparison.to}: net sales then {formatNaira(comparison.totals.netSales)}.
        </p>
      ) : null}
      {report.rows.length > 0 ? (
        <Card>
          <Suspense fallback={<Spinner label="Loading the chart" />}>
            <ReportChart
              title={`Net sales${hasProfit ? ' and gross profit' : ''} by ${groupLabel.toLowerCase()}`}
              labels={report.rows.map((r) => r.label)}
              series={[
                { label: 'Net sales', values: report.rows.map((r) => r.netSales), colour: '#171717' },
                ...(hasProfit
                  ? [{ label: 'Gross profit', values: report.rows.map((r) => r.grossProfit ?? 0), colour: '#16a34a' }]
                  : []),
              ]}
            />
          </Suspense>
        </Card>
      ) : null}
      <Card className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="mb-2 text-left font-semibold">
            Sales by {groupLabel.toLowerCase()}, {report.from} to {report.to}
          </caption>
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
            {report.rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length + 1} className="py-2 text-neutral-500">
                  No sales in these days.
                </td>
              </tr>
            ) : (
              report.rows.map((row) => (
                <tr key={row.key} className="border-b border-neutral-100">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {row.label}
                  </th>
                  {columns.map((c) => (
                    <td key={c.key} className="py-1 pr-4 text-right tabular-nums">
                      {cell(row[c.key], c.kind)}
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
                  {cell(totals[c.key], c.kind)}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </Card>
    </div>
  );
}

function ProfitFigures({ totals, change }: { totals: SalesTotals; change?: Record<string, number | null> }) {
  return (
    <>
      <Figure label="Gross profit" value={cell(totals.grossProfit, 'money')} change={change?.grossProfit} />
      <Figure label="Margin" value={percent(totals.marginPercent)} />
      <Figure label="Cost of goods" value={cell(totals.costOfGoods, 'money')} change={change?.costOfGoods} />
      <Figure label="Payment fees" value={cell(totals.paymentFees, 'money')} change={change?.paymentFees} />
      <Figure label="Delivery cost" value={cell(totals.deliveryCost, 'money')} change={change?.deliveryCost} />
    </>
  );
}

/** One total, with its change against the comparison when there is one ("new" when it was 0 then). */
function Figure({ label, value, change }: { label: string; value: string; change?: number | null }) {
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
