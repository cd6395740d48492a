import { MyOrders } from '@/features/account/components/my-orders.tsx';

export default function OrdersPage() {
  return (
    <>
      <title>My orders — Adire</title>
      <MyOrders />
    </>
  );
}
