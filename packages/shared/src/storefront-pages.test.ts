import { describe, expect, it } from 'vitest';
import { storefrontPageUrl } from './storefront-pages.ts';

describe('storefrontPageUrl', () => {
  it('keeps the page’s own parameters, first value each, in name order with one encoding', () => {
    expect(storefrontPageUrl('/women?sub=Dresses&sort=price_asc')).toBe('/women?sort=price_asc&sub=Dresses');
    expect(storefrontPageUrl('/women?sort=price_asc&sub=Dresses&sort=title')).toBe('/women?sort=price_asc&sub=Dresses');
    expect(storefrontPageUrl('/search?title=aso%20oke')).toBe('/search?title=aso+oke');
    expect(storefrontPageUrl('/search?title=aso+oke#top')).toBe('/search?title=aso+oke');
    expect(storefrontPageUrl('/brand?brand=Zaron%20%26%20Co')).toBe('/brand?brand=Zaron+%26+Co');
    // The product page's chosen variant (issue 31): a catalogue feed's or a shared link.
    expect(storefrontPageUrl('/productdetails/abc?utm_source=ig&variant=v1&sort=title')).toBe('/productdetails/abc?variant=v1');
  });

  it('joins the sizes and colours a filters form sends one by one (without JavaScript), as the listing reads them', () => {
    expect(storefrontPageUrl('/women?size=m&sort=title&size=l&color=Indigo&color=Red')).toBe(
      '/women?color=Indigo%2CRed&size=m%2Cl&sort=title',
    );
    expect(storefrontPageUrl('/women?size=m%2Cl')).toBe('/women?size=m%2Cl');
    // The fields left empty are no choice: one page, one cache entry.
    expect(storefrontPageUrl('/women?sort=title&sub=&brand=&minPrice=&maxPrice=&size=m')).toBe('/women?size=m&sort=title');
  });

  it('drops every other parameter, and the page’s parameters on pages that read none', () => {
    expect(storefrontPageUrl('/women?x=123&utm_source=wa&fbclid=1')).toBe('/women');
    expect(storefrontPageUrl('/productdetails/abc?sort=title&v=2')).toBe('/productdetails/abc');
    expect(storefrontPageUrl('/?page=2')).toBe('/');
    expect(storefrontPageUrl('/not-a-page?title=x')).toBe('/not-a-page');
  });
});
