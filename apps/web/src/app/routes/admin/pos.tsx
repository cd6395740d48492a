import { PosPage } from '@/features/admin-pos/components/pos-page.tsx';

export default function Route() {
  return (
    <>
      <title>Point of Sale · Adire back office</title>
      <PosPage />
    </>
  );
}
