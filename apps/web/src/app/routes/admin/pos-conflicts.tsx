import { ConflictsPage } from '@/features/admin-tills/components/conflicts-page.tsx';

export default function Route() {
  return (
    <>
      <title>Sync conflicts · Adire back office</title>
      <ConflictsPage />
    </>
  );
}
