import { Link } from 'react-router';

/** The spec's loading text, centred where the page will be. */
export function LoadingState({ label = 'Loading ...' }: { label?: string }) {
  return (
    <div className="mx-auto flex min-h-dvh max-w-7xl items-center justify-center px-4" role="status">
      <p className="text-sm tracking-[0.2em] text-muted uppercase">{label}</p>
    </div>
  );
}

/** Something asked for does not exist: say so, and offer a way on. */
export function NotFoundState({
  title,
  text,
  to = '/',
  action = 'Go to the home page',
}: {
  title: string;
  text: string;
  to?: string;
  action?: string;
}) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-display text-4xl">{title}</h1>
      <p className="mt-3 text-muted">{text}</p>
      <Link
        to={to}
        className="mt-8 inline-block bg-ink px-6 py-3 text-sm font-semibold tracking-[0.18em] text-white uppercase hover:bg-accent"
      >
        {action}
      </Link>
    </div>
  );
}
