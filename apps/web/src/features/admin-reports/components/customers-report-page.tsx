/**
 * The customers report (/reports/customers): customers with a sale in the period (accounts
 * and recorded till customers; walk-ins are not counted), new ones (their first sale ever in
 * the period) and returning ones with each group's net sales, the repeat-purchase rate, and
 * the top customers by net sales. Names come only for a member with customers.read (the API
 * writes "Account 1a2b3c4d" otherwise).
 */
import type { TopCustomer } from '@shop/shared/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Column, DataTable } from '@/components/admin/data-table.tsx';
import { Badge, ErrorNotice, Spinner } from '@/components/admin/ui.tsx';
import { customersReportOptions } from '@/lib/api/reports.ts';
import { ChartCard, cell, Figure } from './report-parts.tsx';
import { RangeControls, useReportRange } from './report-range.tsx';
import { ReportHeader } from './reports-tabs.tsx';

const TOP_COLUMNS: Column<TopCustomer>[] = [
  { key: 'label', header: 'Customer', cell: (c) => c.label },
  { key: 'kind', header: 'Kind', cell: (c) => (c.kind === 'account' ? 'Account' : 'Till customer') },
  { key: 'orders', header: 'Orders', cell: (c) => cell(c.orders, 'count'), className: 'text-right tabular-nums' },
  { key: 'netSales', header: 'Net sales', cell: (c) => cell(c.netSales, 'money'), className: 'text-right tabular-nums' },
  { key: 'isNew', header: 'New', cell: (c) => (c.isNew ? <Badge tone="green">New</Badge> : null) },
];

export function CustomersReportPage() {
  const { range, query, controls } = useReportRange();
  const report = useQuery({ ...customersReportOptions(query), placeholderData: keepPreviousData });
  const data = report.data;
  const change = data?.comparison?.change;
  return (
    <div>
      <ReportHeader
        description="Customers with an account or recorded at the till; walk-ins are not counted. New means a first sale ever in these days."
        csv={{ report: 'customers', query, fileName: `customers-${range.from}-${range.to}.csv` }}
      />
      <RangeControls controls={controls} />
      {report.error ? <ErrorNotice>{report.error.message}</ErrorNotice> : null}
      {report.isPending ? <Spinner /> : null}
      {data ? (
        <div className="space-y-6">
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Figure label="Customers" value={cell(data.totals.customers, 'count')} change={change?.customers} />
            <Figure label="New customers" value={cell(data.totals.newCustomers, 'count')} change={change?.newCustomers} />
            <Figure
              label="Returning customers"
              value={cell(data.totals.returningCustomers, 'count')}
              change={change?.returningCustomers}
            />
            <Figure
              label="New customers’ net sales"
              value={cell(data.totals.newNetSales, 'money')}
              change={change?.newNetSales}
            />
            <Figure
              label="Returning customers’ net sales"
              value={cell(data.totals.returningNetSales, 'money')}
              change={change?.returningNetSales}
            />
            <Figure label="Repeat-purchase rate" value={cell(data.totals.repeatRate, 'percent')} change={change?.repeatRate} />
          </dl>
          <ChartCard
            title="Net sales of the top customers"
            labels={data.top.map((c) => c.label)}
            first={{ label: 'Net sales', values: data.top.map((c) => c.netSales) }}
          />
          <DataTable
            caption={`Top customers by net sales, ${data.from} to ${data.to}`}
            columns={TOP_COLUMNS}
            rows={data.top}
            rowKey={(c) => c.key}
            emptyText="No customer bought in these days."
          />
        </div>
      ) : null}
    </div>
  );
}
