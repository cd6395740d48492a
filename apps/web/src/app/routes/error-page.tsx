import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

const NotFound = lazy(async () => ({ default: (await import('./not-found.tsx')).NotFoundPage }));

/**
 * The Not Found page, fetched the first time one shows: few visits need it, and every
 * visit pays for the entry's code. The server renders it whole (it waits for what is
 * lazy) and the browser keeps that HTML until the code has come to hydrate it.
 */
export function LazyNotFoundPage() {
  return (
    <Suspense>
      <NotFound />
    </Suspense>
  );
}

/** Shown when a route throws: a friendly message instead of the router's default screen. */
export function ErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <LazyNotFoundPage />;
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-display text-4xl">Something went wrong</h1>
      <p className="mt-3 text-muted">Please try again. If it keeps happening, contact us.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="inline-block border border-ink px-6 py-3 text-sm font-semibold tracking-[0.18em] uppercase hover:bg-ink hover:text-white"
        >
          Try again
        </button>
        <Link
          to="/"
          className="inline-block bg-ink px-6 py-3 text-sm font-semibold tracking-[0.18em] text-white uppercase hover:bg-accent"
        >
          Go to the home page
        </Link>
      </div>
    </section>
  );
}
