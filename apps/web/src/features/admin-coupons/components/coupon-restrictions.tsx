/**
 * What a coupon is limited to: categories (checkboxes, from the taxonomy) and products
 * (found with a search box, listed with a button to take each out). Nothing chosen: the
 * code reduces the whole cart.
 */
import { useQuery } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { SearchInput } from '@/components/admin/search-input.tsx';
import { buttonClass, Card } from '@/components/admin/ui.tsx';
import { productListOptions, productOptions } from '@/lib/api/products.ts';
import { taxonomyListOptions } from '@/lib/api/taxonomy.ts';
import type { CouponBody, CouponFormValues } from '../coupon-form.ts';

type CouponForm = UseFormReturn<CouponFormValues, unknown, CouponBody>;

export function CouponRestrictions({ form }: { form: CouponForm }) {
  const id = useId();
  const categories = useQuery(taxonomyListOptions('category'));
  const { errors } = form.formState;
  // Titles of the products added from the search, so they show at once.
  const [titles, setTitles] = useState<Record<string, string>>({});

  return (
    <Card className="space-y-5">
      <div>
        <h2 className="text-base font-semibold">Limited to (optional)</h2>
        <p className="text-sm text-neutral-600">
          With products or categories chosen, the code only reduces those items. None: the whole cart.
        </p>
      </div>
      <Controller
        control={form.control}
        name="categoryIds"
        render={({ field: { value, onChange } }) => (
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-neutral-800">Categories</legend>
            {categories.isPending ? <p className="text-sm text-neutral-700">Loading categories ...</p> : null}
            {categories.error ? <p className="text-sm text-red-600">{categories.error.message}</p> : null}
            {categories.data?.length === 0 ? <p className="text-sm text-neutral-700">No categories yet.</p> : null}
            <div className="grid grid-cols-2 gap-x-4 gap-y-2">
              {categories.data?.map((c) => (
                <label key={c.id} className="flex items-center gap-2 text-sm text-neutral-900">
                  <input
                    type="checkbox"
                    className="h-4 w-4 rounded border-neutral-400 accent-neutral-900"
                    checked={value.includes(c.id)}
                    onChange={(e) => onChange(e.target.checked ? [...value, c.id] : value.filter((v) => v !== c.id))}
                  />
                  {c.name}
                </label>
              ))}
            </div>
            {errors.categoryIds?.message ? <p className="mt-1 text-sm text-red-600">{errors.categoryIds.message}</p> : null}
          </fieldset>
        )}
      />
      <Controller
        control={form.control}
        name="productIds"
        render={({ field: { value, onChange } }) => (
          <section aria-labelledby={`${id}-products`}>
            <h3 id={`${id}-products`} className="mb-2 text-sm font-medium text-neutral-800">
              Products
            </h3>
            {value.length === 0 ? (
              <p className="mb-2 text-sm text-neutral-700">No products chosen.</p>
            ) : (
              <ul aria-label="Chosen products" className="mb-3 space-y-1">
                {value.map((productId) => (
                  <li
                    key={productId}
                    className="flex items-center justify-between gap-2 rounded-md bg-neutral-50 px-2 py-1 text-sm"
                  >
                    <ChosenProduct
                      id={productId}
                      knownTitle={titles[productId]}
                      onRemove={() => onChange(value.filter((v) => v !== productId))}
                    />
                  </li>
                ))}
              </ul>
            )}
            <ProductSearch
              chosen={value}
              onAdd={(product) => {
                setTitles((t) => ({ ...t, [product.id]: product.title }));
                onChange([...value, product.id]);
              }}
            />
            {errors.productIds?.message ? <p className="mt-1 text-sm text-red-600">{errors.productIds.message}</p> : null}
          </section>
        )}
      />
    </Card>
  );
}

/** A chosen product by its title (read when not known; its id while it loads, or when it was deleted). */
function ChosenProduct({ id, knownTitle, onRemove }: { id: string; knownTitle?: string; onRemove(): void }) {
  const product = useQuery({ ...productOptions(id), enabled: knownTitle === undefined });
  const title =
    knownTitle ?? product.data?.title ?? (product.error ? `Product ${id.slice(0, 8)} (not found)` : `Product ${id.slice(0, 8)}`);
  return (
    <>
      <span className="min-w-0 truncate">{title}</span>
      <button type="button" className={buttonClass.icon} onClick={onRemove} aria-label={`Remove ${title}`}>
        <X size={16} aria-hidden="true" />
      </button>
    </>
  );
}

function ProductSearch({ chosen, onAdd }: { chosen: string[]; onAdd(product: { id: string; title: string }): void }) {
  const [search, setSearch] = useState('');
  const results = useQuery({ ...productListOptions({ title: search, limit: 8 }), enabled: search.trim() !== '' });
  const found = results.data?.items ?? [];
  return (
    <div>
      <SearchInput value={search} onSearch={setSearch} label="Search products to add" placeholder="Search products to add" />
      {results.error ? <p className="mt-2 text-sm text-red-600">{results.error.message}</p> : null}
      {search.trim() && results.data && found.length === 0 ? (
        <p className="mt-2 text-sm text-neutral-700">No products match “{search}”.</p>
      ) : null}
      {found.length > 0 ? (
        <ul aria-label="Products found" className="mt-2 space-y-1">
          {found.map((p) => {
            const added = chosen.includes(p.id);
            return (
              <li key={p.id} className="flex items-center justify-between gap-2 text-sm">
                <span className="min-w-0 truncate">{p.title}</span>
                <button
                  type="button"
                  className={buttonClass.secondary}
                  onClick={() => onAdd(p)}
                  disabled={added}
                  aria-label={added ? `${p.title} added` : `Add ${p.title}`}
                >
                  {added ? (
                    'Added'
                  ) : (
                    <>
                      <Plus size={14} aria-hidden="true" /> Add
                    </>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
