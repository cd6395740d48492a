import { TaxonomyCreatePage } from '@/features/admin-taxonomy/components/taxonomy-create-page.tsx';

export default function Route() {
  return (
    <>
      <title>Create Brand · Adire back office</title>
      <TaxonomyCreatePage key="brand" kind="brand" />
    </>
  );
}
