/**
 * "Share" links for a page of the shop (WhatsApp, X, Facebook), and the page's full address
 * they share. A server-rendered page does not know the address the shopper reached it by
 * (the server renders each page once for every host, and caches it), so the address is
 * the browser's origin plus the route's path, known once the page runs in the browser: the
 * server and the hydrating browser both render without it, and the links follow.
 *
 * They follow in a render of their own at low priority (useDeferredValue's initial value),
 * which React splits to let the phone paint and handle taps. It was useSyncExternalStore,
 * whose server snapshot differs from the browser's: React re-renders such a component at once,
 * synchronously, in the task that runs the page's effects after hydration, which made that
 * task one of the product page's longest on a phone's CPU (issue 32's total blocking time).
 * For the same reason the address is asked for by the parts that show it, not by the page
 * around them: asked for by the product page's body, it re-rendered the whole body.
 */
import { useDeferredValue, useId } from 'react';

/** The absolute address of `path` on this site, or null on the server and while hydrating. */
export function usePageUrl(path: string): string | null {
  const origin = useDeferredValue(typeof window === 'undefined' ? null : window.location.origin, null);
  return origin ? `${origin}${path}` : null;
}

export function shareTargets(url: string, text: string) {
  const encodedUrl = encodeURIComponent(url);
  return [
    { name: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}` },
    { name: 'X', href: `https://twitter.com/intent/tweet?url=${encodedUrl}&text=${encodeURIComponent(text)}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}` },
  ];
}

const linkClass =
  'inline-flex min-h-9 items-center border border-line px-3 text-xs font-semibold tracking-[0.14em] uppercase transition-colors hover:border-ink';

/** The share row of the page at `path`: its label always (so nothing moves when the links arrive), its links once the address is known. */
export function ShareLinks({ path, text, className = '' }: { path: string; text: string; className?: string }) {
  const labelId = useId();
  const url = usePageUrl(path);
  return (
    <div className={`flex min-h-9 flex-wrap items-center gap-2 ${className}`}>
      <p className="mr-1 text-xs font-semibold tracking-[0.14em] uppercase" id={labelId}>
        Share
      </p>
      {url ? (
        <ul aria-labelledby={labelId} className="flex flex-wrap gap-2">
          {shareTargets(url, text).map(({ name, href }) => (
            <li key={name}>
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                className={linkClass}
                aria-label={`Share on ${name} (opens in a new tab)`}
              >
                {name}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
