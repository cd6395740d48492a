import { PurchasesPage } from '@/features/admin-purchases/components/purchases-page.tsx';

export default function Route() {
  return (
    <>
      <title>Purchases · Adire back office</title>
      <PurchasesPage />
    </>
  );
}
