import type { FacetsResponse } from '@shop/shared/search';
import { describe, expect, it } from 'vitest';
import { facetChoices, typedPrice, withChosen } from './listing-facets.ts';

const facets: FacetsResponse = {
  total: 3,
  brands: [{ id: 'b1', name: 'Zaron', count: 2 }],
  sizes: [
    { value: 'medium', count: 3 },
    { value: '42', count: 1 },
  ],
  colors: [{ value: 'Indigo', count: 3 }],
  prices: [],
  onSale: 0,
};

describe('what a listing’s filters offer', () => {
  it('offers each value once (any case), a counted value replacing one offered without a count', () => {
    expect(
      withChosen(
        [
          { value: 'medium', count: 0 },
          { value: 'Medium', count: 3 },
          { value: 'red', count: 2 },
          { value: 'RED', count: 5 },
        ],
        [],
        facets,
      ),
    ).toEqual([
      { value: 'medium', count: 3 },
      { value: 'red', count: 2 },
    ]);
  });

  it('keeps what is chosen on offer, counted 0 once the counts are in, uncounted before', () => {
    expect(withChosen([{ value: 'Indigo', count: 3 }], ['indigo', 'Red'], facets)).toEqual([
      { value: 'Indigo', count: 3 },
      { value: 'Red', count: 0 },
    ]);
    expect(withChosen([], ['Red'], undefined)).toEqual([{ value: 'Red', count: undefined }]);
  });

  it('offers every size the shop knows then the others counted, and the brands and colours counted', () => {
    const choices = facetChoices({ size: 'small', color: '', brand: 'Nobody' }, facets);
    const sizes = choices.sizes.map((s) => `${s.value}:${s.count}`);
    expect(sizes).toContain('medium:3');
    expect(sizes).toContain('small:0');
    expect(sizes.at(-1)).toBe('42:1');
    expect(choices.brands).toEqual([
      { value: 'Zaron', count: 2 },
      { value: 'Nobody', count: 0 },
    ]);
    expect(choices.colours).toEqual([{ value: 'Indigo', count: 3 }]);
    expect(facetChoices({ size: '', color: '', brand: '' }, undefined).sizes.every((s) => s.count === undefined)).toBe(true);
  });

  it('reads a price typed: none when empty, never below 0', () => {
    expect(typedPrice(' 2500 ')).toBe(2500);
    expect(typedPrice('-5')).toBe(0);
    expect(typedPrice('  ')).toBeUndefined();
    expect(typedPrice(null)).toBeUndefined();
  });
});
