/**
 * The pay-on-delivery report (/reports/pod): per state, the orders sent, paid, refused at the
 * door and cancelled as not confirmed in time, the failure rate, and the money still to
 * collect, so a shop can decide where to keep offering it. The figures are the API's (the
 * failure rate too); the page lays them out.
 */
import type { PodFigures } from '@shop/shared/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ErrorNotice, Spinner } from '@/components/admin/ui.tsx';
import { podReportOptions } from '@/lib/api/reports.ts';
import { ChartCard, cell, Figure, type FigureColumn, FiguresTable } from './report-parts.tsx';
import { RangeControls, useReportRange } from './report-range.tsx';
import { ReportHeader } from './reports-tabs.tsx';

/** The CSV's columns after the state, in its order. */
const COLUMNS: FigureColumn<keyof PodFigures>[] = [
  { key: 'sent', label: 'Sent', kind: 'count' },
  { key: 'paid', label: 'Paid', kind: 'count' },
  { key: 'refused', label: 'Refused at delivery', kind: 'count' },
  { key: 'unconfirmed', label: 'Not confirmed in time', kind: 'count' },
  { key: 'failureRate', label: 'Failure rate', kind: 'percent' },
  { key: 'toCollectOrders', label: 'Orders to collect', kind: 'count' },
  { key: 'toCollect', label: 'To collect', kind: 'money' },
];

export function PodReportPage() {
  const { range, query, controls } = useReportRange();
  const report = useQuery({ ...podReportOptions(query), placeholderData: keepPreviousData });
  const data = report.data;
  const change = data?.comparison?.change;
  return (
    <div>
      <ReportHeader
        description="Pay-on-delivery orders placed in these days, by the state they go to."
        csv={{ report: 'pod', query, fileName: `pay-on-delivery-${range.from}-${range.to}.csv` }}
      />
      <RangeControls controls={controls} />
      {report.error ? <ErrorNotice>{report.error.message}</ErrorNotice> : null}
      {report.isPending ? <Spinner /> : null}
      {data ? (
        <div className="space-y-6">
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Figure label="Orders sent" value={cell(data.totals.sent, 'count')} change={change?.sent} />
            <Figure label="Paid" value={cell(data.totals.paid, 'count')} change={change?.paid} />
            <Figure label="Failure rate" value={cell(data.totals.failureRate, 'percent')} change={change?.failureRate} />
            <Figure label="Still to collect" value={cell(data.totals.toCollect, 'money')} change={change?.toCollect} />
          </dl>
          <ChartCard
            title="Pay-on-delivery orders sent and refused at delivery, by state"
            labels={data.rows.map((r) => r.label)}
            first={{ label: 'Sent', values: data.rows.map((r) => r.sent) }}
            second={{ label: 'Refused at delivery', values: data.rows.map((r) => r.refused) }}
            counts
          />
          <FiguresTable
            caption={`Pay on delivery by state, ${data.from} to ${data.to}`}
            groupLabel="State"
            columns={COLUMNS}
            rows={data.rows}
            totals={data.totals}
            emptyText="No pay-on-delivery orders in these days."
          />
        </div>
      ) : null}
    </div>
  );
}
