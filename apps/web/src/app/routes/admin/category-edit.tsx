import { useParams } from 'react-router';
import { TaxonomyEditPage } from '@/features/admin-taxonomy/components/taxonomy-edit-page.tsx';

export default function Route() {
  const { id = '' } = useParams();
  return (
    <>
      <title>Edit Category · Adire back office</title>
      <TaxonomyEditPage key={id} kind="category" id={id} />
    </>
  );
}
