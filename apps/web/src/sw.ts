/**
 * The till's service worker (issue 29; scope '/', served as /sw.js and registered by the till as
 * `/sw.js?till`). Built by vite-plugin-pwa (injectManifest, apps/web/vite.config.ts), which
 * writes the list of the build's files into `self.__WB_MANIFEST`. Storefront pages register
 * a worker of their own, without workbox (src/sw-storefront.ts, decision 0032); once the till
 * has registered this one, it serves storefront pages the same way (lib/sw-storefront.ts).
 *
 * What it keeps, each in a cache of its own:
 * - the till's shell (`/pos` and the build's code and styles), precached at install when the
 *   till registered the worker (`/sw.js?till`), so the till opens, and reloads, with no network
 *   (the till's data is in IndexedDB, not here); a plain `/sw.js` registration (a storefront
 *   page's, before it had its own worker) precaches nothing;
 * - the till's catalogue pictures at their small size (POS_IMAGES), cache-first, for the
 *   till's page only;
 * - the storefront's pages, hashed files and pictures, as the storefront's worker does.
 * Back-office pages other than /pos, the shopper's own pages (cart, checkout, account), POSTs
 * and every /api call are never cached: they go to the network untouched.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { POS_IMAGES, TILL_PATH, TILL_WORKER_PARAM, cacheRule } from './lib/sw-caches.ts';
import { activateStorefront, storefrontAnswer } from './lib/sw-storefront.ts';

interface PrecacheEntry {
  url: string;
  revision: string | null;
}
/** The little of a worker's fetch event used here. */
interface FetchEvent extends Event {
  clientId: string;
  request: Request;
  respondWith(response: Promise<Response> | Response): void;
  waitUntil(promise: Promise<unknown>): void;
}
/** The little of ServiceWorkerGlobalScope used here (the app's TypeScript has the DOM's types, not a worker's). */
interface WorkerScope {
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    get(id: string): Promise<{ url: string } | undefined>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<{ url: string }[]>;
  };
  addEventListener(type: 'activate', listener: (event: Event & { waitUntil(p: Promise<unknown>): void }) => void): void;
}
const sw = self as unknown as WorkerScope;

/** Whether `address` is a page of the till (/pos). */
const isTill = (address: string) => {
  const { pathname } = new URL(address);
  return pathname === TILL_PATH || pathname.startsWith(`${TILL_PATH}/`);
};

/**
 * Registered by the till (`/sw.js?till`, features/pos-till/register-sw.ts), the worker precaches
 * the whole build so the till opens with no network. Registered as plain `/sw.js` (as storefront
 * pages did before they had their own worker), it precaches nothing: a shopper on a data bundle
 * must not download the back office's 2 MB.
 */
const forTill = new URL(location.href).searchParams.has(TILL_WORKER_PARAM);

cleanupOutdatedCaches();
// The build replaces `self.__WB_MANIFEST` with one file: the script holding the list of the
// build's files and /pos (vite.config.ts), which only the till's worker imports.
// @ts-expect-error: written by the build, unknown to the DOM's types
const [tillPrecache]: PrecacheEntry[] = self.__WB_MANIFEST;
const worker = self as unknown as { importScripts(url: string): void; __TILL_PRECACHE?: PrecacheEntry[] };
if (forTill && tillPrecache) worker.importScripts(`/${tillPrecache.url}`);
precacheAndRoute(forTill ? (worker.__TILL_PRECACHE ?? []) : []);

// The till's page, from the precache, online or not (a new build installs a new worker with the new page).
if (forTill) registerRoute(new NavigationRoute(createHandlerBoundToURL(TILL_PATH), { allowlist: [/^\/pos\/?$/] }));

// The catalogue's small pictures the till shows, kept for offline use (the till fetches them
// when it prepares). Which page asked is read from the page itself: the shop sends
// Referrer-Policy no-referrer, so requests carry no referrer. Other pages' pictures are the
// storefront's.
const posImages = new CacheFirst({
  cacheName: POS_IMAGES,
  plugins: [new ExpirationPlugin({ maxEntries: 3000, purgeOnQuotaError: true })],
});
registerRoute(
  ({ request }) => cacheRule(request, location.origin) === 'image',
  async (options) => {
    const { event, request } = options as typeof options & { event: FetchEvent };
    const page = event.clientId ? await sw.clients.get(event.clientId) : undefined;
    if (page && isTill(page.url)) return posImages.handle({ event, request });
    return storefrontAnswer(request, location.origin) ?? fetch(request);
  },
);

// The storefront's pages and the build's hashed files the precache does not hold.
registerRoute(
  ({ request }) => cacheRule(request, location.origin) !== 'network',
  ({ request }) => storefrontAnswer(request, location.origin) ?? fetch(request),
);

sw.addEventListener('activate', (event) => event.waitUntil(activateStorefront(sw.clients, location.origin)));

void sw.skipWaiting();
