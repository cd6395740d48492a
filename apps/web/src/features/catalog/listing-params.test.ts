import { describe, expect, it } from 'vitest';
import { imagesFirst, readListingState, toProductFilters, writeListingState } from './listing-params.ts';

describe('listing state in the URL', () => {
  it('reads the URL, ignoring values it cannot use', () => {
    const state = readListingState(new URLSearchParams('sort=price_asc&minPrice=1000&maxPrice=x&brand=Zaron&page=3'));
    expect(state).toMatchObject({ sort: 'price_asc', minPrice: 1000, maxPrice: undefined, brand: 'Zaron', page: 3 });
    expect(readListingState(new URLSearchParams('sort=cheapest&page=-2'))).toMatchObject({ sort: 'latest', page: 1 });
  });

  it('goes back to page 1 when a filter changes, and leaves defaults out', () => {
    const next = writeListingState(new URLSearchParams('page=4&brand=Zaron'), { sort: 'latest', sub: 'Dresses' });
    expect(next.toString()).toBe('brand=Zaron&sub=Dresses');
    expect(writeListingState(next, { page: 2 }).get('page')).toBe('2');
  });

  it('puts the page’s own filters last, so the URL cannot override them', () => {
    const state = readListingState(new URLSearchParams('category=Men&page=2'));
    expect(toProductFilters(state, { category: 'Women' })).toMatchObject({ category: 'Women', offset: 24, limit: 24 });
  });

  it('keeps the sizes and colour in stock in the URL and sends them to the server', () => {
    const state = readListingState(new URLSearchParams('size=medium,,large&color=Red'));
    expect(state).toMatchObject({ size: 'medium,large', color: 'Red' });
    expect(toProductFilters(state, {})).toMatchObject({ size: 'medium,large', color: 'Red' });
    expect(writeListingState(new URLSearchParams('size=medium&page=3'), { size: '' }).toString()).toBe('');
  });

  it('reads a backwards price range as a single price', () => {
    const state = readListingState(new URLSearchParams('minPrice=5000&maxPrice=100'));
    expect(toProductFilters(state, {})).toMatchObject({ minPrice: '5000', maxPrice: '5000' });
  });

  it('puts products with a photo first, keeping their order', () => {
    const p = (id: string, imageUrls: string[]) => ({ id, imageUrls, imageUrl: imageUrls[0] ?? null });
    const sorted = imagesFirst([p('a', []), p('b', ['/x']), p('c', []), p('d', ['/y'])]);
    expect(sorted.map((x) => x.id)).toEqual(['b', 'd', 'a', 'c']);
  });
});
