import { describe, expect, it } from 'vitest';
import { productPath as productHref } from '@shop/shared/paths';
import { brandHref, categoryHref, searchHref } from './search-links.ts';

describe('where a suggestion leads', () => {
  it('sends a top category to its listing page, and one without a page to the search page', () => {
    expect(categoryHref({ id: '1', name: 'Women', kind: 'category', parent: '' })).toBe('/women');
    expect(categoryHref({ id: '2', name: 'home', kind: 'category', parent: '' })).toBe('/homedecor');
    expect(categoryHref({ id: '3', name: 'Jewellery', kind: 'category', parent: '' })).toBe('/jewellery');
    expect(categoryHref({ id: '4', name: 'Kids', kind: 'category', parent: '' })).toBe('/search?category=Kids');
  });

  it('sends a sub-category to its category’s listing, filtered by it', () => {
    expect(categoryHref({ id: '5', name: 'Head Ties', kind: 'sub', parent: 'Women' })).toBe('/women?sub=Head+Ties');
    expect(categoryHref({ id: '6', name: 'Toys', kind: 'sub', parent: 'Kids' })).toBe('/search?category=Kids&sub=Toys');
    expect(categoryHref({ id: '7', name: 'Maxi', kind: 'subsub', parent: 'Dresses' })).toBe('/search?subsub=Maxi');
  });

  it('sends a product to its page, a brand to its page and the text to the search page', () => {
    expect(productHref('a b')).toBe('/productdetails/a%20b');
    expect(brandHref('Zaron & Co')).toBe('/brand?brand=Zaron+%26+Co');
    expect(searchHref(' aso oke ')).toBe('/search?title=aso+oke');
  });
});
