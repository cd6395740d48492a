/**
 * The shopper's routes (storefront). The frame (banner, header, footer) is in the entry
 * bundle; every page is loaded lazily. Route components stay thin: they compose features.
 *
 * Loaders put a page's main data in the query cache. In the browser they only start the
 * request (in parallel with the page's code) and never hold navigation up; in the
 * server-side renderer they wait for it, so the HTML carries the data (entry-server.tsx).
 */
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { productListOptions, productOptions } from '@/lib/api/products.ts';
import { LISTING_FILTERS, type ListingPage } from '@/features/catalog/listing-pages.ts';
import { readListingState, toProductFilters } from '@/features/catalog/listing-params.ts';
import { ErrorPage } from './routes/error-page.tsx';
import { StorefrontFallback, type StorefrontHandle, StorefrontLayout } from './routes/storefront/layout.tsx';

export interface RouteData {
  queryClient: QueryClient;
  /** true on the server: loaders wait for their data. */
  wait: boolean;
}

/** Route ids the server-side renderer looks for (entry-server.tsx). */
export const ROUTE_IDS = { home: 'home', product: 'product', posts: 'posts', post: 'post' } as const;

/** A lazily loaded page: `name` is the component the module exports. */
const page = (load: () => Promise<object>, name = 'default'): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load())[name as keyof object] as ComponentType }),
});
const landing = (name: string) => page(() => import('./routes/storefront/category-landing.tsx'), name);
const noBanner: StorefrontHandle = { announcement: false };

export function createStorefrontRoutes({ queryClient, wait }: RouteData): RouteObject[] {
  async function load<T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>): Promise<null> {
    const loading = queryClient.prefetchQuery(options);
    if (wait) await loading;
    return null;
  }

  /** A listing page whose products start loading with the page's code. */
  const listing = (name: string, filters?: ListingPage): Pick<RouteObject, 'lazy' | 'loader'> => ({
    ...page(() => import('./routes/storefront/listings.tsx'), name),
    ...(filters && {
      loader: ({ request }: LoaderFunctionArgs) => {
        const state = readListingState(new URL(request.url).searchParams);
        return load(productListOptions(toProductFilters(state, LISTING_FILTERS[filters])));
      },
    }),
  });

  /**
   * The product's request starts while the page's code is still downloading (a static
   * loader runs in parallel with `lazy`): one round trip less before the main image loads.
   */
  const loadProduct = ({ params }: LoaderFunctionArgs) => (params.id ? load(productOptions(params.id)) : null);

  return [
    {
      element: <StorefrontLayout />,
      HydrateFallback: StorefrontFallback,
      children: [
        {
          errorElement: <ErrorPage />,
          children: [
            { index: true, id: ROUTE_IDS.home, ...page(() => import('./routes/storefront/home.tsx')) },
            {
              path: 'productdetails/:id',
              id: ROUTE_IDS.product,
              loader: loadProduct,
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
            { path: 'posts', id: ROUTE_IDS.posts, handle: noBanner, ...page(() => import('./routes/storefront/posts.tsx')) },
            {
              path: 'blogdetails/:id',
              id: ROUTE_IDS.post,
              handle: noBanner,
              ...page(() => import('./routes/storefront/blog-details.tsx')),
            },
          ],
        },
      ],
    },
  ];
}
