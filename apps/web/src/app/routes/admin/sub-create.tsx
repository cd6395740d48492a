import { TaxonomyCreatePage } from '@/features/admin-taxonomy/components/taxonomy-create-page.tsx';

export default function Route() {
  return (
    <>
      <title>Create Sub-Category · Adire back office</title>
      <TaxonomyCreatePage key="sub" kind="sub" />
    </>
  );
}
