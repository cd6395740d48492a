import type { ProductSort } from '@shop/shared/catalog';
import type { FacetsResponse } from '@shop/shared/search';
import { SlidersHorizontal } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { Select } from '@/components/select.tsx';
import { labelClass, secondaryButton } from '@/components/ui-classes.ts';
import { activeFilters, type FixedChoices, hasValue, SORT_OPTIONS, toggleValue } from '../listing-choices.ts';
import { facetChoices, typedPrice } from '../listing-facets.ts';
import type { ListingState } from '../listing-params.ts';
import { useCategoryTaxonomy } from '../use-category-taxonomy.ts';
import { FacetChip, FacetGroup, FacetOption } from './facet-controls.tsx';
import { PriceFilter } from './price-filter.tsx';

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

/**
 * Sort, category, and the facets of a listing: brand, sizes and colours in stock, price band
 * and on sale, each value with its count (a value that would show nothing is disabled, unless
 * chosen, so it can be unticked); on phones, behind a Filters button.
 *
 * They are one GET form to the page itself (issue 32): with JavaScript each control applies on
 * change and the form's submit applies the price typed; without it, "Apply filters" sends them
 * all, named as the URL names them (sizes and colours repeated, which listing-params.ts joins).
 */
export function ListingFilters({ state, category, fixed = {}, facets, onChange }: ListingFiltersProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const taxonomy = useCategoryTaxonomy(category);
  const active = activeFilters(state, fixed).length;
  const { sizes, colours, brands } = facetChoices(state, facets);
  const { pathname } = useLocation();
  const onPrice = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onChange({ minPrice: typedPrice(data.get('minPrice')), maxPrice: typedPrice(data.get('maxPrice')) });
  };

  return (
    <form method="get" action={pathname} onSubmit={onPrice}>
      {/* What the URL says that no control here changes: the search's text, a brand's page's brand,
          the sub-sub-category a menu's link chose. */}
      {state.title && <input type="hidden" name="title" value={state.title} />}
      {state.subsub && <input type="hidden" name="subsub" value={state.subsub} />}
      {fixed.brand && state.brand && <input type="hidden" name="brand" value={state.brand} />}
      <button
        type="button"
        className="flex w-full items-center justify-center gap-2 border border-line py-2.5 text-sm font-medium tracking-[0.14em] uppercase lg:hidden noscript:hidden"
        aria-expanded={open}
        aria-controls={`${id}-filters`}
        onClick={() => setOpen((v) => !v)}
      >
        <SlidersHorizontal aria-hidden size={16} /> Filters{active > 0 ? ` (${active})` : ''}
      </button>
      <div id={`${id}-filters`} className={`${open ? 'block' : 'hidden'} mt-4 space-y-6 lg:mt-0 lg:block noscript:block`}>
        <div>
          <label htmlFor={`${id}-sort`} className={labelClass}>
            Sort by
          </label>
          <Select
            id={`${id}-sort`}
            name="sort"
            value={state.sort}
            onChange={(e) => onChange({ sort: e.target.value as ProductSort })}
          >
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
            <Select id={`${id}-sub`} name="sub" value={state.sub} onChange={(e) => onChange({ sub: e.target.value, subsub: '' })}>
              <option value="">All</option>
              {taxonomy.subs.map((s) => (
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
              name="category"
              value={state.category}
              onChange={(e) => onChange({ category: e.target.value, sub: '', subsub: '' })}
            >
              <option value="">All</option>
              {taxonomy.categories.map((c) => (
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
                name="brand"
                value=""
                label="All brands"
                checked={!state.brand}
                onChange={() => onChange({ brand: '' })}
              />
              {brands.map((b) => (
                <FacetOption
                  key={b.value}
                  type="radio"
                  name="brand"
                  value={b.value}
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
                name="size"
                value={s.value}
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
                  name="color"
                  value={c.value}
                  label={c.value}
                  count={c.count}
                  checked={hasValue(state.color, c.value)}
                  onChange={(on) => onChange({ color: toggleValue(state.color, c.value, on) })}
                />
              ))}
            </div>
          </FacetGroup>
        )}

        <PriceFilter state={state} facets={facets} onChange={onChange} />

        {!fixed.onSale && (
          <FacetGroup legend="Offers">
            <FacetOption
              type="checkbox"
              name="onSale"
              value="true"
              label="On sale"
              count={facets?.onSale}
              checked={state.onSale}
              onChange={(on) => onChange({ onSale: on })}
            />
          </FacetGroup>
        )}
        <noscript>
          <button type="submit" className={secondaryButton}>
            Apply filters
          </button>
        </noscript>
      </div>
    </form>
  );
}
