import { SalesReportPage } from '@/features/admin-reports/components/sales-report-page.tsx';

export default function Route() {
  return (
    <>
      <title>Reports · Adire back office</title>
      <SalesReportPage />
    </>
  );
}
