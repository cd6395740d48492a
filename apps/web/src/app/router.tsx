/**
 * The whole app's routes. The storefront's routes and the back office's routes each live
 * in their own file; the back office is loaded lazily so shoppers never download its code,
 * not even its route table: the browser adds it (patchAdminRoutes) the first time a path
 * finds nothing but the not-found page. The browser (main.tsx) and the server-side renderer
 * (entry-server.tsx) build them with their own query cache; the server renders only
 * storefront pages.
 */
import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import { ErrorPage, LazyNotFoundPage } from './routes/error-page.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { createStorefrontRoutes, type RouteData } from './storefront-routes.tsx';

/** The root route, under which the back office's routes are added. */
const ROOT_ROUTE_ID = 'root';
const NOT_FOUND_PATH = '*';

export function createAppRoutes(data: RouteData): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
      element: <RootLayout />,
      errorElement: <ErrorPage />,
      children: [...createStorefrontRoutes(data), { path: NOT_FOUND_PATH, element: <LazyNotFoundPage /> }],
    },
  ];
}

let adminRoutesAdded: Promise<void> | undefined;

/**
 * React Router asks before it settles on a route with a parameter or the catch-all: when the
 * catch-all (not found) is what matched, the back office's routes are added once, and matched
 * again. A failed download is tried again on the next navigation.
 */
export const patchAdminRoutes: PatchRoutesOnNavigationFunction = async ({ matches, patch }) => {
  if (matches.at(-1)?.route.path !== NOT_FOUND_PATH) return;
  adminRoutesAdded ??= import('./admin-routes.tsx').then(
    ({ adminRoutes }) => patch(ROOT_ROUTE_ID, adminRoutes),
    (error: unknown) => {
      adminRoutesAdded = undefined;
      throw error;
    },
  );
  await adminRoutesAdded;
};
