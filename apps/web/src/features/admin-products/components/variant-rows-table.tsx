/**
 * The variants' rows: size, colour, SKU, barcode, price, discount, cost price (only for members
 * with catalog.cost: the API shows it to no one else) and stock of each (stock
 * below zero, after a till's offline sales, said as "−2 (oversold)"), the first problem of a
 * row, and its Remove.
 */
import { Trash2 } from 'lucide-react';
import type { UseFieldArrayReturn } from 'react-hook-form';
import { buttonClass, inputClass } from '@/components/admin/ui.tsx';
import { allows, useCan, usePermissions } from '@/lib/back-office-access.ts';
import { stockWords } from '@/lib/stock-words.ts';
import type { VariantsForm } from '../use-variants-editor.ts';
import { rowName, rowProblem, sizeChoices, type VariantsFormValues } from '../variant-form.ts';

const cellInput = `${inputClass} min-w-0 px-2 py-1.5`;

export function VariantRowsTable({
  form,
  rows,
  sizes,
  title,
  price,
  discount,
}: {
  form: VariantsForm;
  rows: UseFieldArrayReturn<VariantsFormValues, 'variants', 'key'>;
  /** The scale's sizes. */
  sizes: readonly string[];
  title: string;
  price?: number;
  discount?: number;
}) {
  const errors = form.formState.errors;
  // Guarded fields, as on the product: shown, changed only with their permission (the fields' hints say why).
  const can = useCan();
  const pricesLocked = !can('product.prices');
  const stockLocked = !can('product.stock');
  // Without catalog.write a row's size, colour and SKU stay as they are, and no row goes.
  const structureLocked = !can('catalog.edit');
  const showCost = allows(usePermissions(), 'catalog.cost');
  const headings = [
    'Size',
    'Colour',
    'SKU',
    'Barcode',
    'Price (₦)',
    'Discount (₦)',
    ...(showCost ? ['Cost price (₦)'] : []),
    'Stock',
  ];
  // relative: the hidden column heading (sr-only, placed absolutely) scrolls with the table instead of widening the page.
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[52rem] text-left text-sm">
        <caption className="sr-only">Variants of {title || 'the product'}</caption>
        <thead className="text-xs text-neutral-600 uppercase">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="py-2 pr-2 font-medium">
                {heading}
              </th>
            ))}
            <th scope="col" className="py-2">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {rows.fields.map((row, i) => {
            const rowErrors = errors.variants?.[i];
            const problem = rowProblem(rowErrors);
            const name = rowName(form.getValues(`variants.${i}`), i);
            return (
              <tr key={row.key} className="align-top">
                <td className="py-2 pr-2">
                  <select
                    aria-label={`Size of ${name}`}
                    className={cellInput}
                    disabled={structureLocked}
                    {...form.register(`variants.${i}.size`)}
                  >
                    <option value="">No size</option>
                    {sizeChoices(sizes, row.size).map((size) => (
                      <option key={size} value={size}>
                        {size}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="py-2 pr-2">
                  <input
                    aria-label={`Colour of ${name}`}
                    className={cellInput}
                    disabled={structureLocked}
                    {...form.register(`variants.${i}.color`)}
                  />
                </td>
                <td className="py-2 pr-2">
                  <input
                    aria-label={`SKU of ${name}`}
                    aria-invalid={rowErrors?.sku ? true : undefined}
                    disabled={structureLocked}
                    className={`${cellInput} font-mono`}
                    {...form.register(`variants.${i}.sku`)}
                  />
                </td>
                <td className="py-2 pr-2">
                  <input
                    aria-label={`Barcode of ${name}`}
                    aria-invalid={rowErrors?.barcode ? true : undefined}
                    placeholder="SKU"
                    title="Empty: labels and scanners use the SKU's Code 128"
                    disabled={structureLocked}
                    className={`${cellInput} w-36 font-mono`}
                    {...form.register(`variants.${i}.barcode`)}
                  />
                </td>
                <td className="py-2 pr-2">
                  <input
                    aria-label={`Price of ${name}`}
                    inputMode="decimal"
                    placeholder={price === undefined ? '' : String(price)}
                    disabled={pricesLocked}
                    className={`${cellInput} w-28`}
                    {...form.register(`variants.${i}.price`)}
                  />
                </td>
                <td className="py-2 pr-2">
                  <input
                    aria-label={`Discount of ${name}`}
                    inputMode="decimal"
                    placeholder={discount === undefined ? '' : String(discount)}
                    disabled={pricesLocked}
                    className={`${cellInput} w-24`}
                    {...form.register(`variants.${i}.discount`)}
                  />
                </td>
                {showCost ? (
                  <td className="py-2 pr-2">
                    <input
                      aria-label={`Cost price of ${name}`}
                      inputMode="decimal"
                      placeholder="Unknown"
                      title="What one unit cost the shop; empty: unknown"
                      aria-invalid={rowErrors?.cost ? true : undefined}
                      disabled={structureLocked}
                      className={`${cellInput} w-28`}
                      {...form.register(`variants.${i}.cost`)}
                    />
                  </td>
                ) : null}
                <td className="py-2 pr-2">
                  <input
                    aria-label={`Stock of ${name}`}
                    inputMode="numeric"
                    aria-invalid={rowErrors?.counter ? true : undefined}
                    disabled={stockLocked}
                    className={`${cellInput} w-20`}
                    {...form.register(`variants.${i}.counter`)}
                  />
                  {row.loadedCounter !== undefined && row.loadedCounter < 0 ? (
                    <p className="mt-1 text-xs whitespace-nowrap text-red-700">{stockWords(row.loadedCounter)}</p>
                  ) : null}
                  {problem ? (
                    <p role="alert" className="mt-1 text-xs text-red-600">
                      {problem}
                    </p>
                  ) : null}
                </td>
                <td className="py-2">
                  {structureLocked ? null : (
                    <button
                      type="button"
                      className={buttonClass.icon}
                      aria-label={`Remove ${name}`}
                      onClick={() => rows.remove(i)}
                    >
                      <Trash2 size={16} aria-hidden="true" />
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
