/**
 * The crawl rules against the web app's own routes: every back-office page of
 * apps/web/src/app/admin-routes.tsx is kept out of robots.txt's reach (a page added there and
 * not here fails this test), and every storefront page is either public or private.
 */
import path from 'node:path';
import { STOREFRONT_PAGES } from '@shop/shared/storefront-pages';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ALLOWED_DESPITE_PREFIX,
  BACK_OFFICE_PATHS,
  PRIVATE_STOREFRONT_PAGES,
  PUBLIC_ROW_PAGES,
  PUBLIC_STATIC_PAGES,
  robotsTxt,
} from './crawl-rules.ts';

interface RouteLike {
  path?: string;
  children?: RouteLike[];
}

/** Every path of a route tree, in full ('purchasetable/:id'). */
function routePaths(routes: RouteLike[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const here = [parent, route.path ?? ''].filter(Boolean).join('/');
    return [...(route.path ? [here] : []), ...routePaths(route.children ?? [], here)];
  });
}

/**
 * Whether robots.txt lets a crawler fetch `url`, as RFC 9309 reads it: the longest matching
 * rule wins, an allow rule on a tie. (Our rules are plain prefixes: no '*' or '$'.)
 */
function allowed(robots: string, url: string): boolean {
  let best: { length: number; allow: boolean } = { length: -1, allow: true };
  for (const line of robots.split('\n')) {
    const rule = /^(Allow|Disallow):\s*(\S+)$/.exec(line);
    if (!rule || !url.startsWith(rule[2]!)) continue;
    const length = rule[2]!.length;
    const allow = rule[1] === 'Allow';
    if (length > best.length || (length === best.length && allow)) best = { length, allow };
  }
  return best.allow;
}

/** The back-office paths robots.txt does not keep crawlers from. */
const uncovered = (robots: string, paths: string[]) =>
  paths.filter((p) => {
    const url = `/${p.replace(/:id/g, '1')}`;
    return allowed(robots, url) || allowed(robots, url.toLowerCase());
  });

const robots = robotsTxt('https://adire.example');
let adminPaths: string[];

beforeAll(async () => {
  // The web app's back-office routes, loaded as they are (the pages themselves load lazily and are never imported here).
  const file = path.resolve(import.meta.dirname, '../../../web/src/app/admin-routes.tsx');
  const { adminRoutes } = (await import(/* @vite-ignore */ file)) as { adminRoutes: RouteLike[] };
  adminPaths = routePaths(adminRoutes);
});

describe('robots.txt', () => {
  it('keeps crawlers out of every back-office page of the web app', () => {
    expect(adminPaths.length).toBeGreaterThan(20);
    expect(uncovered(robots, adminPaths)).toEqual([]);
  });

  it('would catch a back-office page added without a rule here', () => {
    expect(uncovered(robots, [...adminPaths, 'ledger', 'ledger/:id'])).toEqual(['ledger', 'ledger/:id']);
  });

  it('lists only back-office paths the web app has (none left over)', () => {
    const firstSegments = new Set(adminPaths.map((p) => p.split('/')[0]));
    expect(BACK_OFFICE_PATHS.filter((p) => !firstSegments.has(p))).toEqual([]);
  });

  it('keeps crawlers out of the API, the shopper’s own pages and search results, and lets them into the storefront', () => {
    for (const url of [
      '/api/products',
      '/api/',
      '/cart',
      '/orders',
      '/orders/1/invoice',
      '/register',
      '/forgot-password',
      '/reset-password?token=x',
      '/search',
      '/search?title=ankara',
      '/login',
      '/dashboard',
      '/producttable',
      '/createProduct',
      '/createproduct',
      '/pos',
    ]) {
      expect(allowed(robots, url), url).toBe(false);
    }
    for (const url of [
      '/',
      '/women',
      '/women?sub=Dresses',
      '/new',
      '/sales',
      '/brand',
      '/brand?brand=Lagos+Loom',
      '/dressescategory',
      '/posts',
      '/blogdetails/1',
      '/productdetails/1',
      '/uploads/abc-640.webp',
      '/sitemap.xml',
    ]) {
      expect(allowed(robots, url), url).toBe(true);
    }
    // /pos (the point of sale) would hide /posts (the blog): allowed by a longer rule.
    expect(ALLOWED_DESPITE_PREFIX).toContain('/posts');
  });

  it('names the sitemap on the shop’s public address', () => {
    expect(robots).toMatch(/^User-agent: \*\n/);
    expect(robots).toContain('\nSitemap: https://adire.example/sitemap.xml\n');
  });
});

describe('the storefront pages', () => {
  it('are each public (in the sitemap) or private (in robots.txt), never neither', () => {
    const pages = STOREFRONT_PAGES.map((page) => page.path);
    const privatePages = pages.filter((p) => PRIVATE_STOREFRONT_PAGES.some((q) => p === q || p.startsWith(`${q}/`)));
    expect([...PUBLIC_STATIC_PAGES, ...PUBLIC_ROW_PAGES, ...privatePages].sort()).toEqual([...pages].sort());
    expect(PUBLIC_ROW_PAGES).toEqual(['productdetails/:id', 'blogdetails/:id']);
  });
});
