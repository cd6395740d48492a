/** The optional parent of a sub-category (a category) or of a sub-sub-category (a sub-category). */
import type { ComponentProps } from 'react';
import { inputClass } from '@/components/admin/ui.tsx';
import { type TaxonomyKind, useTaxonomyList } from '../api/taxonomy-api.ts';

export function ParentSelect({ kind, ...props }: { kind: TaxonomyKind } & ComponentProps<'select'>) {
  const parents = useTaxonomyList(kind);
  return (
    <select className={inputClass} {...props}>
      <option value="">None</option>
      {parents.data?.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
    </select>
  );
}
