/**
 * The sales report (/reports): a date preset or two Lagos days, a grouping and a comparison;
 * the totals with their change against the comparison, the average order value and units per
 * order; a chart of net sales (and gross profit, for a member who may see it) over the rows;
 * and the rows in a table holding exactly the CSV's columns. The cost, fee and profit figures
 * are shown only when the API sent them (reports.profit): the page never works them out.
 */
import { formatNaira } from '@shop/shared/money';
import { SALES_GROUPS, type SalesGroup, type SalesReport, type SalesTotals } from '@shop/shared/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorNotice, Spinner } from '@/components/admin/ui.tsx';
import { salesReportOptions } from '@/lib/api/reports.ts';
import { GROUP_LABELS } from '../presets.ts';
import { ChartCard, Choice, cell, Figure, FiguresTable, percent } from './report-parts.tsx';
import { RangeControls, useReportRange } from './report-range.tsx';
import { ReportHeader } from './reports-tabs.tsx';

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
  const { range, query: dates, controls } = useReportRange();
  const [groupBy, setGroupBy] = useState<SalesGroup>('day');
  const query = { ...dates, groupBy };
  const report = useQuery({ ...salesReportOptions(query), placeholderData: keepPreviousData });

  return (
    <div>
      <ReportHeader
        description="Sales count on the Lagos day the order was placed, once money came in; refunds on the day they were given."
        csv={{ report: 'sales', query, fileName: `sales-${range.from}-${range.to}-by-${groupBy}.csv` }}
      />
      <RangeControls controls={controls}>
        <Choice
          id="report-group"
          label="Group by"
          value={groupBy}
          options={SALES_GROUPS.map((g) => [g, GROUP_LABELS[g]])}
          onChange={setGroupBy}
        />
      </RangeControls>
      {report.error ? <ErrorNotice>{report.error.message}</ErrorNotice> : null}
      {report.isPending ? (
        <Spinner />
      ) : report.data ? (
        <SalesFiguresView report={report.data} groupLabel={GROUP_LABELS[report.data.groupBy]} />
      ) : null}
    </div>
  );
}

/** The sales figures of a report grouped by `groupLabel` (the coupons report is one, by code). */
export function SalesFiguresView({
  report,
  groupLabel,
  emptyText = 'No sales in these days.',
}: {
  report: Omit<SalesReport, 'groupBy'>;
  groupLabel: string;
  emptyText?: string;
}) {
  const { totals, comparison } = report;
  const hasProfit = 'grossProfit' in totals;
  const columns = COLUMNS.filter((c) => c.key in totals);
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
      <FiguresTable
        caption={`Sales by ${groupLabel.toLowerCase()}, ${report.from} to ${report.to}`}
        groupLabel={groupLabel}
        columns={columns}
        rows={report.rows}
        totals={totals}
        emptyText={emptyText}
      />
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
