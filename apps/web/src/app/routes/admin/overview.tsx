import { OverviewPage } from '@/features/admin-overview/components/overview-page.tsx';

export default function Route() {
  return (
    <>
      <title>Overview · Adire back office</title>
      <OverviewPage />
    </>
  );
}
