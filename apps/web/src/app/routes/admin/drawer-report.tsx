import { ZReportPage } from '@/features/admin-tills/components/z-report-page.tsx';

export default function Route() {
  return (
    <>
      <title>Z-report · Adire back office</title>
      <ZReportPage />
    </>
  );
}
