import { Link } from 'react-router';

/** Unknown routes: a real Not Found page with a way home (instead of the router's default screen). */
export function NotFoundPage() {
  return (
    <div className="flex min-h-dvh flex-col bg-white text-ink">
      <title>Page not found — Adire</title>
      <header className="border-b border-line px-4 py-5 text-center">
        <Link to="/" className="font-display text-2xl tracking-[0.28em]">
          ADIRE
        </Link>
      </header>
      <main className="flex flex-1 items-center justify-center px-4 py-24">
        <section className="max-w-xl text-center">
          <p className="text-xs font-semibold tracking-[0.25em] text-accent uppercase">Error 404</p>
          <h1 className="mt-3 font-display text-4xl sm:text-5xl">Page not found</h1>
          <p className="mt-4 text-muted">The page you are looking for does not exist or has moved.</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link
              to="/"
              className="inline-block bg-ink px-6 py-3 text-sm font-semibold tracking-[0.18em] text-white uppercase hover:bg-accent"
            >
              Go to the home page
            </Link>
            <Link
              to="/search"
              className="inline-block border border-ink px-6 py-3 text-sm font-semibold tracking-[0.18em] uppercase hover:bg-ink hover:text-white"
            >
              Search the shop
            </Link>
          </div>
        </section>
      </main>
    </div>
  );
}
