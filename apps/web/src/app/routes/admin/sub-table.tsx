import { TaxonomyTablePage } from '@/features/admin-taxonomy/components/taxonomy-table-page.tsx';

export default function Route() {
  return (
    <>
      <title>Sub-Categories · Adire back office</title>
      <TaxonomyTablePage key="sub" kind="sub" />
    </>
  );
}
