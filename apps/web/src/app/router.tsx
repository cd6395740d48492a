/**
 * One router for the whole app. The storefront's routes and the back office's routes
 * each live in their own file; the back office is loaded lazily so shoppers never
 * download its code.
 */
import { createBrowserRouter } from 'react-router';
import { adminRoutes } from './admin-routes.tsx';
import { ErrorPage } from './routes/error-page.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { storefrontRoutes } from './storefront-routes.tsx';

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [...storefrontRoutes, ...adminRoutes, { path: '*', element: <NotFoundPage /> }],
  },
]);
