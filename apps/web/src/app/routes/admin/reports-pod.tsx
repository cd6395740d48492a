import { PodReportPage } from '@/features/admin-reports/components/pod-report-page.tsx';

export default function Route() {
  return (
    <>
      <title>Pay on delivery report · Adire back office</title>
      <PodReportPage />
    </>
  );
}
