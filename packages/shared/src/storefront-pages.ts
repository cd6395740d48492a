/**
 * The storefront's pages: the one list of them. The web app builds its storefront routes
 * from it (apps/web/src/app/storefront-routes.tsx: each page's path, in this order, lazily
 * loading `component` from `module`), and the server reads it before the app runs: the
 * module is its key in Vite's manifest, so the server names the page's code for early
 * download, and `render` says whether the server renders the page. It lives here, not in
 * the web app, because the API must read it without loading React. A page added here is
 * routed; a route module not listed here is not (apps/web/src/app/storefront-pages.test.ts).
 *
 * Rendered on the server: public pages that look the same to every shopper, cached. The
 * category landings (whose carousel depends on the screen's width) and the account pages
 * render in the browser; a shopper's own pages that work without JavaScript (sign-in, cart,
 * checkout, her orders: the API's storefront/own-pages.ts) are rendered on the server for her
 * alone, never cached, and rendered again by the app in the browser.
 */
export interface StorefrontPage {
  /** '' is the home page; ':id' one path segment (React Router syntax). */
  path: string;
  /** The route module, from the web app's root (apps/web). */
  module: string;
  /** What the module exports for this page: 'default', or a named component. */
  component: string;
  render: boolean;
  /**
   * The query parameters the page reads (its loader and components); the server renders and
   * caches the page for these only, so any other parameter cannot force a fresh render.
   */
  query: readonly string[];
}

const ROUTE_MODULES = 'src/app/routes/storefront';

/** What a listing page reads from its URL (apps/web/src/features/catalog/listing-params.ts, readListingState). */
export const LISTING_QUERY_PARAMS = [
  'title',
  'sort',
  'minPrice',
  'maxPrice',
  'brand',
  'category',
  'sub',
  'subsub',
  'size',
  'color',
  'onSale',
  'page',
] as const;

/**
 * A listing's filters that take several values, comma-separated ("size=m,l"): a filters form
 * without JavaScript sends one of each ("size=m&size=l"), which reads the same.
 */
const LIST_QUERY_PARAMS: readonly string[] = ['size', 'color'];

/** What the product page reads from its URL: the variant to show chosen (its id). */
export const PRODUCT_QUERY_PARAMS = ['variant'] as const;

const page = <const P extends string>(
  path: P,
  file: string,
  render: boolean,
  component = 'default',
  query: readonly string[] = [],
) => ({
  path,
  module: `${ROUTE_MODULES}/${file}`,
  component,
  render,
  query,
});
const listing = <const P extends string>(path: P, component: string) =>
  page(path, 'listings.tsx', true, component, LISTING_QUERY_PARAMS);

/**
 * The listing pages of the web app's listing table (heading, intro and the filters each
 * always applies: apps/web/src/features/catalog/listing-pages.ts), each one route to
 * listings.tsx's ListingPage. Search and brand are listings of their own.
 */
export const LISTING_PAGE_PATHS = ['sales', 'women', 'men', 'beauty', 'homedecor', 'jewellery', 'new'] as const;
export type ListingPath = (typeof LISTING_PAGE_PATHS)[number];

/** In the router's order. */
export const STOREFRONT_PAGES = [
  page('', 'home.tsx', true),
  // `variant`: the size and colour chosen (a shared or catalogue feed link, issue 31).
  page('productdetails/:id', 'product-details.tsx', true, 'default', PRODUCT_QUERY_PARAMS),
  page('cart', 'cart.tsx', false),
  // Checking out without JavaScript: the delivery address and bank transfer or pay on delivery (issue 32).
  page('checkout', 'cart.tsx', false, 'CheckoutRoute'),
  // The storefront's sign-in page, which works without JavaScript (issue 32); /login is the back office's.
  page('signin', 'register.tsx', false, 'SignInRoute'),
  // A cart-recovery link (issue 31): puts an abandoned checkout's lines back in the device's cart.
  page('cart/restore', 'cart-restore.tsx', false),
  page('register', 'register.tsx', false),
  page('forgot-password', 'forgot-password.tsx', false),
  page('reset-password', 'reset-password.tsx', false),
  page('orders', 'orders.tsx', false),
  page('orders/:id', 'order.tsx', false),
  page('orders/:id/invoice', 'invoice.tsx', false),
  // The shopper's e-mail choices, and the page a marketing e-mail's unsubscribe link opens (issue 31).
  page('account', 'account.tsx', false),
  page('unsubscribe', 'unsubscribe.tsx', false),
  // The shopper's wishlist, and a list she shared (public to whoever has the link, never crawled: issue 31).
  page('wishlist', 'wishlist.tsx', false),
  page('wishlist/:shareToken', 'wishlist.tsx', false, 'SharedWishlistRoute'),
  listing('search', 'SearchPage'),
  ...LISTING_PAGE_PATHS.map((path) => listing(path, 'ListingPage')),
  listing('brand', 'BrandPage'),
  page('dressescategory', 'category-landing.tsx', false, 'DressesLanding'),
  page('beautycategory', 'category-landing.tsx', false, 'BeautyLanding'),
  page('homedecorcategory', 'category-landing.tsx', false, 'HomeDecorLanding'),
  page('posts', 'posts.tsx', true),
  page('blogdetails/:id', 'blog-details.tsx', true),
  // A till sale's receipt, by the sale's UUID: public (no sign-in) but private (noindex, never rendered or listed).
  page('r/:saleId', 'receipt.tsx', false),
] as const satisfies readonly StorefrontPage[];

/** A storefront page's path ('', 'productdetails/:id', 'women', ...). */
export type StorefrontPath = (typeof STOREFRONT_PAGES)[number]['path'];

/** The page a URL path ('/women', '/productdetails/abc') shows, if it is a storefront page. */
export function storefrontPageFor(pathname: string): StorefrontPage | undefined {
  const segments = pathname.replace(/^\/+|\/+$/g, '').split('/');
  return STOREFRONT_PAGES.find((page) => {
    const pattern = page.path.split('/');
    return (
      pattern.length === segments.length &&
      pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]))
    );
  });
}

/**
 * A storefront URL as the server renders and caches it: the path, and the page's own query
 * parameters (first value of each; a list's values joined with commas) in name order with one
 * encoding. Anything else (tracking tags, `?x=<random>`) is left out, so it can neither force a
 * fresh render nor push other pages out of the cache.
 */
export function storefrontPageUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const pathname = queryStart < 0 ? url : url.slice(0, queryStart);
  const names = storefrontPageFor(pathname)?.query ?? [];
  if (queryStart < 0 || names.length === 0) return pathname;
  // As URLSearchParams reads a query (first value of a name, '+' a space); not used here,
  // as this package has no DOM or Node types.
  const given = new Map<string, string>();
  for (const part of (url.slice(queryStart + 1).split('#', 1)[0] ?? '').split('&')) {
    if (!part) continue;
    const equals = part.indexOf('=');
    const name = decodeQueryPart(equals < 0 ? part : part.slice(0, equals));
    const value = equals < 0 ? '' : decodeQueryPart(part.slice(equals + 1));
    const first = given.get(name);
    if (first === undefined) given.set(name, value);
    else if (LIST_QUERY_PARAMS.includes(name)) given.set(name, `${first},${value}`);
  }
  const query = [...names]
    .sort()
    .flatMap((name) => {
      const value = given.get(name);
      // An empty value is no choice: a filters form without JavaScript sends every field.
      return value === undefined || value === '' ? [] : [`${encodeQueryPart(name)}=${encodeQueryPart(value)}`];
    })
    .join('&');
  return query ? `${pathname}?${query}` : pathname;
}

function decodeQueryPart(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

const encodeQueryPart = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');
