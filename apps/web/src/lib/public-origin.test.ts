import { DROPPED_PARAMS } from '@shop/shared/tracking';
import { afterEach, describe, expect, it } from 'vitest';
import { canonicalUrl } from './canonical-url.ts';
import { absoluteUrl, publicOrigin, setPublicOrigin } from './public-origin.ts';

const initial = publicOrigin();
afterEach(() => setPublicOrigin(initial));

describe('the public origin', () => {
  it('makes absolute URLs on the shop’s address, without a doubled slash', () => {
    setPublicOrigin('https://adire.ng/');
    expect(publicOrigin()).toBe('https://adire.ng');
    expect(absoluteUrl('/productdetails/1')).toBe('https://adire.ng/productdetails/1');
    expect(absoluteUrl('posts')).toBe('https://adire.ng/posts');
    expect(absoluteUrl('https://cdn.example.com/a.webp')).toBe('https://cdn.example.com/a.webp');
  });
});

describe('canonicalUrl', () => {
  it('drops tracking parameters from any page', () => {
    setPublicOrigin('https://adire.ng');
    expect(canonicalUrl('/productdetails/1', '?utm_source=whatsapp&utm_medium=share&fbclid=x&gclid=y&msclkid=z')).toBe(
      'https://adire.ng/productdetails/1',
    );
    expect(canonicalUrl('/', '?utm_campaign=launch')).toBe('https://adire.ng/');
    expect(canonicalUrl('/blogdetails/9', '')).toBe('https://adire.ng/blogdetails/9');
  });

  it('drops a listing’s sort and paging, keeps its filters, in one order', () => {
    setPublicOrigin('https://adire.ng');
    expect(canonicalUrl('/women', '?sort=price_asc&page=3&sub=Dresses&utm_source=ig')).toBe('https://adire.ng/women?sub=Dresses');
    expect(canonicalUrl('/women', '?size=M%2CL&color=Indigo&offset=24&limit=24')).toBe(
      'https://adire.ng/women?color=Indigo&size=M%2CL',
    );
    expect(canonicalUrl('/women', '?color=Indigo&size=M%2CL')).toBe(canonicalUrl('/women', '?size=M%2CL&color=Indigo'));
    expect(canonicalUrl('/brand', '?brand=Lagos+Loom&page=2')).toBe('https://adire.ng/brand?brand=Lagos+Loom');
    expect(canonicalUrl('/new', '?category=Women&sort=latest')).toBe('https://adire.ng/new?category=Women');
    expect(canonicalUrl('/sales/', '?brand=')).toBe('https://adire.ng/sales');
  });

  it('drops exactly the listing parameters of DROPPED_PARAMS, and only on listings', () => {
    setPublicOrigin('https://adire.ng');
    const view = DROPPED_PARAMS.listingView.map((name) => `${name}=2`).join('&');
    expect(canonicalUrl('/men', `?${view}`)).toBe('https://adire.ng/men');
    // Not a listing: its parameters are what it shows.
    expect(canonicalUrl('/posts', '?page=2')).toBe('https://adire.ng/posts?page=2');
  });
});
