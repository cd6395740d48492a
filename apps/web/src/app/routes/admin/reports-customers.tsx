import { CustomersReportPage } from '@/features/admin-reports/components/customers-report-page.tsx';

export default function Route() {
  return (
    <>
      <title>Customers report · Adire back office</title>
      <CustomersReportPage />
    </>
  );
}
