/**
 * The shopper's routes (storefront). The frame (banner, header, footer) is in the entry
 * bundle; every page is loaded lazily. Route components stay thin: they compose features.
 */
import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { productOptions } from '@/features/catalog/api/products.ts';
import { queryClient } from '@/lib/query-client.ts';
import { ErrorPage } from './routes/error-page.tsx';
import { StorefrontFallback, type StorefrontHandle, StorefrontLayout } from './routes/storefront/layout.tsx';

/** A lazily loaded page: `name` is the component the module exports. */
const page = (load: () => Promise<object>, name = 'default'): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load())[name as keyof object] as ComponentType }),
});
const listing = (name: string) => page(() => import('./routes/storefront/listings.tsx'), name);
const landing = (name: string) => page(() => import('./routes/storefront/category-landing.tsx'), name);
const noBanner: StorefrontHandle = { announcement: false };

/**
 * Starts the product's request while the page's code is still downloading (a static
 * loader runs in parallel with `lazy`), instead of after it: one round trip less before
 * the main image can load. It does not wait, so navigation is never held up.
 */
function prefetchProduct({ params }: LoaderFunctionArgs) {
  if (params.id) void queryClient.prefetchQuery(productOptions(params.id));
  return null;
}

export const storefrontRoutes: RouteObject[] = [
  {
    element: <StorefrontLayout />,
    HydrateFallback: StorefrontFallback,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          { index: true, ...page(() => import('./routes/storefront/home.tsx')) },
          {
            path: 'productdetails/:id',
            loader: prefetchProduct,
            ...page(() => import('./routes/storefront/product-details.tsx')),
          },
          { path: 'cart', ...page(() => import('./routes/storefront/cart.tsx')) },
          { path: 'register', ...page(() => import('./routes/storefront/register.tsx')) },
          { path: 'orders', ...page(() => import('./routes/storefront/orders.tsx')) },
          { path: 'search', ...listing('SearchPage') },
          { path: 'sales', ...listing('SalesPage') },
          { path: 'women', ...listing('WomenPage') },
          { path: 'men', ...listing('MenPage') },
          { path: 'beauty', ...listing('BeautyPage') },
          { path: 'homedecor', ...listing('HomeDecorPage') },
          { path: 'jewellery', ...listing('JewelleryPage') },
          { path: 'new', ...listing('NewInPage') },
          { path: 'brand', ...listing('BrandPage') },
          { path: 'dressescategory', ...landing('DressesLanding') },
          { path: 'beautycategory', ...landing('BeautyLanding') },
          { path: 'homedecorcategory', ...landing('HomeDecorLanding') },
          { path: 'posts', handle: noBanner, ...page(() => import('./routes/storefront/posts.tsx')) },
          { path: 'blogdetails/:id', handle: noBanner, ...page(() => import('./routes/storefront/blog-details.tsx')) },
        ],
      },
    ],
  },
];
