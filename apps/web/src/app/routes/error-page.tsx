import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found.tsx';

/** Shown when a route throws: a friendly message instead of the router's default screen. */
export function ErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="mt-2 text-neutral-600">Please try again. If it keeps happening, contact us.</p>
      <Link to="/" className="mt-6 inline-block rounded bg-neutral-900 px-5 py-2 text-white">
        Go to the home page
      </Link>
    </section>
  );
}
