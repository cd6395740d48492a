import { describe, expect, it } from 'vitest';
import { postPath, productPath, productVariantPath } from './paths.ts';
import { storefrontPageFor } from './storefront-pages.ts';

describe('product and post paths', () => {
  it('are the storefront pages that show them, with the id as one encoded segment', () => {
    const id = '0b6a3c1e-2f4d-4e5a-9b7c-8d9e0f1a2b3c';
    expect(productPath(id)).toBe(`/productdetails/${id}`);
    expect(postPath(id)).toBe(`/blogdetails/${id}`);
    expect(storefrontPageFor(productPath(id))?.path).toBe('productdetails/:id');
    expect(storefrontPageFor(postPath(id))?.path).toBe('blogdetails/:id');
    expect(productPath('a/b c')).toBe('/productdetails/a%2Fb%20c');
    expect(storefrontPageFor(postPath('a/b'))?.path).toBe('blogdetails/:id');
    expect(productVariantPath(id, 'v 1')).toBe(`/productdetails/${id}?variant=v%201`);
  });
});
