import { TaxonomyTablePage } from '@/features/admin-taxonomy/components/taxonomy-table-page.tsx';

export default function Route() {
  return (
    <>
      <title>Sub Sub-Categories · Adire back office</title>
      <TaxonomyTablePage key="subsub" kind="subsub" />
    </>
  );
}
