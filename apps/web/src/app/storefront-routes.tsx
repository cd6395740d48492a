/**
 * The shopper's routes (storefront). The frame (banner, header, footer) is in the entry
 * bundle; every page is loaded lazily. Route components stay thin: they compose features.
 */
import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { productListOptions, productOptions } from '@/features/catalog/api/product-queries.ts';
import { LISTING_FILTERS, type ListingPage } from '@/features/catalog/listing-pages.ts';
import { readListingState, toProductFilters } from '@/features/catalog/listing-params.ts';
import { queryClient } from '@/lib/query-client.ts';
import { ErrorPage } from './routes/error-page.tsx';
import { StorefrontFallback, type StorefrontHandle, StorefrontLayout } from './routes/storefront/layout.tsx';

/** A lazily loaded page: `name` is the component the module exports. */
const page = (load: () => Promise<object>, name = 'default'): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load())[name as keyof object] as ComponentType }),
});
/** A listing page whose products start loading with the page's code (see prefetchProduct). */
const listing = (name: string, filters?: ListingPage): Pick<RouteObject, 'lazy' | 'loader'> => ({
  ...page(() => import('./routes/storefront/listings.tsx'), name),
  ...(filters && {
    loader: ({ request }: LoaderFunctionArgs) => {
      const state = readListingState(new URL(request.url).searchParams);
      void queryClient.prefetchQuery(productListOptions(toProductFilters(state, LISTING_FILTERS[filters])));
      return null;
    },
  }),
});
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
          { path: 'sales', ...listing('SalesPage', 'sales') },
          { path: 'women', ...listing('WomenPage', 'women') },
          { path: 'men', ...listing('MenPage', 'men') },
          { path: 'beauty', ...listing('BeautyPage', 'beauty') },
          { path: 'homedecor', ...listing('HomeDecorPage', 'homedecor') },
          { path: 'jewellery', ...listing('JewelleryPage', 'jewellery') },
          { path: 'new', ...listing('NewInPage', 'new') },
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
