import { StockReportPage } from '@/features/admin-reports/components/stock-report-page.tsx';

export default function Route() {
  return (
    <>
      <title>Stock report · Adire back office</title>
      <StockReportPage />
    </>
  );
}
