import { TaxonomyTablePage } from '@/features/admin-taxonomy/components/taxonomy-table-page.tsx';

export default function Route() {
  return (
    <>
      <title>Categories · Adire back office</title>
      <TaxonomyTablePage key="category" kind="category" />
    </>
  );
}
