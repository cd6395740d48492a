import type { ProductSort } from '@shop/shared/catalog';
import { SIZES } from '@shop/shared/constants';
import type { FacetsResponse } from '@shop/shared/search';
import { useQuery } from '@tanstack/react-query';
import { SlidersHorizontal } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Select } from '@/components/select.tsx';
import { inputClass, labelClass } from '@/components/ui-classes.ts';
import { taxonomyListOptions } from '@/lib/api/taxonomy.ts';
import {
  activeFilters,
  bandLabel,
  bandRange,
  type FixedChoices,
  hasValue,
  isBand,
  SORT_OPTIONS,
  toggleValue,
  valueList,
} from '../listing-choices.ts';
import type { ListingState } from '../listing-params.ts';

interface ListingFiltersProps {
  state: ListingState;
  /** The listing's own category: its sub-categories are offered. Without one, categories are. */
  category?: string;
  /** What the page filters by itself: no choice of those (a brand's page, the sale). */
  fixed?: FixedChoices;
  /** The count of each value for the listing's other filters; undefined while they load (no counts shown). */
  facets?: FacetsResponse;
  onChange(change: Partial<ListingState>): void;
}

/** A value offered and how many products choosing it shows (undefined: not known yet). */
interface Facet {
  value: string;
  label?: string;
  count?: number;
}

/**
 * Sort, category, and the facets of a listing: brand, sizes and colours in stock, price band
 * and on sale, each value with its count (a value that would show nothing is disabled, unless
 * chosen, so it can be unticked); on phones, behind a Filters button.
 */
export function ListingFilters({ state, category, fixed = {}, facets, onChange }: ListingFiltersProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const categories = useQuery(taxonomyListOptions('category'));
  const subs = useQuery(taxonomyListOptions('sub'));
  const categoryId = category ? categories.data?.find((c) => c.name.toLowerCase() === category.toLowerCase())?.id : undefined;
  const subOptions = category ? (subs.data ?? []).filter((s) => s.categoryId === categoryId) : [];
  const active = activeFilters(state, fixed).length;

  const sizes = withChosen(
    [...SIZES.map((value) => ({ value, count: facets ? 0 : undefined })), ...(facets?.sizes ?? [])],
    valueList(state.size),
    facets,
  );
  const colours = withChosen(facets?.colors ?? [], valueList(state.color), facets);
  const brands = withChosen(
    (facets?.brands ?? []).map((b) => ({ value: b.name, count: b.count })),
    state.brand ? [state.brand] : [],
    facets,
  );

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
            <Select id={`${id}-sub`} value={state.sub} onChange={(e) => onChange({ sub: e.target.value, subsub: '' })}>
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
            <Select
              id={`${id}-category`}
              value={state.category}
              onChange={(e) => onChange({ category: e.target.value, sub: '', subsub: '' })}
            >
              <option value="">All</option>
              {(categories.data ?? []).map((c) => (
                <option key={c.id} value={c.name}>
                  {c.name}
                </option>
              ))}
            </Select>
          </div>
        )}

        {!fixed.brand && brands.length > 0 && (
          <FacetGroup legend="Brand">
            <div className="max-h-64 space-y-1 overflow-y-auto pr-1">
              <FacetOption
                type="radio"
                name={`${id}-brand`}
                label="All brands"
                checked={!state.brand}
                onChange={() => onChange({ brand: '' })}
              />
              {brands.map((b) => (
                <FacetOption
                  key={b.value}
                  type="radio"
                  name={`${id}-brand`}
                  label={b.value}
                  count={b.count}
                  checked={b.value.toLowerCase() === state.brand.toLowerCase()}
                  onChange={() => onChange({ brand: b.value })}
                />
              ))}
            </div>
          </FacetGroup>
        )}

        <FacetGroup legend="Size in stock">
          <div className="flex flex-wrap gap-2">
            {sizes.map((s) => (
              <FacetChip
                key={s.value}
                label={s.value}
                count={s.count}
                checked={hasValue(state.size, s.value)}
                onChange={(on) => onChange({ size: toggleValue(state.size, s.value, on) })}
              />
            ))}
          </div>
        </FacetGroup>

        {colours.length > 0 && (
          <FacetGroup legend="Colour in stock">
            <div className="flex flex-wrap gap-2">
              {colours.map((c) => (
                <FacetChip
                  key={c.value.toLowerCase()}
                  label={c.value}
                  count={c.count}
                  checked={hasValue(state.color, c.value)}
                  onChange={(on) => onChange({ color: toggleValue(state.color, c.value, on) })}
                />
              ))}
            </div>
          </FacetGroup>
        )}

        <FacetGroup legend="Price (₦)">
          {facets && facets.prices.length > 0 && (
            <div className="mb-3 space-y-1">
              <FacetOption
                type="radio"
                name={`${id}-price`}
                label="Any price"
                checked={state.minPrice === undefined && state.maxPrice === undefined}
                onChange={() => onChange({ minPrice: undefined, maxPrice: undefined })}
              />
              {facets.prices.map((band) => (
                <FacetOption
                  key={`${band.min}-${band.max}`}
                  type="radio"
                  name={`${id}-price`}
                  label={bandLabel(band)}
                  count={band.count}
                  checked={isBand(state, band)}
                  onChange={() => onChange(bandRange(band))}
                />
              ))}
            </div>
          )}
          <form onSubmit={onPrice} key={`${state.minPrice}-${state.maxPrice}`}>
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
          </form>
        </FacetGroup>

        {!fixed.onSale && (
          <FacetGroup legend="Offers">
            <FacetOption
              type="checkbox"
              label="On sale"
              count={facets?.onSale}
              checked={state.onSale}
              onChange={(on) => onChange({ onSale: on })}
            />
          </FacetGroup>
        )}
      </div>
    </div>
  );
}

/**
 * The values to offer: each once (any case), those chosen always (with a count of 0 when the
 * counts leave them out), in the order given.
 */
function withChosen(offered: readonly Facet[], chosen: readonly string[], facets: FacetsResponse | undefined): Facet[] {
  const byValue = new Map<string, Facet>();
  for (const facet of offered) {
    const key = facet.value.toLowerCase();
    const seen = byValue.get(key);
    // A value counted by the API replaces the same value offered without its count.
    if (!seen || (seen.count === 0 && facet.count !== undefined))
      byValue.set(key, { ...facet, value: seen?.value ?? facet.value });
  }
  for (const value of chosen) {
    if (!byValue.has(value.toLowerCase())) byValue.set(value.toLowerCase(), { value, count: facets ? 0 : undefined });
  }
  return [...byValue.values()];
}

function FacetGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className={labelClass}>{legend}</legend>
      {children}
    </fieldset>
  );
}

/** " (12)" after a value's name (read as part of it), nothing while the counts load. */
function Count({ count, muted }: { count: number | undefined; muted: boolean }) {
  if (count === undefined) return null;
  return (
    <>
      {' '}
      <span className={muted ? 'text-muted' : ''}>({count})</span>
    </>
  );
}

/** A size or colour: a checkbox styled as a button, with its count. */
function FacetChip({
  label,
  count,
  checked,
  onChange,
}: {
  label: string;
  count?: number;
  checked: boolean;
  onChange(on: boolean): void;
}) {
  const disabled = count === 0 && !checked;
  return (
    <label
      className={`relative border px-3 py-1.5 text-sm capitalize has-[:checked]:border-ink has-[:checked]:bg-ink has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent ${
        disabled ? 'cursor-not-allowed border-line text-muted' : 'cursor-pointer border-line hover:border-ink'
      }`}
    >
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        className="absolute inset-0 m-0 size-full cursor-[inherit] appearance-none opacity-0"
      />
      {label}
      <Count count={count} muted={!checked} />
    </label>
  );
}

/** A brand, a price band or "on sale": a radio or checkbox on its own line, with its count. */
function FacetOption({
  type,
  name,
  label,
  count,
  checked,
  onChange,
}: {
  type: 'radio' | 'checkbox';
  name?: string;
  label: string;
  count?: number;
  checked: boolean;
  onChange(on: boolean): void;
}) {
  const disabled = count === 0 && !checked;
  return (
    <label className={`flex items-start gap-2 py-0.5 text-sm ${disabled ? 'cursor-not-allowed text-muted' : 'cursor-pointer'}`}>
      <input
        type={type}
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-ink"
      />
      <span className="min-w-0 flex-1">
        {label}
        <Count count={count} muted />
      </span>
    </label>
  );
}
