import { useParams } from 'react-router';
import { OrderPage } from '@/features/admin-purchases/components/order-page.tsx';

export default function Route() {
  const { id = '' } = useParams();
  return (
    <>
      <title>Order · Adire back office</title>
      <OrderPage key={id} id={id} />
    </>
  );
}
