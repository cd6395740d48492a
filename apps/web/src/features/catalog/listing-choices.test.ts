import { PRICE_BANDS, priceBandFilter } from '@shop/shared/search';
import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  bandLabel,
  bandRange,
  clearFilters,
  hasValue,
  imagesFirst,
  isBand,
  toggleValue,
  writeListingState,
} from './listing-choices.ts';
import { readListingState } from './listing-params.ts';

describe('changing a listing', () => {
  it('goes back to page 1 when a filter changes, and leaves defaults and empty values out', () => {
    const next = writeListingState(new URLSearchParams('page=4&brand=Zaron'), { sort: 'latest', sub: 'Dresses' });
    expect(next.toString()).toBe('brand=Zaron&sub=Dresses');
    expect(writeListingState(next, { page: 2 }).get('page')).toBe('2');
    expect(writeListingState(new URLSearchParams('size=medium&page=3'), { size: '' }).toString()).toBe('');
    expect(writeListingState(new URLSearchParams('onSale=true'), { onSale: false }).toString()).toBe('');
    expect(writeListingState(new URLSearchParams(), { onSale: true }).toString()).toBe('onSale=true');
  });

  it('ticks and unticks one value of a comma-separated filter, any case', () => {
    expect(toggleValue('', 'medium', true)).toBe('medium');
    expect(toggleValue('medium', 'large', true)).toBe('medium,large');
    expect(toggleValue('Red,Blue', 'red', false)).toBe('Blue');
    expect(toggleValue('red', 'Red', true)).toBe('Red');
    expect(hasValue('Red,Blue', 'blue')).toBe(true);
    expect(hasValue('', 'blue')).toBe(false);
  });

  it('writes a price band as an inclusive range ending a kobo below its upper bound', () => {
    const band = { min: 10_000, max: 25_000 };
    expect(bandRange(band)).toEqual({ minPrice: 10_000, maxPrice: 24_999.99 });
    expect(bandRange({ min: null, max: 10_000 })).toEqual({ minPrice: undefined, maxPrice: 9999.99 });
    expect(bandRange({ min: 100_000, max: null })).toEqual({ minPrice: 100_000, maxPrice: undefined });
    const url = writeListingState(new URLSearchParams(), bandRange(band));
    expect(url.toString()).toBe('minPrice=10000&maxPrice=24999.99');
    expect(isBand(readListingState(url), band)).toBe(true);
    expect(isBand(readListingState(url), { min: 25_000, max: 50_000 })).toBe(false);
    for (const shared of PRICE_BANDS) {
      expect(bandRange(shared)).toEqual({ minPrice: undefined, maxPrice: undefined, ...priceBandFilter(shared) });
    }
    expect(bandLabel({ min: null, max: 10_000 })).toBe('Under ₦10,000.00');
    expect(bandLabel(band)).toBe('₦10,000.00 to ₦25,000.00');
    expect(bandLabel({ min: 100_000, max: null })).toBe('₦100,000.00 and over');
  });

  it('lists each filter chosen with the change that removes it alone', () => {
    const state = readListingState(
      new URLSearchParams('title=ankara&brand=Zaron&size=medium,large&color=Red&minPrice=10000&onSale=true&sub=Dresses'),
    );
    const filters = activeFilters(state);
    expect(filters.map((f) => f.label)).toEqual([
      'Category: Dresses',
      'Brand: Zaron',
      'Size: medium',
      'Size: large',
      'Colour: Red',
      'Price: ₦10,000.00 and over',
      'On sale',
    ]);
    expect(filters.find((f) => f.label === 'Size: medium')?.remove).toEqual({ size: 'large' });
    expect(filters.find((f) => f.key === 'price')?.remove).toEqual({ minPrice: undefined, maxPrice: undefined });
  });

  it('leaves out and keeps the filters a page applies by itself', () => {
    const state = readListingState(new URLSearchParams('brand=Zaron&onSale=true&category=Men&size=small'));
    const fixed = { brand: 'Zaron', onSale: 'true' as const, category: 'Women' };
    expect(activeFilters(state, fixed).map((f) => f.label)).toEqual(['Size: small']);
    const cleared = writeListingState(new URLSearchParams('title=ankara&sort=title&brand=Zaron&size=small'), clearFilters(fixed));
    expect(cleared.toString()).toBe('title=ankara&sort=title&brand=Zaron');
    expect(writeListingState(new URLSearchParams('brand=Zaron&size=small'), clearFilters()).toString()).toBe('');
  });

  it('puts products with a photo first, keeping their order', () => {
    const p = (id: string, imageUrls: string[]) => ({ id, imageUrls, imageUrl: imageUrls[0] ?? null });
    const sorted = imagesFirst([p('a', []), p('b', ['/x']), p('c', []), p('d', ['/y'])]);
    expect(sorted.map((x) => x.id)).toEqual(['b', 'd', 'a', 'c']);
  });
});
