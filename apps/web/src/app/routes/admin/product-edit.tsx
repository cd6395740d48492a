import { useParams } from 'react-router';
import { ProductEditPage } from '@/features/admin-products/components/product-edit-page.tsx';

export default function Route() {
  const { id = '' } = useParams();
  return (
    <>
      <title>Edit Product · Adire back office</title>
      <ProductEditPage key={id} id={id} />
    </>
  );
}
