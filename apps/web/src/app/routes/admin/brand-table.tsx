import { TaxonomyTablePage } from '@/features/admin-taxonomy/components/taxonomy-table-page.tsx';

export default function Route() {
  return (
    <>
      <title>Brands · Adire back office</title>
      <TaxonomyTablePage key="brand" kind="brand" />
    </>
  );
}
