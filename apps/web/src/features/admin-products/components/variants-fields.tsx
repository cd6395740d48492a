/**
 * The variants' fields, without a form of their own (Create Product sends them with the
 * product; Edit Product's VariantsEditor saves them apart): size scale, "Add sizes and
 * colours", the rows, photos per colour, stock for all and the total.
 */
import { SIZE_SCALE_LABELS, SIZE_SCALE_NAMES, SIZE_SCALES } from '@shop/shared/variants';
import { useId, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { buttonClass, inputClass } from '@/components/admin/ui.tsx';
import { useCan } from '@/lib/back-office-access.ts';
import type { VariantsForm } from '../use-variants-editor.ts';
import { addCombinations, listedColours, stockForAll, totalStock } from '../variant-form.ts';
import { AddCombinations } from './add-combinations.tsx';
import { ColourPhotos } from './colour-photos.tsx';
import { VariantRowsTable } from './variant-rows-table.tsx';

interface VariantsFieldsProps {
  form: VariantsForm;
  /** The product's title (suggested SKUs start with its initials), price and discount (placeholders). */
  title: string;
  price?: number;
  discount?: number;
  images: readonly string[];
  photos: Record<string, string[]>;
  onPhotos(photos: Record<string, string[]>): void;
}

export function VariantsFields({ form, title, price, discount, images, photos, onPhotos }: VariantsFieldsProps) {
  const rows = useFieldArray({ control: form.control, name: 'variants', keyName: 'key' });
  const errors = form.formState.errors;
  const scale = form.watch('sizeScale');
  const sizes = SIZE_SCALES[scale] as readonly string[];
  const id = useId();
  const [allStock, setAllStock] = useState('');
  const watched = form.watch('variants');
  const colours = listedColours(watched);
  const can = useCan();
  const stockLocked = !can('product.stock');
  // Without catalog.write (stock.adjust only) the stock alone may change: no rows added, no photos chosen.
  const structureLocked = !can('catalog.edit');

  const onAdd = (chosenSizes: string[], chosenColours: string[]) => {
    const current = form.getValues('variants');
    rows.append(addCombinations(current, title, chosenSizes, chosenColours).slice(current.length));
  };

  const onSetAllStock = () => {
    const n = stockForAll(allStock);
    if (n === null) return;
    for (const i of form.getValues('variants').keys()) form.setValue(`variants.${i}.counter`, String(n), { shouldDirty: true });
  };

  return (
    <>
      <div className="mb-4">
        <label htmlFor={`${id}-scale`} className="mb-1 block text-sm font-medium text-neutral-800">
          Size scale
        </label>
        <select
          id={`${id}-scale`}
          className={`${inputClass} max-w-xs`}
          disabled={structureLocked}
          {...form.register('sizeScale')}
        >
          {SIZE_SCALE_NAMES.map((name) => (
            <option key={name} value={name}>
              {SIZE_SCALE_LABELS[name]}
            </option>
          ))}
        </select>
      </div>
      {structureLocked ? null : <AddCombinations sizes={sizes} onAdd={onAdd} />}

      {rows.fields.length === 0 ? (
        <p className="text-sm text-neutral-600">No sizes or colours yet: the product is sold as one item.</p>
      ) : (
        <VariantRowsTable form={form} rows={rows} sizes={sizes} title={title} price={price} discount={discount} />
      )}
      {errors.variants?.root?.message || errors.variants?.message ? (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {errors.variants?.root?.message ?? errors.variants?.message}
        </p>
      ) : null}

      {images.length > 1 && colours.length > 0 && !structureLocked ? (
        <ColourPhotos colours={colours} images={images} photos={photos} onPhotos={onPhotos} />
      ) : null}

      <div className="mt-4 flex flex-wrap items-end justify-between gap-3 border-t border-neutral-100 pt-4">
        <div className="flex items-end gap-2">
          <div>
            <label htmlFor={`${id}-all-stock`} className="mb-1 block text-sm text-neutral-800">
              Set all stock to
            </label>
            <input
              id={`${id}-all-stock`}
              inputMode="numeric"
              className={`${inputClass} w-24`}
              value={allStock}
              onChange={(e) => setAllStock(e.target.value)}
              disabled={stockLocked}
            />
          </div>
          <button type="button" className={buttonClass.secondary} onClick={onSetAllStock} disabled={stockLocked}>
            Apply
          </button>
        </div>
        <p className="text-sm text-neutral-700">
          Total stock: <span data-testid="variants-total">{totalStock(watched)}</span>
        </p>
      </div>
    </>
  );
}
