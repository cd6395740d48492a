import { DeliveryPage } from '@/features/admin-delivery/components/delivery-page.tsx';

export default function Route() {
  return (
    <>
      <title>Delivery · Adire back office</title>
      <DeliveryPage />
    </>
  );
}
