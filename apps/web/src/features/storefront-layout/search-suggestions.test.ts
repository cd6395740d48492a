import type { SuggestResponse } from '@shop/shared/search';
import { describe, expect, it } from 'vitest';
import { escapeStep, groupsOf, movedChoice, summaryOf } from './search-suggestions.ts';

const answer: SuggestResponse = {
  query: 'ankra',
  correctedQuery: null,
  products: [{ id: 'p1', title: 'Ankara Wrap Dress', brand: 'Zaron', imageUrl: null, price: 9000, oldPrice: null }],
  categories: [
    { id: 'c1', name: 'Women', kind: 'category', parent: '' },
    { id: 's1', name: 'Dresses', kind: 'sub', parent: 'Women' },
  ],
  brands: [{ id: 'b1', name: 'Ankara House' }],
};

describe('the header search’s suggestions', () => {
  it('groups them in the order the arrow keys go, "See all results" last', () => {
    const groups = groupsOf(answer, ' ankra ');
    expect(groups.map((g) => g.label)).toEqual(['Products', 'Categories', 'Brands', '']);
    expect(groups.flatMap((g) => g.options.map((o) => `${o.label}|${o.detail ?? ''}|${o.href}`))).toEqual([
      'Ankara Wrap Dress||/productdetails/p1',
      'Women|Category|/women',
      'Dresses|in Women|/women?sub=Dresses',
      'Ankara House|Brand|/brand?brand=Ankara+House',
      'See all results for “ankra”||/search?title=ankra',
    ]);
    expect(groupsOf(undefined, 'zz').map((g) => g.label)).toEqual(['']);
  });

  it('says what was found, and the words it searched for instead', () => {
    expect(summaryOf(answer)).toBe('1 product, 2 categories, 1 brand suggested.');
    expect(summaryOf({ ...answer, products: [], categories: [], brands: [], correctedQuery: 'ankara' })).toBe(
      'No suggestions. Showing results for ankara.',
    );
  });

  it('moves the choice with the arrow keys, round at either end, opening on the first or the last', () => {
    expect(movedChoice('ArrowDown', -1, 4, false)).toBe(0);
    expect(movedChoice('ArrowDown', 2, 4, false)).toBe(0);
    expect(movedChoice('ArrowDown', 2, 4, true)).toBe(3);
    expect(movedChoice('ArrowDown', 3, 4, true)).toBe(0);
    expect(movedChoice('ArrowUp', 2, 4, false)).toBe(3);
    expect(movedChoice('ArrowUp', 0, 4, true)).toBe(3);
    expect(movedChoice('ArrowUp', -1, 4, true)).toBe(3);
    expect(movedChoice('ArrowUp', 2, 4, true)).toBe(1);
  });

  it('closes the list on Escape, then clears the text, then closes the search', () => {
    expect(escapeStep(true, 'ank')).toBe('collapse');
    expect(escapeStep(false, 'ank')).toBe('clear');
    expect(escapeStep(false, '')).toBe('close');
  });
});
