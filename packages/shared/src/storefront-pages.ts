/**
 * The storefront's pages, as the server needs to know them before the app runs: the path
 * (React Router syntax, as in apps/web/src/app/storefront-routes.tsx), the route module the
 * page loads (its key in Vite's manifest, so the server names its code for early download)
 * and whether the server renders it. A test in the web app fails when a storefront route
 * has no entry here, or an entry names a module that does not exist.
 *
 * Rendered on the server: public pages that look the same to every shopper. The cart, the
 * account pages and the category landings (whose carousel depends on the screen's width)
 * render in the browser.
 */
export interface StorefrontPage {
  /** '' is the home page; ':id' one path segment. */
  path: string;
  module: string;
  render: boolean;
}

const listings = ['search', 'sales', 'women', 'men', 'beauty', 'homedecor', 'jewellery', 'new', 'brand'];
const landings = ['dressescategory', 'beautycategory', 'homedecorcategory'];
const routes = 'src/app/routes/storefront';

export const STOREFRONT_PAGES: readonly StorefrontPage[] = [
  { path: '', module: `${routes}/home.tsx`, render: true },
  { path: 'productdetails/:id', module: `${routes}/product-details.tsx`, render: true },
  ...listings.map((path) => ({ path, module: `${routes}/listings.tsx`, render: true })),
  { path: 'posts', module: `${routes}/posts.tsx`, render: true },
  { path: 'blogdetails/:id', module: `${routes}/blog-details.tsx`, render: true },
  ...landings.map((path) => ({ path, module: `${routes}/category-landing.tsx`, render: false })),
  { path: 'cart', module: `${routes}/cart.tsx`, render: false },
  { path: 'register', module: `${routes}/register.tsx`, render: false },
  { path: 'orders', module: `${routes}/orders.tsx`, render: false },
];

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
