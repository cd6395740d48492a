/**
 * The app's one service worker (scope '/', served as /sw.js; issue 29). Built by
 * vite-plugin-pwa (injectManifest, apps/web/vite.config.ts), which writes the list of the
 * build's files into `self.__WB_MANIFEST`.
 *
 * What it keeps, each in a cache of its own:
 * - the till's shell (`/pos` and the build's code and styles), precached at install, so the
 *   till opens, and reloads, with no network (the till's data is in IndexedDB, not here);
 * - the till's catalogue pictures at their small size (POS_IMAGES), cache-first, for the
 *   till's page only;
 * - STOREFRONT_RUNTIME: reserved for the low-data storefront (issue 32), which extends this
 *   file. Nothing is put in it yet: storefront pages go to the network as before.
 * Back-office pages other than /pos, and every /api call, are never cached: they go to the
 * network untouched (no handler answers them).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { POS_IMAGES, STOREFRONT_RUNTIME, TILL_PATH } from './lib/sw-caches.ts';

interface PrecacheEntry {
  url: string;
  revision: string | null;
}
/** The little of ServiceWorkerGlobalScope used here (the app's TypeScript has the DOM's types, not a worker's). */
/** The little of a worker's fetch event used here. */
interface FetchEvent extends Event {
  clientId: string;
  request: Request;
  respondWith(response: Promise<Response> | Response): void;
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerScope {
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; get(id: string): Promise<{ url: string } | undefined> };
  addEventListener(type: 'activate', listener: (event: Event & { waitUntil(p: Promise<unknown>): void }) => void): void;
}
const sw = self as unknown as WorkerScope;

/** Whether `address` is a page of the till (/pos). */
const isTill = (address: string) => {
  const { pathname } = new URL(address);
  return pathname === TILL_PATH || pathname.startsWith(`${TILL_PATH}/`);
};

cleanupOutdatedCaches();
// The build replaces `self.__WB_MANIFEST` with the list of its files (and /pos, vite.config.ts).
// @ts-expect-error: written by the build, unknown to the DOM's types
const manifest: PrecacheEntry[] = self.__WB_MANIFEST;
precacheAndRoute(manifest);

// The till's page, from the precache, online or not (a new build installs a new worker with the new page).
registerRoute(new NavigationRoute(createHandlerBoundToURL(TILL_PATH), { allowlist: [/^\/pos\/?$/] }));

// The catalogue's small pictures the till shows, kept for offline use (the till fetches them
// when it prepares). Which page asked is read from the page itself: the shop sends
// Referrer-Policy no-referrer, so requests carry no referrer. Other pages' pictures go to the
// network untouched.
const posImages = new CacheFirst({
  cacheName: POS_IMAGES,
  plugins: [new ExpirationPlugin({ maxEntries: 3000, purgeOnQuotaError: true })],
});
registerRoute(
  ({ request, url }) => request.method === 'GET' && url.origin === location.origin && /^\/(uploads|img)\//.test(url.pathname),
  async (options) => {
    const { event, request } = options as typeof options & { event: FetchEvent };
    const page = event.clientId ? await sw.clients.get(event.clientId) : undefined;
    if (page && isTill(page.url)) return posImages.handle({ event, request });
    return fetch(request);
  },
);

// Caches this worker does not know (an older version's) are dropped; the storefront's stays.
const KNOWN = [POS_IMAGES, STOREFRONT_RUNTIME];
sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith('shop-') && !KNOWN.includes(name)).map((name) => caches.delete(name)),
      );
      await sw.clients.claim();
    })(),
  );
});

void sw.skipWaiting();
