import { ProductTablePage } from '@/features/admin-products/components/product-table-page.tsx';

export default function Route() {
  return (
    <>
      <title>Products · Adire back office</title>
      <ProductTablePage />
    </>
  );
}
