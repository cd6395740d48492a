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
import { useState } from 'react';
import { Card, ErrorNotice, Field, inputClass, Spinner } from '@/components/admin/ui.tsx';
import { salesReportOptions } from '@/lib/api/reports.ts';
import { GROUP_LABELS, lagosToday, PRESETS, type PresetId, presetRange } from '../presets.ts';
import { ChartCard, Choice, cell, Figure, percent } from './report-parts.tsx';
import { ReportHeader } from './reports-tabs.tsx';

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

export function SalesReportPage() {
  const [preset, setPreset] = useState<PresetId>('last30');
  const [custom, setCustom] = useState(() => presetRange('last30'));
  const [groupBy, setGroupBy] = useState<SalesGroup>('day');
  const [compare, setCompare] = useState<Compare>('');
  const range = preset === 'custom' ? custom : presetRange(preset);
  const query = { ...range, groupBy, ...(compare ? { compare } : {}) };
  const report = useQuery({ ...salesReportOptions(query), placeholderData: keepPreviousData });

  return (
    <div>
      <ReportHeader
        description="Sales count on the Lagos day the order was placed, once money came in; refunds on the day they were given."
        csv={{ report: 'sales', query, fileName: `sales-${range.from}-${range.to}-by-${groupBy}.csv` }}
      />
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
      <ChartCard
        title={`Net sales${hasProfit ? ' and gross profit' : ''} by ${groupLabel.toLowerCase()}`}
        labels={report.rows.map((r) => r.label)}
        first={{ label: 'Net sales', values: report.rows.map((r) => r.netSales) }}
        second={hasProfit ? { label: 'Gross profit', values: report.rows.map((r) => r.grossProfit ?? 0) } : undefined}
      />
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
