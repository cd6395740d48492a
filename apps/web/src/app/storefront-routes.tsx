/**
 * The shopper's routes (storefront), built from the storefront's page table
 * (@shop/shared/storefront-pages, which the server reads too): each page's path, in the
 * table's order, lazily loading the component the table names from its module. A module in
 * routes/storefront that the table does not list is never routed. The frame (banner, header,
 * footer) is in the entry bundle; every page is loaded lazily. Route components stay thin:
 * they compose features. What a page adds to its entry (an id, a loader, a handle) is below;
 * a page of the listing table (features/catalog/listing-pages.ts) gets the loader of its
 * products and its path in its handle.
 *
 * Loaders put a page's main data in the query cache. In the browser they only start the
 * request (in parallel with the page's code) and never hold navigation up; in the
 * server-side renderer they wait for it, so the HTML carries the data (entry-server.tsx).
 * There they also throw a 404 when the page's thing does not exist (a deleted product, an
 * unknown post, brand or category): the error page shows the app's Not Found, the server
 * answers 404, and the browser hydrates the same Not Found. (In the browser, a page reached
 * by a link shows its own not-found state instead of waiting for its data.) These checks are
 * behind `import.meta.env.SSR`, false in the browser's build: they and the clients they use
 * (taxonomy, posts) stay out of the storefront's entry bundle.
 */
import { type ListingPath, STOREFRONT_PAGES, type StorefrontPage, type StorefrontPath } from '@shop/shared/storefront-pages';
import type { TaxonomyItem } from '@shop/shared/catalog';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { data, type LoaderFunctionArgs, type NonIndexRouteObject, type RouteObject } from 'react-router';
import { ApiError } from '@/lib/api-client.ts';
import { productListOptions, productOptions } from '@/lib/api/products.ts';
import type { TaxonomyKind } from '@/lib/api/taxonomy.ts';
import { isListingPath, LISTING_PAGES } from '@/features/catalog/listing-pages.ts';
import { type ListingState, readListingState, toProductFilters } from '@/features/catalog/listing-params.ts';
import { ErrorPage } from './routes/error-page.tsx';
import { StorefrontFallback, type StorefrontHandle, StorefrontLayout } from './routes/storefront/layout.tsx';

export interface RouteData {
  queryClient: QueryClient;
  /** true on the server: loaders wait for their data. */
  wait: boolean;
}

/** Route ids the server-side renderer looks for (entry-server.tsx). */
export const ROUTE_IDS = { home: 'home', product: 'product', posts: 'posts', post: 'post' } as const;

/**
 * Every page module, loaded on demand, keyed as the table names them ('/' + module: from the
 * web app's root). The frame is not a page.
 */
const pageModules = import.meta.glob<Record<string, ComponentType>>([
  '/src/app/routes/storefront/*.tsx',
  '!/src/app/routes/storefront/layout.tsx',
]);

/**
 * A page of the table as a lazily loaded route: the component it names, from its module
 * (storefront-pages.test.ts checks every page's module and component exist).
 */
function lazyPage({ module, component }: StorefrontPage): Pick<RouteObject, 'lazy'> {
  const load = pageModules[`/${module}`]!;
  return { lazy: async () => ({ Component: (await load())[component] }) };
}

const noBanner: StorefrontHandle = { announcement: false };

/** What a loader throws for a page of something that does not exist (error-page.tsx shows Not Found). */
const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/** The URL's names that must exist for its listing to exist, by the list they are in. */
const NAMED_IN_LISTING = { brand: 'brand', category: 'category', sub: 'sub', subsub: 'subsub' } as const satisfies Record<
  string,
  TaxonomyKind
>;

/**
 * Whether `value` (a name as the URL has it, any case, or an id; the API's filters take
 * both) is in `items`; a comma-separated list of names when each of them is.
 */
function namesKnown(items: readonly TaxonomyItem[], value: string): boolean {
  const known = (one: string) => items.some((item) => item.id === one || item.name.toLowerCase() === one.toLowerCase());
  return known(value.trim()) || value.split(',').every((one) => one.trim() !== '' && known(one.trim()));
}

export function createStorefrontRoutes({ queryClient, wait }: RouteData): RouteObject[] {
  /**
   * Puts a page's data in the cache: starts it in the browser, waits for it on the server.
   * `required`: the page is about this one thing, so if the API has no such thing (404) the
   * page does not exist either (thrown on the server only).
   */
  async function load<T, K extends QueryKey>(
    options: FetchQueryOptions<T, Error, T, K>,
    { required = false } = {},
  ): Promise<null> {
    if (!wait) {
      void queryClient.prefetchQuery(options);
      return null;
    }
    try {
      await queryClient.fetchQuery(options);
    } catch (error) {
      // Any other failure stays in the cache; the renderer then leaves the page to the browser.
      if (required && import.meta.env.SSR && wait && error instanceof ApiError && error.status === 404) throw notFound();
    }
    return null;
  }

  /**
   * On the server: a 404 unless the brand, category and sub-categories the listing's URL
   * names exist. (The browser does not check: the taxonomy client stays out of its entry.)
   */
  async function requireNamed(state: ListingState): Promise<void> {
    if (!(import.meta.env.SSR && wait)) return;
    const { taxonomyListOptions } = await import('@/lib/api/taxonomy.ts');
    await Promise.all(
      Object.entries(NAMED_IN_LISTING).map(async ([param, kind]) => {
        const value = state[param as keyof typeof NAMED_IN_LISTING];
        if (!value) return;
        const items = await queryClient.fetchQuery(taxonomyListOptions(kind)).catch(() => undefined);
        // A list that failed to load proves nothing: the page is rendered (or left to the browser) as usual.
        if (items && !namesKnown(items, value)) throw notFound();
      }),
    );
  }

  /**
   * On the server: what a listing's filters show besides its products (the categories, the
   * sub-categories, the count of each value), so its HTML is whole without JavaScript and the
   * browser does not ask for them again once it runs (three requests of a first view).
   */
  async function loadFilters(filters: ReturnType<typeof toProductFilters>): Promise<void> {
    if (!(import.meta.env.SSR && wait)) return;
    const [{ taxonomyListOptions }, { facetsOptions }] = await Promise.all([
      import('@/lib/api/taxonomy.ts'),
      import('@/lib/api/search.ts'),
    ]);
    await Promise.all([load(taxonomyListOptions('category')), load(taxonomyListOptions('sub')), load(facetsOptions(filters))]);
  }

  /** A page of the listing table, whose products start loading with the page's code (search and brand have no fixed filters). */
  const listing = (path: ListingPath): PageExtras => ({
    loader: async ({ request }: LoaderFunctionArgs) => {
      const state = readListingState(new URL(request.url).searchParams);
      const filters = toProductFilters(state, LISTING_PAGES[path].filters);
      await Promise.all([load(productListOptions(filters)), requireNamed(state), loadFilters(filters)]);
      return null;
    },
    handle: { listing: path } satisfies StorefrontHandle,
  });

  /**
   * The product's request starts while the page's code is still downloading (a static
   * loader runs in parallel with `lazy`): one round trip less before the main image loads.
   */
  const loadProduct = ({ params }: LoaderFunctionArgs) =>
    params.id ? load(productOptions(params.id), { required: true }) : null;

  /** On the server only (the post page loads its post itself in the browser, as before). */
  const loadPost = async ({ params }: LoaderFunctionArgs) => {
    if (!(import.meta.env.SSR && wait) || !params.id) return null;
    const { postOptions } = await import('@/lib/api/posts.ts');
    return load(postOptions(params.id), { required: true });
  };

  /** A brand's page (/brand?brand=Name, its listing with the brand fixed), or the directory of brands (/brand). */
  const loadBrand = async ({ request }: LoaderFunctionArgs) => {
    const params = new URL(request.url).searchParams;
    const brand = params.get('brand');
    if (!brand) {
      if (!(import.meta.env.SSR && wait)) return null;
      const { taxonomyListOptions } = await import('@/lib/api/taxonomy.ts');
      return load(taxonomyListOptions('brand'));
    }
    const state = readListingState(params);
    await Promise.all([load(productListOptions(toProductFilters(state, { brand }))), requireNamed(state)]);
    return null;
  };

  /** What a page adds to its entry in the table, besides a listing's loader. */
  const extras: { [P in StorefrontPath]?: PageExtras } = {
    '': { id: ROUTE_IDS.home },
    'productdetails/:id': { id: ROUTE_IDS.product, loader: loadProduct },
    brand: { loader: loadBrand },
    // The search's results, on the server only: a browser without JavaScript reads them there
    // (issue 32); in the browser the page loads them itself, and the entry carries none of this.
    ...(import.meta.env.SSR && {
      search: {
        loader: ({ request }: LoaderFunctionArgs) =>
          load(productListOptions(toProductFilters(readListingState(new URL(request.url).searchParams), {}))),
      },
    }),
    posts: { id: ROUTE_IDS.posts, handle: noBanner },
    'blogdetails/:id': { id: ROUTE_IDS.post, handle: noBanner, loader: loadPost },
    'orders/:id/invoice': { handle: noBanner },
  };

  return [
    {
      element: <StorefrontLayout />,
      HydrateFallback: StorefrontFallback,
      children: [
        {
          errorElement: <ErrorPage />,
          children: STOREFRONT_PAGES.map(
            (page): RouteObject => ({
              ...(page.path === '' ? { index: true } : { path: page.path }),
              ...(isListingPath(page.path) ? listing(page.path) : extras[page.path]),
              ...lazyPage(page),
            }),
          ),
        },
      ],
    },
  ];
}

type PageExtras = Pick<NonIndexRouteObject, 'id' | 'loader' | 'handle'>;
