/**
 * Variants (on Edit Product): what the product sells, one row per size and colour, each with
 * its SKU, stock and an optional price and discount of its own. "Add sizes and colours"
 * lists every missing combination with a suggested SKU; "Set all stock" fills the stock
 * column. Saved in one PUT /api/products/{id}/variants, with the size scale. The save sends
 * each variant's stockVersion as loaded: when an order or another admin changed a stock
 * meanwhile, it is refused (STOCK_CHANGED) and the editor offers to load the variants again.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { ProductDetail } from '@shop/shared/catalog';
import { formatNairaAmount } from '@shop/shared/money';
import { SIZE_SCALE_LABELS, SIZE_SCALE_NAMES, SIZE_SCALES, STOCK_CHANGED } from '@shop/shared/variants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { buttonClass, Card, inputClass } from '@/components/admin/ui.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/notify.tsx';
import { setVariantsMutation } from '@/lib/api/product-admin.ts';
import { productOptions } from '@/lib/api/products.ts';
import {
  addCombinations,
  colourList,
  type VariantsFormOutput,
  type VariantsFormValues,
  variantsForm,
  variantsFormValues,
} from '../variant-form.ts';

const cellInput = `${inputClass} min-w-0 px-2 py-1.5`;

/** Each colour's chosen photos; a colour showing all of them has none chosen. */
function colourPhotos(product: ProductDetail): Record<string, string[]> {
  const chosen: Record<string, string[]> = {};
  for (const v of product.variants) {
    const key = v.color.trim().toLowerCase();
    if (key && !(key in chosen)) chosen[key] = v.imageUrls.length < product.imageUrls.length ? v.imageUrls : [];
  }
  return chosen;
}

/** A variants form: its rows and size scale, checked by the shared variant schema. */
export function useVariantsForm(values: VariantsFormValues) {
  return useForm<VariantsFormValues, unknown, VariantsFormOutput>({ defaultValues: values, resolver: zodResolver(variantsForm) });
}
export type VariantsForm = ReturnType<typeof useVariantsForm>;
export const NO_VARIANTS: VariantsFormValues = { sizeScale: 'standard', variants: [] };

/** The variants as the API takes them: each with the photos of its colour (none: all). */
export function withPhotos(
  variants: VariantsFormOutput['variants'],
  photos: Record<string, string[]>,
  imageCount: number,
): VariantsFormOutput['variants'] {
  return variants.map((v) => {
    const chosen = photos[v.color.trim().toLowerCase()];
    return { ...v, imageUrls: chosen && chosen.length > 0 && chosen.length < imageCount ? chosen : [] };
  });
}

/** Edit Product's variants: the fields, saved on their own with "Save variants". */
export function VariantsEditor({ product }: { product: ProductDetail }) {
  const save = useMutation(setVariantsMutation(product.id));
  const client = useQueryClient();
  const form = useVariantsForm(variantsFormValues(product));
  const [photos, setPhotos] = useState(() => colourPhotos(product));
  /** A save was refused: a stock changed after the form was loaded. */
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const id = useId();

  const show = (loaded: ProductDetail) => {
    form.reset(variantsFormValues(loaded));
    setPhotos(colourPhotos(loaded));
    setStale(false);
  };

  const onSubmit = form.handleSubmit(({ sizeScale, variants }) => {
    save.mutate(
      { sizeScale, variants: withPhotos(variants, photos, product.imageUrls.length) },
      {
        onSuccess: (saved) => {
          show(saved);
          notify.success('Variants saved');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409 && error.message === STOCK_CHANGED) setStale(true);
          else notify.error(error.message);
        },
      },
    );
  });

  const onReload = async () => {
    setReloading(true);
    try {
      show(await client.fetchQuery({ ...productOptions(product.id), staleTime: 0 }));
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'The variants could not be loaded');
    } finally {
      setReloading(false);
    }
  };

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-base font-semibold">
          Variants
        </h2>
        <p className="mb-4 text-sm text-neutral-600">
          Stock, SKU and price for each size and colour. Empty price or discount: the product's (
          {formatNairaAmount(product.price)}).
        </p>
        <VariantsFields
          form={form}
          title={product.title}
          price={product.price}
          discount={product.discount}
          images={product.imageUrls}
          photos={photos}
          onPhotos={setPhotos}
        />
        {stale ? (
          <div
            role="alert"
            className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
          >
            <p>
              Stock changed while you were editing (an order, a refund or another admin): nothing was saved. Reload the variants
              to see the stock as it is now, then make your changes again.
            </p>
            <button type="button" className={buttonClass.secondary} onClick={onReload} disabled={reloading}>
              {reloading ? 'Reloading ...' : 'Reload variants'}
            </button>
          </div>
        ) : null}
        <div className="mt-4 flex justify-end">
          <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
            {save.isPending ? 'Saving ...' : 'Save variants'}
          </button>
        </div>
      </form>
    </Card>
  );
}

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

/**
 * The variants' fields, without a form of their own (Create Product sends them with the
 * product): size scale, "Add sizes and colours", the rows, photos per colour, stock for all.
 */
export function VariantsFields({ form, title, price, discount, images, photos, onPhotos }: VariantsFieldsProps) {
  const rows = useFieldArray({ control: form.control, name: 'variants', keyName: 'key' });
  const errors = form.formState.errors;
  const scale = form.watch('sizeScale');
  const sizes = SIZE_SCALES[scale] as readonly string[];
  const id = useId();
  const [adding, setAdding] = useState<{ sizes: string[]; colours: string }>({ sizes: [], colours: '' });
  const [allStock, setAllStock] = useState('');
  const watched = form.watch('variants');
  const colours = [...new Set(watched.map((v) => v.color.trim()).filter(Boolean))];

  const onAddCombinations = () => {
    const current = form.getValues('variants');
    const next = addCombinations(current, title, adding.sizes, colourList(adding.colours));
    rows.append(next.slice(current.length));
    setAdding({ sizes: [], colours: '' });
  };

  const onSetAllStock = () => {
    const n = Number(allStock);
    if (allStock.trim() === '' || !Number.isInteger(n) || n < 0) return;
    for (const i of form.getValues('variants').keys()) form.setValue(`variants.${i}.counter`, String(n), { shouldDirty: true });
  };

  const total = watched.reduce((sum, v) => sum + (Number.parseInt(v.counter, 10) || 0), 0);
  const label = (i: number) => {
    const v = form.getValues(`variants.${i}`);
    return [v.size, v.color].filter(Boolean).join(' / ') || `row ${i + 1}`;
  };

  return (
    <>
      <div className="mb-4">
        <label htmlFor={`${id}-scale`} className="mb-1 block text-sm font-medium text-neutral-800">
          Size scale
        </label>
        <select id={`${id}-scale`} className={`${inputClass} max-w-xs`} {...form.register('sizeScale')}>
          {SIZE_SCALE_NAMES.map((name) => (
            <option key={name} value={name}>
              {SIZE_SCALE_LABELS[name]}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="mb-4 rounded-md border border-neutral-200 p-3">
        <legend className="px-1 text-sm font-medium">Add sizes and colours</legend>
        <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
          <legend className="sr-only">Sizes to add</legend>
          {sizes.map((size) => (
            <label key={size} className="inline-flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                checked={adding.sizes.includes(size)}
                onChange={(e) =>
                  setAdding((a) => ({
                    ...a,
                    sizes: e.target.checked
                      ? sizes.filter((s) => s === size || a.sizes.includes(s))
                      : a.sizes.filter((s) => s !== size),
                  }))
                }
              />
              {size}
            </label>
          ))}
        </fieldset>
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <div className="min-w-48 flex-1">
            <label htmlFor={`${id}-colours`} className="mb-1 block text-sm text-neutral-800">
              Colours to add (comma-separated)
            </label>
            <input
              id={`${id}-colours`}
              className={inputClass}
              value={adding.colours}
              placeholder="Red, Blue"
              onChange={(e) => setAdding((a) => ({ ...a, colours: e.target.value }))}
            />
          </div>
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={onAddCombinations}
            disabled={adding.sizes.length === 0 && colourList(adding.colours).length === 0}
          >
            <Plus size={16} aria-hidden="true" /> Add combinations
          </button>
        </div>
      </fieldset>

      {rows.fields.length === 0 ? (
        <p className="text-sm text-neutral-600">No sizes or colours yet: the product is sold as one item.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">Variants of {title || 'the product'}</caption>
            <thead className="text-xs text-neutral-600 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-2 font-medium">
                  Size
                </th>
                <th scope="col" className="py-2 pr-2 font-medium">
                  Colour
                </th>
                <th scope="col" className="py-2 pr-2 font-medium">
                  SKU
                </th>
                <th scope="col" className="py-2 pr-2 font-medium">
                  Price (₦)
                </th>
                <th scope="col" className="py-2 pr-2 font-medium">
                  Discount (₦)
                </th>
                <th scope="col" className="py-2 pr-2 font-medium">
                  Stock
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-100">
              {rows.fields.map((row, i) => {
                const rowErrors = errors.variants?.[i];
                const problem =
                  rowErrors?.sku?.message ??
                  rowErrors?.color?.message ??
                  rowErrors?.price?.message ??
                  rowErrors?.discount?.message ??
                  rowErrors?.counter?.message ??
                  rowErrors?.size?.message;
                const name = label(i);
                return (
                  <tr key={row.key} className="align-top">
                    <td className="py-2 pr-2">
                      <select aria-label={`Size of ${name}`} className={cellInput} {...form.register(`variants.${i}.size`)}>
                        <option value="">No size</option>
                        {/* A size outside the scale (the scale just changed) stays visible until it is changed. */}
                        {[...sizes, ...(sizes.includes(row.size) || row.size === '' ? [] : [row.size])].map((size) => (
                          <option key={size} value={size}>
                            {size}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td className="py-2 pr-2">
                      <input aria-label={`Colour of ${name}`} className={cellInput} {...form.register(`variants.${i}.color`)} />
                    </td>
                    <td className="py-2 pr-2">
                      <input
                        aria-label={`SKU of ${name}`}
                        aria-invalid={rowErrors?.sku ? true : undefined}
                        className={`${cellInput} font-mono`}
                        {...form.register(`variants.${i}.sku`)}
                      />
                    </td>
                    <td className="py-2 pr-2">
                      <input
                        aria-label={`Price of ${name}`}
                        inputMode="decimal"
                        placeholder={price === undefined ? '' : String(price)}
                        className={`${cellInput} w-28`}
                        {...form.register(`variants.${i}.price`)}
                      />
                    </td>
                    <td className="py-2 pr-2">
                      <input
                        aria-label={`Discount of ${name}`}
                        inputMode="decimal"
                        placeholder={discount === undefined ? '' : String(discount)}
                        className={`${cellInput} w-24`}
                        {...form.register(`variants.${i}.discount`)}
                      />
                    </td>
                    <td className="py-2 pr-2">
                      <input
                        aria-label={`Stock of ${name}`}
                        inputMode="numeric"
                        aria-invalid={rowErrors?.counter ? true : undefined}
                        className={`${cellInput} w-20`}
                        {...form.register(`variants.${i}.counter`)}
                      />
                      {problem ? (
                        <p role="alert" className="mt-1 text-xs text-red-600">
                          {problem}
                        </p>
                      ) : null}
                    </td>
                    <td className="py-2">
                      <button
                        type="button"
                        className={buttonClass.icon}
                        aria-label={`Remove ${name}`}
                        onClick={() => rows.remove(i)}
                      >
                        <Trash2 size={16} aria-hidden="true" />
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {errors.variants?.root?.message || errors.variants?.message ? (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {errors.variants?.root?.message ?? errors.variants?.message}
        </p>
      ) : null}

      {images.length > 1 && colours.length > 0 ? (
        <fieldset className="mt-4 rounded-md border border-neutral-200 p-3">
          <legend className="px-1 text-sm font-medium">Photos for each colour</legend>
          <p className="mb-2 text-xs text-neutral-600">The shop shows these when a shopper picks the colour; none ticked: all.</p>
          {colours.map((colour) => {
            const chosen = photos[colour.toLowerCase()] ?? [];
            return (
              <fieldset key={colour} className="mb-2 flex flex-wrap items-center gap-2">
                <legend className="sr-only">Photos of {colour}</legend>
                <span aria-hidden="true" className="w-24 truncate text-sm">
                  {colour}
                </span>
                {images.map((url, i) => (
                  <label key={url} className="relative cursor-pointer">
                    <input
                      type="checkbox"
                      className="peer absolute top-1 left-1"
                      checked={chosen.includes(url)}
                      onChange={(e) =>
                        onPhotos({
                          ...photos,
                          [colour.toLowerCase()]: e.target.checked
                            ? images.filter((u) => u === url || chosen.includes(u))
                            : chosen.filter((u) => u !== url),
                        })
                      }
                      aria-label={`Photo ${i + 1} shows ${colour}`}
                    />
                    <img
                      src={url}
                      alt=""
                      className="h-12 w-12 rounded border-2 border-transparent object-cover peer-checked:border-neutral-900"
                    />
                  </label>
                ))}
              </fieldset>
            );
          })}
        </fieldset>
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
            />
          </div>
          <button type="button" className={buttonClass.secondary} onClick={onSetAllStock}>
            Apply
          </button>
        </div>
        <p className="text-sm text-neutral-700">
          Total stock: <span data-testid="variants-total">{total}</span>
        </p>
      </div>
    </>
  );
}
