/** The fields the create and edit product forms share, laid out in a responsive grid. */
import type { TaxonomyItem } from '@shop/shared/catalog';
import { AVAILABILITY } from '@shop/shared/constants';
import { permissionRefusal } from '@shop/shared/staff';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { errorProps, Field, inputClass } from '@/components/admin/ui.tsx';
import type { FieldErrors, ProductFormValues } from '../product-form.ts';
import { QuantityCounter } from './quantity-counter.tsx';
import { SizesSelect } from './sizes-select.tsx';
import type { TaxonomyKind } from '@/lib/api/taxonomy.ts';
import { childrenOf, TaxonomySelect } from '@/components/admin/taxonomy-select.tsx';
import { ACTION_NEEDS, useCan } from '@/lib/back-office-access.ts';

interface ProductFieldsProps {
  // The output type differs per form (create or update body); the fields only need the values.
  // biome-ignore lint/suspicious/noExplicitAny: any submitted shape
  form: UseFormReturn<ProductFormValues, unknown, any>;
  errors: FieldErrors;
  mode: 'create' | 'edit';
}

/** Why a guarded field cannot be changed, in the server's words. */
export const lockedHint = (action: 'product.prices' | 'product.stock') => permissionRefusal(ACTION_NEEDS[action]);

export function ProductFields({ form, errors, mode }: ProductFieldsProps) {
  const { register, control } = form;
  // Prices and stock are guarded fields: shown to everyone, changed only with their permission.
  const can = useCan();
  const pricesLocked = !can('product.prices');
  const stockLocked = !can('product.stock');
  const text = (name: keyof ProductFormValues, label: string, props: Record<string, unknown> = {}, hint?: string) => {
    const id = `product-${name}`;
    return (
      <Field label={label} htmlFor={id} error={errors[name]} hint={hint}>
        <input id={id} className={inputClass} {...errorProps(id, errors[name])} {...props} {...register(name)} />
      </Field>
    );
  };

  // Controlled: the options arrive after the product's values, and the choice must survive that.
  const [categoryId, subId] = form.watch(['categoryId', 'sub']);
  const taxonomy = (
    name: 'categoryId' | 'brand' | 'sub' | 'subsub',
    kind: TaxonomyKind,
    placeholder: string,
    only?: (item: TaxonomyItem) => boolean,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TaxonomySelect
          id={`product-${name}`}
          kind={kind}
          placeholder={placeholder}
          only={only}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
        />
      )}
    />
  );

  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      <div className="sm:col-span-2">{text('title', 'Title')}</div>
      <div className="sm:col-span-2">{text('heading', mode === 'create' ? 'Header Message' : 'Heading')}</div>
      {text(
        'price',
        'Price (₦)',
        { type: 'number', inputMode: 'decimal', min: 0, step: '0.01', disabled: pricesLocked },
        pricesLocked ? lockedHint('product.prices') : undefined,
      )}
      {mode === 'edit'
        ? text(
            'discount',
            'Discount (₦)',
            { type: 'number', inputMode: 'decimal', min: 0, step: '0.01', disabled: pricesLocked },
            pricesLocked ? lockedHint('product.prices') : undefined,
          )
        : null}
      <Field
        label={mode === 'create' ? 'Quantity' : 'Quantity in Stock'}
        htmlFor="product-counter"
        error={errors.counter}
        hint={stockLocked ? lockedHint('product.stock') : undefined}
      >
        <Controller
          control={control}
          name="counter"
          render={({ field }) => (
            <QuantityCounter
              id="product-counter"
              value={Number(field.value) || 0}
              onChange={field.onChange}
              disabled={stockLocked}
            />
          )}
        />
      </Field>
      <Field label="Availability" htmlFor="product-availability" error={errors.availability}>
        <select id="product-availability" className={inputClass} {...register('availability')}>
          {AVAILABILITY.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </Field>
      <div className="sm:col-span-2">
        <Field label="Description" htmlFor="product-description" error={errors.description}>
          <textarea id="product-description" rows={5} className={inputClass} {...register('description')} />
        </Field>
      </div>
      {text('color', 'Color')}
      <Controller
        control={control}
        name="size"
        render={({ field }) => (
          <SizesSelect
            label={mode === 'create' ? 'Size' : 'Sizes'}
            value={field.value}
            onChange={field.onChange}
            error={errors.size}
          />
        )}
      />
      <Field label="Category" htmlFor="product-categoryId" error={errors.categoryId}>
        {taxonomy('categoryId', 'category', 'Select a category')}
      </Field>
      <Field label="Brand" htmlFor="product-brand" error={errors.brand}>
        {taxonomy('brand', 'brand', 'Select a brand')}
      </Field>
      <Field label={mode === 'create' ? 'Sub-Category' : 'Sub Category'} htmlFor="product-sub" error={errors.sub}>
        {taxonomy('sub', 'sub', 'Select a sub-category', childrenOf('categoryId', categoryId))}
      </Field>
      <Field label="Sub Sub-Category" htmlFor="product-subsub" error={errors.subsub}>
        {taxonomy('subsub', 'subsub', 'Select a sub sub-category', childrenOf('subId', subId))}
      </Field>
    </div>
  );
}
