/**
 * A select of categories, brands, sub- or sub-sub-categories, loaded from the server.
 * `only` narrows the options (say, to the chosen category's sub-categories); the current
 * value always stays listed, so narrowing never drops a choice already made.
 */
import type { TaxonomyItem } from '@shop/shared/catalog';
import type { ComponentProps } from 'react';
import { inputClass } from '@/components/admin/ui.tsx';
import { type TaxonomyKind, taxonomyListOptions } from '@/lib/api/taxonomy.ts';
import { useQuery } from '@tanstack/react-query';

type TaxonomySelectProps = {
  kind: TaxonomyKind;
  placeholder: string;
  only?: (item: TaxonomyItem) => boolean;
} & ComponentProps<'select'>;

export function TaxonomySelect({ kind, placeholder, only, className = inputClass, ...props }: TaxonomySelectProps) {
  const list = useQuery(taxonomyListOptions(kind));
  const options = only ? list.data?.filter((item) => only(item) || item.id === props.value) : list.data;
  return (
    <select className={className} {...props}>
      <option value="">{list.isPending ? 'Loading...' : placeholder}</option>
      {options?.map((item) => (
        <option key={item.id} value={item.id}>
          {item.name}
        </option>
      ))}
    </select>
  );
}

/** Children of the chosen parent, and those with no parent; everything when no parent is chosen. */
export const childrenOf =
  (field: 'categoryId' | 'subId', parentId: string) =>
  (item: TaxonomyItem): boolean =>
    !parentId || !item[field] || item[field] === parentId;
