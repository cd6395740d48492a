import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STOREFRONT_PAGES, storefrontPageFor } from '@shop/shared/storefront-pages';
import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createStorefrontRoutes } from './storefront-routes.tsx';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every page path of a route tree ('' for the index), joined with its parents'. */
function pagePaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const here = route.index ? parent : [parent, route.path ?? ''].filter(Boolean).join('/');
    const own = route.index || route.path ? [here] : [];
    return [...own, ...pagePaths(route.children ?? [], here)];
  });
}

describe('the storefront page table the server reads (@shop/shared/storefront-pages)', () => {
  const routes = createStorefrontRoutes({ queryClient: new QueryClient(), wait: false });

  it('has an entry for every storefront route, and none for a route that is gone', () => {
    expect(pagePaths(routes).sort()).toEqual(STOREFRONT_PAGES.map((page) => page.path).sort());
  });

  it('names route modules that exist', () => {
    for (const page of STOREFRONT_PAGES) expect(existsSync(path.join(webRoot, page.module)), page.module).toBe(true);
  });

  it('finds the page of a URL path', () => {
    expect(storefrontPageFor('/')?.path).toBe('');
    expect(storefrontPageFor('/women')?.module).toMatch(/listings\.tsx$/);
    expect(storefrontPageFor('/productdetails/abc')?.render).toBe(true);
    expect(storefrontPageFor('/productdetails/')).toBeUndefined();
    expect(storefrontPageFor('/cart')?.render).toBe(false);
    expect(storefrontPageFor('/dashboard')).toBeUndefined();
  });
});
