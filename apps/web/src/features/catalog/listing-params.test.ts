import { describe, expect, it } from 'vitest';
import { LISTING_QUERY_PARAMS } from '@shop/shared/storefront-pages';
import { productListOptions } from '@/lib/api/products.ts';
import { readListingState, toProductFilters } from './listing-params.ts';

describe('listing state in the URL', () => {
  it('reads only the parameters the server renders and caches a listing for (LISTING_QUERY_PARAMS)', () => {
    const read = new Set<string>();
    const params = new URLSearchParams('x=1');
    const get = params.get.bind(params);
    params.get = (name: string) => {
      read.add(name);
      return get(name);
    };
    const getAll = params.getAll.bind(params);
    params.getAll = (name: string) => {
      read.add(name);
      return getAll(name);
    };
    readListingState(params);
    expect([...read].sort()).toEqual([...LISTING_QUERY_PARAMS].sort());
  });

  it('reads the URL, ignoring values it cannot use', () => {
    const state = readListingState(new URLSearchParams('sort=price_asc&minPrice=1000&maxPrice=x&brand=Zaron&page=3'));
    expect(state).toMatchObject({ sort: 'price_asc', minPrice: 1000, maxPrice: undefined, brand: 'Zaron', page: 3 });
    expect(readListingState(new URLSearchParams('sort=cheapest&page=-2'))).toMatchObject({ sort: 'latest', page: 1 });
    expect(readListingState(new URLSearchParams('sort=toString'))).toMatchObject({ sort: 'latest' });
  });

  it('puts the page’s own filters last, so the URL cannot override them', () => {
    const state = readListingState(new URLSearchParams('category=Men&onSale=false&page=2'));
    expect(toProductFilters(state, { category: 'Women' })).toMatchObject({ category: 'Women', offset: 24, limit: 24 });
    expect(toProductFilters(state, { onSale: 'true' })).toMatchObject({ onSale: 'true' });
  });

  it('keeps the sizes and colours in stock in the URL and sends them to the server', () => {
    const state = readListingState(new URLSearchParams('size=medium,,large&color=Red, Blue'));
    expect(state).toMatchObject({ size: 'medium,large', color: 'Red,Blue' });
    expect(toProductFilters(state, {})).toMatchObject({ size: 'medium,large', color: 'Red,Blue' });
  });

  it('reads sizes and colours sent one by one (the filters form without JavaScript) as a list', () => {
    const state = readListingState(new URLSearchParams('size=medium&size=large&color=Red&color=Blue,Green'));
    expect(state).toMatchObject({ size: 'medium,large', color: 'Red,Blue,Green' });
  });

  it('sends on sale and the sub-sub-category only when chosen', () => {
    const chosen = readListingState(new URLSearchParams('onSale=true&subsub=Maxi'));
    expect(chosen).toMatchObject({ onSale: true, subsub: 'Maxi' });
    expect(toProductFilters(chosen, {})).toMatchObject({ onSale: 'true', subsub: 'Maxi' });
    const none = productListOptions(toProductFilters(readListingState(new URLSearchParams('onSale=yes')), {})).queryKey[2];
    expect(none).not.toHaveProperty('onSale');
    expect(none).not.toHaveProperty('subsub');
  });

  it('reads a backwards price range as a single price', () => {
    const state = readListingState(new URLSearchParams('minPrice=5000&maxPrice=100'));
    expect(toProductFilters(state, {})).toMatchObject({ minPrice: '5000', maxPrice: '5000' });
  });
});
