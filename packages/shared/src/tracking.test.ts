import { describe, expect, it } from 'vitest';
import { DROPPED_PARAMS, isListingViewParam, isTrackingParam, withoutTrackingParams } from './tracking.ts';

describe('tracking parameters', () => {
  it('are utm_*, fbclid, gclid and msclkid, in any case', () => {
    for (const name of ['utm_source', 'utm_medium', 'utm_campaign', 'UTM_Term', 'utm_', 'fbclid', 'gclid', 'MSCLKID']) {
      expect(isTrackingParam(name), name).toBe(true);
    }
    for (const name of ['utm', 'brand', 'sub', 'page', 'sort', 'fbclidx', 'xgclid'])
      expect(isTrackingParam(name), name).toBe(false);
    expect(DROPPED_PARAMS.tracking).toEqual(['utm_*', 'fbclid', 'gclid', 'msclkid']);
  });

  it('leave the rest of a URL as it was, byte for byte and in order', () => {
    expect(withoutTrackingParams('/women?utm_source=wa&sub=Dresses&utm_medium=chat')).toBe('/women?sub=Dresses');
    expect(withoutTrackingParams('/brand?brand=Lagos+Loom&fbclid=IwAR0x&size=M%2CL')).toBe('/brand?brand=Lagos+Loom&size=M%2CL');
    expect(withoutTrackingParams('/productdetails/1?gclid=abc')).toBe('/productdetails/1');
    expect(withoutTrackingParams('/productdetails/1?msclkid=abc#reviews')).toBe('/productdetails/1#reviews');
    expect(withoutTrackingParams('/women?utm%5Fsource=x')).toBe('/women');
    // Nothing to drop: the very same string.
    for (const url of ['/', '/women', '/women?sub=Dresses&page=2', '/search?title=utm_source', '/women?']) {
      expect(withoutTrackingParams(url)).toBe(url);
    }
  });

  it('tell a listing’s view (sort and page) from its filters', () => {
    for (const name of DROPPED_PARAMS.listingView) expect(isListingViewParam(name)).toBe(true);
    for (const name of ['brand', 'sub', 'category', 'size', 'color', 'minPrice', 'maxPrice', 'title', 'onSale']) {
      expect(isListingViewParam(name)).toBe(false);
    }
  });
});
