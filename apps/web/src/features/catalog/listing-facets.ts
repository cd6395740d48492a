/**
 * What a listing's filters offer: the brands, sizes and colours to choose from, each once
 * and with its count from the API's facets (the ones chosen always, so they can be
 * unticked), and a price as typed in the min or max box. The filters' code only.
 */
import { SIZES } from '@shop/shared/constants';
import type { FacetsResponse } from '@shop/shared/search';
import { valueList } from './listing-choices.ts';
import type { ListingState } from './listing-params.ts';

/** A value offered and how many products choosing it shows (undefined: not known yet). */
export interface Facet {
  value: string;
  label?: string;
  count?: number;
}

/**
 * The values to offer: each once (any case), those chosen always (with a count of 0 when the
 * counts leave them out), in the order given.
 */
export function withChosen(offered: readonly Facet[], chosen: readonly string[], facets: FacetsResponse | undefined): Facet[] {
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

/** The sizes (every size the shop knows, then any other the API counts), colours and brands to offer. */
export function facetChoices(state: Pick<ListingState, 'size' | 'color' | 'brand'>, facets: FacetsResponse | undefined) {
  return {
    sizes: withChosen(
      [...SIZES.map((value) => ({ value, count: facets ? 0 : undefined })), ...(facets?.sizes ?? [])],
      valueList(state.size),
      facets,
    ),
    colours: withChosen(facets?.colors ?? [], valueList(state.color), facets),
    brands: withChosen(
      (facets?.brands ?? []).map((b) => ({ value: b.name, count: b.count })),
      state.brand ? [state.brand] : [],
      facets,
    ),
  };
}

/** A price typed in the min or max box: none when empty, else naira, never below 0. */
export function typedPrice(typed: FormDataEntryValue | null): number | undefined {
  const value = String(typed ?? '').trim();
  return value === '' ? undefined : Math.max(0, Number(value));
}
