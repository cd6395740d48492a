import { LabelsPage } from '@/features/admin-tills/components/labels-page.tsx';

export default function Route() {
  return (
    <>
      <title>Shelf labels · Adire back office</title>
      <LabelsPage />
    </>
  );
}
