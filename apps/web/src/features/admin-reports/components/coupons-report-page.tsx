/**
 * The coupons report (/reports/coupons): the sales that used a coupon, a row per code, with
 * the sales report's figures (the Coupons column is the discount each code gave) and, for a
 * member with reports.profit, the gross profit left after it.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ErrorNotice, Spinner } from '@/components/admin/ui.tsx';
import { couponsReportOptions } from '@/lib/api/reports.ts';
import { RangeControls, useReportRange } from './report-range.tsx';
import { ReportHeader } from './reports-tabs.tsx';
import { SalesFiguresView } from './sales-report-page.tsx';

export function CouponsReportPage() {
  const { range, query, controls } = useReportRange();
  const report = useQuery({ ...couponsReportOptions(query), placeholderData: keepPreviousData });
  return (
    <div>
      <ReportHeader
        description="Sales that used a coupon, by code: the Coupons column is the discount the code gave."
        csv={{ report: 'coupons', query, fileName: `coupons-${range.from}-${range.to}.csv` }}
      />
      <RangeControls controls={controls} />
      {report.error ? <ErrorNotice>{report.error.message}</ErrorNotice> : null}
      {report.isPending ? <Spinner /> : null}
      {report.data ? (
        <SalesFiguresView report={report.data} groupLabel="Coupon" emptyText="No sale used a coupon in these days." />
      ) : null}
    </div>
  );
}
