import type { ProductSort } from '@shop/shared/catalog';
import { SlidersHorizontal } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { inputClass, labelClass } from '@/components/ui-classes.ts';
import { Select } from '@/components/select.tsx';
import { taxonomyListOptions } from '@/lib/api/taxonomy.ts';
import { SIZES } from '@shop/shared/constants';
import { joinSizes, type ListingState, SORT_OPTIONS, sizeList } from '../listing-params.ts';
import { useQuery } from '@tanstack/react-query';

interface ListingFiltersProps {
  state: ListingState;
  /** The listing's own category: its sub-categories are offered. Without one, categories are. */
  category?: string;
  /** The page is one brand's: no brand choice. */
  fixedBrand?: boolean;
  /** Colours to offer: those of the products listed (and the one chosen). */
  colours?: readonly string[];
  onChange(change: Partial<ListingState>): void;
}

/** Sort, price range, brand and sub-category (or category) of a listing; on phones, behind a Filters button. */
export function ListingFilters({ state, category, fixedBrand = false, colours = [], onChange }: ListingFiltersProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const brands = useQuery(taxonomyListOptions('brand'));
  const categories = useQuery(taxonomyListOptions('category'));
  const subs = useQuery(taxonomyListOptions('sub'));
  const categoryId = category ? categories.data?.find((c) => c.name.toLowerCase() === category.toLowerCase())?.id : undefined;
  const subOptions = category ? (subs.data ?? []).filter((s) => s.categoryId === categoryId) : [];
  const sizes = sizeList(state.size);
  const colourOptions = [...new Set([...(state.color ? [state.color] : []), ...colours])].sort((a, b) => a.localeCompare(b));
  const active = [
    fixedBrand ? '' : state.brand,
    state.sub,
    state.category,
    state.minPrice,
    state.maxPrice,
    state.size,
    state.color,
  ].filter((v) => v !== undefined && v !== '').length;

  const onPrice = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const read = (name: string) => {
      const value = String(data.get(name) ?? '').trim();
      return value === '' ? undefined : Math.max(0, Number(value));
    };
    onChange({ minPrice: read('minPrice'), maxPrice: read('maxPrice') });
  };

  return (
    <div>
      <button
        type="button"
        className="flex w-full items-center justify-center gap-2 border border-line py-2.5 text-sm font-medium tracking-[0.14em] uppercase lg:hidden"
        aria-expanded={open}
        aria-controls={`${id}-filters`}
        onClick={() => setOpen((v) => !v)}
      >
        <SlidersHorizontal aria-hidden size={16} /> Filters{active > 0 ? ` (${active})` : ''}
      </button>
      <div id={`${id}-filters`} className={`${open ? 'block' : 'hidden'} mt-4 space-y-6 lg:mt-0 lg:block`}>
        <div>
          <label htmlFor={`${id}-sort`} className={labelClass}>
            Sort by
          </label>
          <Select id={`${id}-sort`} value={state.sort} onChange={(e) => onChange({ sort: e.target.value as ProductSort })}>
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </div>

        {category ? (
          <div>
            <label htmlFor={`${id}-sub`} className={labelClass}>
              Category
            </label>
            <Select id={`${id}-sub`} value={state.sub} onChange={(e) => onChange({ sub: e.target.value })}>
              <option value="">All</option>
              {subOptions.map((s) => (
                <option key={s.id} value={s.name}>
                  {s.name}
                </option>
              ))}
            </Select>
          </div>
        ) : (
          <div>
            <label htmlFor={`${id}-category`} className={labelClass}>
              Category
            </label>
            <Select id={`${id}-category`} value={state.category} onChange={(e) => onChange({ category: e.target.value })}>
              <option value="">All</option>
              {(categories.data ?? []).map((c) => (
                <option key={c.id} value={c.name}>
                  {c.name}
                </option>
              ))}
            </Select>
          </div>
        )}

        {!fixedBrand && (
          <div>
            <label htmlFor={`${id}-brand`} className={labelClass}>
              Brand
            </label>
            <Select id={`${id}-brand`} value={state.brand} onChange={(e) => onChange({ brand: e.target.value })}>
              <option value="">All brands</option>
              {(brands.data ?? []).map((b) => (
                <option key={b.id} value={b.name}>
                  {b.name}
                </option>
              ))}
            </Select>
          </div>
        )}

        <fieldset>
          <legend className={labelClass}>Size in stock</legend>
          <div className="flex flex-wrap gap-2">
            {SIZES.map((size) => (
              <label
                key={size}
                className="relative cursor-pointer border border-line px-3 py-1.5 text-sm capitalize has-[:checked]:border-ink has-[:checked]:bg-ink has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent"
              >
                <input
                  type="checkbox"
                  checked={sizes.includes(size)}
                  onChange={(e) =>
                    onChange({
                      size: joinSizes(
                        e.target.checked ? SIZES.filter((s) => s === size || sizes.includes(s)) : sizes.filter((s) => s !== size),
                      ),
                    })
                  }
                  className="absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
                />
                {size}
              </label>
            ))}
          </div>
        </fieldset>

        {colourOptions.length > 0 && (
          <div>
            <label htmlFor={`${id}-colour`} className={labelClass}>
              Colour in stock
            </label>
            <Select id={`${id}-colour`} value={state.color} onChange={(e) => onChange({ color: e.target.value })}>
              <option value="">Any colour</option>
              {colourOptions.map((colour) => (
                <option key={colour} value={colour}>
                  {colour}
                </option>
              ))}
            </Select>
          </div>
        )}

        <form onSubmit={onPrice} key={`${state.minPrice}-${state.maxPrice}`}>
          <fieldset>
            <legend className={labelClass}>Price (₦)</legend>
            <div className="flex items-center gap-2">
              <label htmlFor={`${id}-min`} className="sr-only">
                Minimum price in naira
              </label>
              <input
                id={`${id}-min`}
                name="minPrice"
                type="number"
                min={0}
                inputMode="numeric"
                placeholder="Min"
                defaultValue={state.minPrice}
                className={inputClass}
              />
              <span aria-hidden>–</span>
              <label htmlFor={`${id}-max`} className="sr-only">
                Maximum price in naira
              </label>
              <input
                id={`${id}-max`}
                name="maxPrice"
                type="number"
                min={0}
                inputMode="numeric"
                placeholder="Max"
                defaultValue={state.maxPrice}
                className={inputClass}
              />
            </div>
            <button
              type="submit"
              className="mt-3 w-full border border-ink py-2 text-xs font-semibold tracking-[0.18em] uppercase hover:bg-ink hover:text-white"
            >
              Apply price
            </button>
          </fieldset>
        </form>

        {active > 0 && (
          <button
            type="button"
            className="text-sm underline underline-offset-4 hover:text-accent"
            onClick={() =>
              onChange({
                ...(fixedBrand ? {} : { brand: '' }),
                sub: '',
                category: '',
                size: '',
                color: '',
                minPrice: undefined,
                maxPrice: undefined,
              })
            }
          >
            Clear filters
          </button>
        )}
      </div>
    </div>
  );
}
