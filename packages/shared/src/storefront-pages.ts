/**
 * The storefront's pages: the one list of them. The web app builds its storefront routes
 * from it (apps/web/src/app/storefront-routes.tsx: each page's path, in this order, lazily
 * loading `component` from `module`), and the server reads it before the app runs: the
 * module is its key in Vite's manifest, so the server names the page's code for early
 * download, and `render` says whether the server renders the page. It lives here, not in
 * the web app, because the API must read it without loading React. A page added here is
 * routed; a route module not listed here is not (apps/web/src/app/storefront-pages.test.ts).
 *
 * Rendered on the server: public pages that look the same to every shopper. The cart, the
 * account pages and the category landings (whose carousel depends on the screen's width)
 * render in the browser.
 */
export interface StorefrontPage {
  /** '' is the home page; ':id' one path segment (React Router syntax). */
  path: string;
  /** The route module, from the web app's root (apps/web). */
  module: string;
  /** What the module exports for this page: 'default', or a named component. */
  component: string;
  render: boolean;
}

const ROUTE_MODULES = 'src/app/routes/storefront';

const page = <const P extends string>(path: P, file: string, render: boolean, component = 'default') => ({
  path,
  module: `${ROUTE_MODULES}/${file}`,
  component,
  render,
});

/** In the router's order. */
export const STOREFRONT_PAGES = [
  page('', 'home.tsx', true),
  page('productdetails/:id', 'product-details.tsx', true),
  page('cart', 'cart.tsx', false),
  page('register', 'register.tsx', false),
  page('forgot-password', 'forgot-password.tsx', false),
  page('reset-password', 'reset-password.tsx', false),
  page('orders', 'orders.tsx', false),
  page('orders/:id', 'order.tsx', false),
  page('orders/:id/invoice', 'invoice.tsx', false),
  page('search', 'listings.tsx', true, 'SearchPage'),
  page('sales', 'listings.tsx', true, 'SalesPage'),
  page('women', 'listings.tsx', true, 'WomenPage'),
  page('men', 'listings.tsx', true, 'MenPage'),
  page('beauty', 'listings.tsx', true, 'BeautyPage'),
  page('homedecor', 'listings.tsx', true, 'HomeDecorPage'),
  page('jewellery', 'listings.tsx', true, 'JewelleryPage'),
  page('new', 'listings.tsx', true, 'NewInPage'),
  page('brand', 'listings.tsx', true, 'BrandPage'),
  page('dressescategory', 'category-landing.tsx', false, 'DressesLanding'),
  page('beautycategory', 'category-landing.tsx', false, 'BeautyLanding'),
  page('homedecorcategory', 'category-landing.tsx', false, 'HomeDecorLanding'),
  page('posts', 'posts.tsx', true),
  page('blogdetails/:id', 'blog-details.tsx', true),
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
