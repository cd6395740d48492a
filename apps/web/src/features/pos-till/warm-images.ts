/**
 * Fetches the catalogue's small pictures once, from the till's page, so the service worker
 * keeps them (its cache for the till's pictures, src/sw.ts) and the till shows them offline.
 * A few at a time, in the background; a failure leaves the picture out, nothing more.
 */
const AT_ONCE = 4;

export function warmImages(urls: (string | null)[]): void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
  const queue = [...new Set(urls.filter((u): u is string => !!u))];
  const next = async (): Promise<void> => {
    const url = queue.shift();
    if (!url) return;
    await fetch(url).catch(() => undefined);
    return next();
  };
  for (let i = 0; i < AT_ONCE; i++) void next();
}
