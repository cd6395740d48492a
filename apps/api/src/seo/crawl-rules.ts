/**
 * Which of the shop's paths search engines may crawl, in one place: robots.txt is written
 * from it, and the sitemap lists the storefront pages it leaves public.
 *
 * The storefront's pages come from their one table (@shop/shared/storefront-pages): a page
 * is public unless it is listed in PRIVATE_STOREFRONT_PAGES. The back office's pages are in
 * the web app (apps/web/src/app/admin-routes.tsx), which the API does not load;
 * crawl-rules.test.ts reads that file and fails when one of its pages is missing here.
 */
import { BACK_OFFICE_PATHS } from '@shop/shared/back-office-paths';
import { STOREFRONT_PAGES, type StorefrontPath } from '@shop/shared/storefront-pages';

/** A page's path or its first segment ('orders', 'r' of 'r/:saleId'). */
type PathOrFirstSegment<P extends string> = P | (P extends `${infer First}/${string}` ? First : never);

/**
 * Storefront pages that belong to one shopper, or are search results: never crawled (nor their
 * sub-paths). 'r' holds the till's receipts (/r/{saleId}), each one customer's; 'wishlist'
 * a shopper's list and the lists shared by link (/wishlist/{shareToken}).
 */
export const PRIVATE_STOREFRONT_PAGES = [
  'cart',
  'register',
  'forgot-password',
  'reset-password',
  'orders',
  'account',
  'unsubscribe',
  'wishlist',
  'search',
  'r',
] as const satisfies readonly PathOrFirstSegment<StorefrontPath>[];

export { BACK_OFFICE_PATHS };

const isPrivatePage = (path: string) => PRIVATE_STOREFRONT_PAGES.some((page) => path === page || path.startsWith(`${page}/`));

/** The public storefront pages without a parameter ('' is the home page), in the table's order. */
export const PUBLIC_STATIC_PAGES: string[] = STOREFRONT_PAGES.map((page) => page.path).filter(
  (path) => !path.includes(':') && !isPrivatePage(path),
);

/** The public storefront pages with a parameter ('productdetails/:id', ...): the sitemap lists one per row. */
export const PUBLIC_ROW_PAGES: string[] = STOREFRONT_PAGES.map((page) => page.path).filter(
  (path) => path.includes(':') && !isPrivatePage(path),
);

/**
 * Path prefixes kept out of search engines, as robots.txt writes them. React Router matches
 * paths case-insensitively but robots.txt does not, so a back-office path spelled with
 * capitals (/createProduct) is listed as spelled and in lower case.
 */
export const DISALLOWED_PREFIXES: string[] = [
  '/api/',
  // A page's path as a prefix (/orders, and /orders/1); a first segment only as a folder (/r/, not /reports).
  ...PRIVATE_STOREFRONT_PAGES.map((page) => (STOREFRONT_PAGES.some((p) => p.path === page) ? `/${page}` : `/${page}/`)),
  ...[...new Set(BACK_OFFICE_PATHS.flatMap((path) => [path, path.toLowerCase()]))].map((path) => `/${path}`),
];

/**
 * Public pages that a disallowed prefix would catch too (robots.txt rules are prefixes: /pos
 * would hide /posts): allowed explicitly, the longer rule wins.
 */
export const ALLOWED_DESPITE_PREFIX: string[] = [
  ...PUBLIC_STATIC_PAGES.map((path) => `/${path}`),
  ...PUBLIC_ROW_PAGES.map((path) => `/${path.slice(0, path.indexOf(':'))}`),
].filter((path) => path !== '/' && DISALLOWED_PREFIXES.some((prefix) => path.startsWith(prefix)));

/** robots.txt for the shop at `publicUrl`: the storefront crawled, the rest not, and where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ALLOWED_DESPITE_PREFIX.map((path) => `Allow: ${path}`),
    ...DISALLOWED_PREFIXES.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
