import { DrawersPage } from '@/features/admin-tills/components/drawers-page.tsx';

export default function Route() {
  return (
    <>
      <title>Cash drawers · Adire back office</title>
      <DrawersPage />
    </>
  );
}
