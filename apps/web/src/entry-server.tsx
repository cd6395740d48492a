/**
 * Server-side rendering of the storefront's public pages (home, listings, product, blog).
 * The API process imports the build of this file (dist-server/entry-server.js) and puts
 * the HTML in #root, so a phone paints the page, its text and its main image before any
 * JavaScript has run; the browser then hydrates it (main.tsx) with the same data.
 *
 * A public page is rendered as an anonymous shopper (the session and the cart live in the
 * browser's storage and show up just after hydration); a shopper's own page (RenderOptions.own:
 * her sign-in, cart, checkout, orders; issue 32) is rendered for her, the API read as her, with
 * her forms' CSRF token, and the browser renders it again rather than hydrating it. Either is
 * rendered with the shop's public address (PUBLIC_URL) as the origin of its absolute URLs. A page of something that does not exist
 * (its route's loader threw a 404: a deleted product, an unknown post or brand) is rendered
 * with the app's Not Found and status 404. Anything else unexpected (a failed request, a
 * redirect) renders nothing here, and the server sends the plain app, which renders in the
 * browser as before.
 */
import {
  type DehydratedState,
  dehydrate,
  type Query,
  type QueryClient,
  QueryClientProvider,
  type QueryKey,
} from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router';
import { ApiError } from '@/lib/api-client.ts';
import { productKeys, productListOptions, productOptions } from '@/lib/api/products.ts';
import { HOME_CAROUSELS } from '@/features/catalog/components/home-carousels.tsx';
import { similarProductsOptions } from '@/features/catalog/components/similar-products.tsx';
import { postsOptions } from '@/lib/api/posts.ts';
import { reviewsOptions } from '@/lib/api/reviews.ts';
import { bannersOptions } from '@/lib/api/banners.ts';
import { settingsOptions } from '@/lib/api/settings.ts';
import { LiteProvider } from '@/lib/lite-mode.tsx';
import { type OwnPage, OwnPageContext } from '@/lib/own-page.tsx';
import { accountOptions } from '@/lib/api/auth.ts';
import { serverCartOptions } from '@/lib/api/cart.ts';
import { myOrdersOptions, orderOptions } from '@/lib/api/orders.ts';
import { setPublicOrigin } from '@/lib/public-origin.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { createAppRoutes } from './app/router.tsx';
import { type ServerData, serializeServerData } from './app/server-data.ts';
import { ROUTE_IDS } from './app/storefront-routes.tsx';

export { setTransport } from '@/lib/api-client.ts';
export { SERVER_DATA_ID } from './app/server-data.ts';

export interface RenderedPage {
  /** The markup for #root. */
  html: string;
  /** The JSON for the server-data script tag (already safe inside <script>). */
  data: string;
  /** The page's <title>, to replace the one in index.html. */
  title: string | undefined;
  /** The page's other <meta> and <link> tags (description, canonical, robots, Open Graph), for <head>. */
  head: string;
  /** 404 when the page shows the app's Not Found. */
  status: number;
}

export interface RenderOptions {
  /** The shop's public address (the API's PUBLIC_URL). */
  origin: string;
  /** The low-data rendering (issue 32): the browser sent Save-Data, or the shopper chose "Lite mode". */
  lite?: boolean;
  /**
   * A shopper's own page (her sign-in, cart, checkout, orders; decision 0033), rendered for her
   * alone: the API's reads are made as her, and its forms carry this CSRF token.
   */
  own?: OwnPage;
}

/**
 * Data the page shows beyond its loader's (the frame's banners and settings, the home
 * page's carousels, a product's reviews and similar products, the blog): loaded too, so the
 * HTML is complete and the browser fetches nothing as it hydrates. A query fetched then
 * changes what its component showed while React runs the page's effects, and React renders
 * the page again at once, in the same task: on the product page that was the longest task
 * of its start (issue 32's total blocking time).
 */
function moreData(queryClient: QueryClient, routeIds: Set<string>, params: Record<string, string | undefined>) {
  const loads: Promise<void>[] = [queryClient.prefetchQuery(bannersOptions), queryClient.prefetchQuery(settingsOptions)];
  if (routeIds.has(ROUTE_IDS.home)) {
    loads.push(...Object.values(HOME_CAROUSELS).map((filters) => queryClient.prefetchQuery(productListOptions(filters))));
  }
  if (routeIds.has(ROUTE_IDS.product) && params.id) {
    loads.push(queryClient.prefetchQuery(reviewsOptions(params.id)));
    // The product was read by the page's loader.
    const product = queryClient.getQueryData(productOptions(params.id).queryKey);
    if (product) loads.push(queryClient.prefetchQuery(similarProductsOptions(product.categoryId)));
  }
  if (routeIds.has(ROUTE_IDS.posts)) loads.push(queryClient.prefetchQuery(postsOptions));
  return Promise.all(loads);
}

/**
 * What a shopper's own page shows of hers, by its path in the page table, read as her: a refusal
 * (401 signed out, 404 not hers) is shown by the page, not a reason to leave it to the browser.
 */
function ownData(queryClient: QueryClient, path: string | undefined, params: Record<string, string | undefined>) {
  const reads: Promise<void>[] = [];
  if (path === 'cart' || path === 'checkout') reads.push(queryClient.prefetchQuery(serverCartOptions));
  if (path === 'checkout') reads.push(queryClient.prefetchQuery(accountOptions));
  if (path === 'orders') reads.push(queryClient.prefetchQuery(myOrdersOptions));
  if (path === 'orders/:id' && params.id) reads.push(queryClient.prefetchQuery(orderOptions(params.id)));
  return Promise.all(reads);
}

/** A read of her own page the API refused as the page expects it: not signed in, or not hers. */
const ownRefusal = (query: Query) => query.state.error instanceof ApiError && [400, 401, 404].includes(query.state.error.status);

/** The frame's own data: all a Not Found page shows besides its message. */
const frameData = (queryClient: QueryClient) =>
  Promise.all([queryClient.prefetchQuery(bannersOptions), queryClient.prefetchQuery(settingsOptions)]);

/** Whether every error the loaders threw is a 404 (storefront-routes.tsx: the page's thing does not exist). */
const isNotFound = (errors: StaticHandlerContext['errors']) =>
  errors !== null && Object.values(errors).every((error) => isRouteErrorResponse(error) && error.status === 404);

/** A request the API refused with 404: what made a loader throw its Not Found. */
const failedWith404 = (query: Query) => query.state.error instanceof ApiError && query.state.error.status === 404;

/**
 * The server's queries as the browser gets them (the page's data script). The listings' products
 * go without their descriptions: no card shows one (a product's page reads its own product),
 * and on /sales they were 1.8 KB of the page's 20 KB compressed (issue 32's byte budget).
 */
export function queriesForBrowser(queryClient: QueryClient): DehydratedState {
  const state = dehydrate(queryClient);
  const [family, kind] = productKeys.lists();
  const isList = (key: QueryKey) => key[0] === family && key[1] === kind;
  return {
    ...state,
    queries: state.queries.map((query) => {
      const data = query.state.data as { items?: unknown } | undefined;
      if (!isList(query.queryKey) || !Array.isArray(data?.items)) return query;
      const items = (data.items as Record<string, unknown>[]).map(({ description: _unused, ...item }) => item);
      return { ...query, state: { ...query.state, data: { ...data, items } } };
    }),
  };
}

/** The tags React hoists (it writes them first when it renders no <head> of its own). */
const LEADING_HOISTED = /^(?:<title>[\s\S]*?<\/title>|<meta [^>]*>|<link [^>]*>)+/;

/**
 * The markup for #root, and what belongs in <head>: the page's <title> and its <meta> and
 * <link> tags, which React writes at the start of a rendering without a <head>. The image
 * preloads stay at the start of the markup (the API puts them in the head's early part). In
 * the browser React finds these tags in <head> and keeps them.
 */
export function splitHoisted(markup: string): { html: string; title: string | undefined; head: string } {
  const leading = LEADING_HOISTED.exec(markup)?.[0] ?? '';
  const tags = leading.match(/<title>[\s\S]*?<\/title>|<meta [^>]*>|<link [^>]*>/g) ?? [];
  const preloads = tags.filter((tag) => tag.startsWith('<link rel="preload"'));
  const titleTag = tags.find((tag) => tag.startsWith('<title>'));
  const head = tags.filter((tag) => tag !== titleTag && !preloads.includes(tag)).join('');
  return {
    html: preloads.join('') + markup.slice(leading.length),
    title: titleTag?.slice('<title>'.length, -'</title>'.length),
    head,
  };
}

/**
 * The page's markup once everything in it has loaded, every Suspense boundary in place. React
 * would otherwise move a boundary that waited for its code (a lazy component rendered for the
 * first time) past the first 12.8 kB of the page, and reveal it with an inline script, which
 * the shop's Content-Security-Policy does not run: the part would stay hidden. A page is sent
 * whole, so there is nothing to gain from revealing it in steps.
 */
export async function renderStatic(element: ReactNode): Promise<string> {
  const { prelude } = await prerender(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(prelude).text();
}

/** Renders `url` (path and query). Undefined: send the app without server-rendered HTML. */
export async function render(url: string, { origin, lite = false, own }: RenderOptions): Promise<RenderedPage | undefined> {
  setPublicOrigin(origin);
  const queryClient = createQueryClient();
  const handler = createStaticHandler(createAppRoutes({ queryClient, wait: true }));
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) return undefined;
  const notFound = isNotFound(context.errors);
  if (context.errors && !notFound) return undefined;

  if (notFound) {
    await frameData(queryClient);
  } else {
    const routeIds = new Set(context.matches.map((match) => match.route.id));
    const leaf = context.matches.at(-1);
    await Promise.all([
      moreData(queryClient, routeIds, leaf?.params ?? {}),
      own ? ownData(queryClient, leaf?.route.path, leaf?.params ?? {}) : undefined,
    ]);
  }
  // A page whose data failed is left to the browser, which shows the same error state it
  // always does; on a Not Found page, the request that found nothing is expected (and is not
  // handed to the browser: the page does not show its data).
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'error' && !(notFound && failedWith404(query)));
  if (failed.some((query) => !(own && ownRefusal(query)))) return undefined;
  // Her own page of something not hers (another shopper's order) is not found, for her too.
  const ownNotFound = failed.some((query) => query.state.error instanceof ApiError && query.state.error.status !== 401);

  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = await renderStatic(
    <LiteProvider lite={lite}>
      <QueryClientProvider client={queryClient}>
        <OwnPageContext value={own}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </OwnPageContext>
      </QueryClientProvider>
    </LiteProvider>,
  );
  const { html, title, head } = splitHoisted(markup);

  const data: ServerData = {
    origin,
    url,
    queries: queriesForBrowser(queryClient),
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
  };
  return { html, data: serializeServerData(data), title, head, status: notFound || ownNotFound ? 404 : 200 };
}
