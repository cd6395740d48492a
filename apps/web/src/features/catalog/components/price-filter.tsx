/**
 * "Price (₦)": the API's price bands with their counts (once counted), and a min–max range typed
 * and applied. The range's boxes and button are the listing filters' form's (listing-filters.tsx):
 * its submit applies them, and without JavaScript sends them with the other filters.
 */
import type { FacetsResponse } from '@shop/shared/search';
import { useId } from 'react';
import { inputClass } from '@/components/ui-classes.ts';
import { bandLabel, bandRange, isBand } from '../listing-choices.ts';
import type { ListingState } from '../listing-params.ts';
import { FacetGroup, FacetOption } from './facet-controls.tsx';

export function PriceFilter({
  state,
  facets,
  onChange,
}: {
  state: Pick<ListingState, 'minPrice' | 'maxPrice'>;
  facets: FacetsResponse | undefined;
  onChange(change: Partial<ListingState>): void;
}) {
  const id = useId();
  return (
    <FacetGroup legend="Price (₦)">
      {facets && facets.prices.length > 0 && (
        // A band is two values (min and max), so no field of the filters' form (form=""): without
        // JavaScript the range's boxes choose the price.
        <div className="mb-3 space-y-1 noscript:hidden">
          <FacetOption
            type="radio"
            name={`${id}-price`}
            form=""
            label="Any price"
            checked={state.minPrice === undefined && state.maxPrice === undefined}
            onChange={() => onChange({ minPrice: undefined, maxPrice: undefined })}
          />
          {facets.prices.map((band) => (
            <FacetOption
              key={`${band.min}-${band.max}`}
              type="radio"
              name={`${id}-price`}
              form=""
              label={bandLabel(band)}
              count={band.count}
              checked={isBand(state, band)}
              onChange={() => onChange(bandRange(band))}
            />
          ))}
        </div>
      )}
      {/* Keyed by the range: a range chosen elsewhere (a band, a chip removed) shows in the boxes. */}
      <div key={`${state.minPrice}-${state.maxPrice}`}>
        <div className="flex items-center gap-2">
          <PriceBox id={`${id}-min`} name="minPrice" label="Minimum" placeholder="Min" value={state.minPrice} />
          <span aria-hidden>–</span>
          <PriceBox id={`${id}-max`} name="maxPrice" label="Maximum" placeholder="Max" value={state.maxPrice} />
        </div>
        <button
          type="submit"
          className="mt-3 w-full border border-ink py-2 text-xs font-semibold tracking-[0.18em] uppercase hover:bg-ink hover:text-white"
        >
          Apply price
        </button>
      </div>
    </FacetGroup>
  );
}

/** The min or max box, filled with the range applied. */
function PriceBox({
  id,
  name,
  label,
  placeholder,
  value,
}: {
  id: string;
  name: string;
  label: string;
  placeholder: string;
  value?: number;
}) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label} price in naira
      </label>
      <input
        id={id}
        name={name}
        type="number"
        min={0}
        inputMode="numeric"
        placeholder={placeholder}
        defaultValue={value}
        className={inputClass}
      />
    </>
  );
}
