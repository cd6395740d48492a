import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router';
import { createAppRoutes, patchAdminRoutes } from './app/router.tsx';
import { readServerData, type ServerData } from './app/server-data.ts';
import { setPublicOrigin } from './lib/public-origin.ts';
import { queryClient } from './lib/query-client.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const routes = createAppRoutes({ queryClient, wait: false });
const app = (router: ReturnType<typeof createBrowserRouter>) => (
  <StrictMode>
    {/* Lite mode is read from the page's mark where it is used (lib/lite-mode.tsx). */}
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>
);

// A server-rendered page is hydrated with the data it was rendered with; any other page
// (the back office, the cart, or when the server could not render) renders from scratch.
const serverData = readServerData();
if (serverData) void hydratePage(root, serverData);
else createRoot(root).render(app(createBrowserRouter(routes, { patchRoutesOnNavigation: patchAdminRoutes })));

/**
 * Ends the current task: what follows runs in a task of its own, once the browser has had the
 * chance to paint and handle a tap.
 */
function nextTask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Hydrates the server's page in steps, each a task of its own: the app's code has just been
 * evaluated; then the server's data is taken in, the routes are matched, the page's own code
 * is evaluated, the router is made and React hydrates. In one task they held a phone's main
 * thread for 60–140 ms (Lighthouse's mobile CPU, 4× slower than this machine's); apart, none
 * keeps a tap waiting for long (issue 32's total blocking time on the product page).
 */
async function hydratePage(container: HTMLElement, serverData: ServerData) {
  await nextTask();
  // Absolute URLs (canonical, sharing) on the address the server rendered them with.
  setPublicOrigin(serverData.origin);
  // The server rendered the URL without its tracking parameters (utm_*, fbclid, ...): the
  // router starts from that URL too, so links built from the query string match.
  const { pathname, search, hash } = window.location;
  if (serverData.url !== pathname + search && serverData.url.split('?')[0] === pathname) {
    window.history.replaceState(window.history.state, '', serverData.url + hash);
  }
  // The page was checked against the catalogue's current version when it was sent (the
  // server caches rendered pages per version), so its data counts as fetched just now.
  const now = Date.now();
  for (const query of serverData.queries.queries) query.state.dataUpdatedAt = now;
  hydrate(queryClient, serverData.queries);
  await nextTask();
  await loadMatchedRoutes(routes, window.location.pathname);
  await nextTask();
  const router = createBrowserRouter(routes, { hydrationData: serverData.router, patchRoutesOnNavigation: patchAdminRoutes });
  await nextTask();
  // As a transition, hydration yields to the browser every few milliseconds instead of
  // holding a slow phone's main thread for the whole page (taps are handled meanwhile).
  startTransition(() => {
    hydrateRoot(container, app(router));
  });
}

/**
 * Loads the code of the routes that match `pathname`, so the first render has every page
 * component (hydration must not meet a route still waiting for its code). The code is
 * evaluated in a task after the matching's.
 */
async function loadMatchedRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await nextTask();
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
