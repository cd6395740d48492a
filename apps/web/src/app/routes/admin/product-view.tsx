import { useParams } from 'react-router';
import { ProductViewPage } from '@/features/admin-products/components/product-view-page.tsx';

export default function Route() {
  const { id = '' } = useParams();
  return (
    <>
      <title>Product · Adire back office</title>
      <ProductViewPage key={id} id={id} />
    </>
  );
}
