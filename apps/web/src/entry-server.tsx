/**
 * Server-side rendering of the storefront's public pages (home, listings, product, blog).
 * The API process imports the build of this file (dist-server/entry-server.js) and puts
 * the HTML in #root, so a phone paints the page, its text and its main image before any
 * JavaScript has run; the browser then hydrates it (main.tsx) with the same data.
 *
 * The page is rendered as an anonymous shopper (the session and the cart live in the
 * browser's storage and show up just after hydration). Anything unexpected (an unknown
 * product, a failed request, a redirect) renders nothing here, and the server sends the
 * plain app, which renders in the browser as before.
 */
import { dehydrate, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { productListOptions } from '@/lib/api/products.ts';
import { HOME_CAROUSELS } from '@/features/catalog/components/home-carousels.tsx';
import { postOptions, postsOptions } from '@/lib/api/posts.ts';
import { reviewsOptions } from '@/lib/api/reviews.ts';
import { bannersOptions } from '@/lib/api/banners.ts';
import { settingsOptions } from '@/lib/api/settings.ts';
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
}

/**
 * Data the page shows beyond its loader's (the frame's banners and settings, the home
 * page's carousels, a product's reviews, the blog): loaded too, so the HTML is complete.
 */
function moreData(queryClient: QueryClient, routeIds: Set<string>, params: Record<string, string | undefined>) {
  const loads: Promise<void>[] = [queryClient.prefetchQuery(bannersOptions), queryClient.prefetchQuery(settingsOptions)];
  if (routeIds.has(ROUTE_IDS.home)) {
    loads.push(...Object.values(HOME_CAROUSELS).map((filters) => queryClient.prefetchQuery(productListOptions(filters))));
  }
  if (routeIds.has(ROUTE_IDS.product) && params.id) loads.push(queryClient.prefetchQuery(reviewsOptions(params.id)));
  if (routeIds.has(ROUTE_IDS.posts)) loads.push(queryClient.prefetchQuery(postsOptions));
  if (routeIds.has(ROUTE_IDS.post) && params.id) loads.push(queryClient.prefetchQuery(postOptions(params.id)));
  return Promise.all(loads);
}

/** Renders `url` (path and query). Undefined: send the app without server-rendered HTML. */
export async function render(url: string): Promise<RenderedPage | undefined> {
  const queryClient = createQueryClient();
  const handler = createStaticHandler(createAppRoutes({ queryClient, wait: true }));
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response || context.errors) return undefined;

  const routeIds = new Set(context.matches.map((match) => match.route.id));
  await moreData(queryClient, routeIds, context.matches.at(-1)?.params ?? {});
  // A page whose data failed (an unknown product, say) is left to the browser, which
  // shows the same not-found or error state it always does.
  if (
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status === 'error')
  )
    return undefined;

  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <QueryClientProvider client={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </QueryClientProvider>,
  );
  let html = await new Response(prelude).text();
  // React writes the page's <title> into the markup; it belongs in <head>.
  let title: string | undefined;
  html = html.replace(/<title>([\s\S]*?)<\/title>/, (_, inner: string) => {
    title = inner;
    return '';
  });

  const data: ServerData = {
    queries: dehydrate(queryClient),
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
  };
  return { html, data: serializeServerData(data), title };
}
