/**
 * Canonical URLs of storefront pages (lib/seo.ts), apart from public-origin.ts because the
 * storefront's entry needs the origin but not this.
 */
import { STOREFRONT_PAGES } from '@shop/shared/storefront-pages';
import { isListingViewParam, isTrackingParam } from '@shop/shared/tracking';
import { absoluteUrl } from './public-origin.ts';

/**
 * Whether the page at `pathname` is a product listing (its sort and page are not part of what it
 * is). A listing's path is one segment, so it is found without storefrontPageFor, whose code then
 * stays out of the storefront's entry (which holds the page table for the router).
 */
const isListing = (pathname: string) => {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  return STOREFRONT_PAGES.some((page) => page.path === path && page.module.endsWith('/listings.tsx'));
};

/**
 * The canonical URL of a storefront page: absolute, without tracking parameters, and for a
 * listing without its sort and paging (every order and page of a listing is one page to a
 * search engine), keeping the filters that say what is listed (brand, sub-category, size ...),
 * in a stable order, so one listing has one canonical URL however the shopper got to it.
 * The dropped parameters are DROPPED_PARAMS in @shop/shared/tracking.
 */
export function canonicalUrl(pathname: string, search = ''): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname || '/';
  const listing = isListing(path);
  const kept = [...new URLSearchParams(search)].filter(
    ([name, value]) => value !== '' && !isTrackingParam(name) && !(listing && isListingViewParam(name)),
  );
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(kept).toString();
  return absoluteUrl(query ? `${path}?${query}` : path);
}
