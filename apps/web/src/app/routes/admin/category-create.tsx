import { TaxonomyCreatePage } from '@/features/admin-taxonomy/components/taxonomy-create-page.tsx';

export default function Route() {
  return (
    <>
      <title>Create Category · Adire back office</title>
      <TaxonomyCreatePage key="category" kind="category" />
    </>
  );
}
