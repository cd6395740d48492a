import { CouponsReportPage } from '@/features/admin-reports/components/coupons-report-page.tsx';

export default function Route() {
  return (
    <>
      <title>Coupons report · Adire back office</title>
      <CouponsReportPage />
    </>
  );
}
