import { PageHead } from '@/components/seo.tsx';
import { MyOrders } from '@/features/account/components/my-orders.tsx';

export default function OrdersPage() {
  return (
    <>
      <PageHead title="My orders — Adire" noindex />
      <MyOrders />
    </>
  );
}
