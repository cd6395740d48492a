import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STOREFRONT_PAGES, storefrontPageFor } from '@shop/shared/storefront-pages';
import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createStorefrontRoutes, ROUTE_IDS } from './storefront-routes.tsx';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const routeModules = path.join(webRoot, 'src/app/routes/storefront');

/** Every page route of a route tree, with its full path ('' for the index), in order. */
function pageRoutes(routes: RouteObject[], parent = ''): { path: string; route: RouteObject }[] {
  return routes.flatMap((route) => {
    const here = route.index ? parent : [parent, route.path ?? ''].filter(Boolean).join('/');
    const own = route.index || route.path ? [{ path: here, route }] : [];
    return [...own, ...pageRoutes(route.children ?? [], here)];
  });
}

/** The component a route's `lazy` resolves to. */
async function lazyComponent(route: RouteObject): Promise<unknown> {
  if (typeof route.lazy !== 'function') return undefined;
  return ((await route.lazy()) as { Component?: unknown }).Component;
}

describe('the storefront page table the server reads (@shop/shared/storefront-pages)', () => {
  const routes = pageRoutes(createStorefrontRoutes({ queryClient: new QueryClient(), wait: false }));

  it('is the storefront’s route list: one route per page, in the table’s order, and no other', () => {
    expect(routes.map((r) => r.path)).toEqual(STOREFRONT_PAGES.map((page) => page.path));
  });

  it('names route modules that exist', () => {
    for (const page of STOREFRONT_PAGES) expect(existsSync(path.join(webRoot, page.module)), page.module).toBe(true);
  });

  it('routes each path to the module the table names for it (the one the server preloads), and its component', async () => {
    for (const page of STOREFRONT_PAGES) {
      const route = routes.find((r) => r.path === page.path)!.route;
      const module: Record<string, unknown> = await import(/* @vite-ignore */ path.join(webRoot, page.module));
      expect(module[page.component], `${page.module} exports ${page.component}`).toBeTypeOf('function');
      expect(await lazyComponent(route), `/${page.path} loads ${page.component} from ${page.module}`).toBe(
        module[page.component],
      );
    }
  });

  it('lists every page module in routes/storefront (a module it does not list is never routed)', () => {
    const listed = new Set(STOREFRONT_PAGES.map((page) => path.basename(page.module)));
    const modules = readdirSync(routeModules).filter((file) => file.endsWith('.tsx') && file !== 'layout.tsx');
    expect(modules.filter((file) => !listed.has(file))).toEqual([]);
  });

  it('keeps the ids the server renderer looks for, the loaders that start a page’s data and the handles', () => {
    const find = (pagePath: string) => routes.find((r) => r.path === pagePath)!.route;
    expect(find('').id).toBe(ROUTE_IDS.home);
    expect(find('productdetails/:id').id).toBe(ROUTE_IDS.product);
    expect(find('posts').id).toBe(ROUTE_IDS.posts);
    expect(find('blogdetails/:id').id).toBe(ROUTE_IDS.post);
    const withLoader = routes.filter((r) => r.route.loader).map((r) => r.path);
    expect(withLoader).toEqual([
      'productdetails/:id',
      'sales',
      'women',
      'men',
      'beauty',
      'homedecor',
      'jewellery',
      'new',
      'brand',
      'blogdetails/:id',
    ]);
    const withoutBanner = routes.filter((r) => r.route.handle?.announcement === false).map((r) => r.path);
    expect(withoutBanner).toEqual(['orders/:id/invoice', 'posts', 'blogdetails/:id']);
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
