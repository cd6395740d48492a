/**
 * The whole app's routes. The storefront's routes and the back office's routes each live
 * in their own file; the back office is loaded lazily so shoppers never download its code.
 * The browser (main.tsx) and the server-side renderer (entry-server.tsx) build them with
 * their own query cache.
 */
import type { RouteObject } from 'react-router';
import { adminRoutes } from './admin-routes.tsx';
import { ErrorPage } from './routes/error-page.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { createStorefrontRoutes, type RouteData } from './storefront-routes.tsx';

export function createAppRoutes(data: RouteData): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <ErrorPage />,
      children: [...createStorefrontRoutes(data), ...adminRoutes, { path: '*', element: <NotFoundPage /> }],
    },
  ];
}
