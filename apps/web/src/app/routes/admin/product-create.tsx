import { ProductCreatePage } from '@/features/admin-products/components/product-create-page.tsx';

export default function Route() {
  return (
    <>
      <title>Create Product · Adire back office</title>
      <ProductCreatePage />
    </>
  );
}
