/** The fields the create and edit forms share: the name, and the parent for subs and subsubs. */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { errorProps, Field, inputClass } from '@/components/admin/ui.tsx';
import type { TaxonomyConfig } from '../taxonomy-config.ts';
import { TaxonomySelect } from '@/components/admin/taxonomy-select.tsx';

export function TaxonomyFields({
  config,
  name,
  nameError,
  parentId,
  onParentChange,
}: {
  config: TaxonomyConfig;
  name: UseFormRegisterReturn<'name'>;
  nameError: string | undefined;
  parentId: string;
  onParentChange: (id: string) => void;
}) {
  return (
    <>
      <Field label="Name" htmlFor="taxonomy-name" error={nameError}>
        <input id="taxonomy-name" className={inputClass} {...errorProps('taxonomy-name', nameError)} {...name} />
      </Field>
      {config.parent ? (
        <Field label={`${config.parent.label} (optional)`} htmlFor="taxonomy-parent">
          <TaxonomySelect
            id="taxonomy-parent"
            kind={config.parent.kind}
            placeholder="None"
            value={parentId}
            onChange={(e) => onParentChange(e.target.value)}
          />
        </Field>
      ) : null}
    </>
  );
}
