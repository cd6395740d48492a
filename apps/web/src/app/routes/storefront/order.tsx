import { useParams } from 'react-router';
import { PageHead } from '@/components/seo.tsx';
import { OrderDetails } from '@/features/account/components/order-details.tsx';

/** /orders/:id: one of the shopper's orders, where a transfer or pay-on-delivery checkout lands. */
export default function OrderPage() {
  return (
    <>
      <PageHead noindex />
      <OrderDetails id={useParams().id ?? ''} />
    </>
  );
}
