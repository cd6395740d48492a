/**
 * The app's one service worker (scope '/', served as /sw.js; issue 29). Built by
 * vite-plugin-pwa (injectManifest, apps/web/vite.config.ts), which writes the list of the
 * build's files into `self.__WB_MANIFEST`.
 *
 * What it keeps, each in a cache of its own:
 * - the till's shell (`/pos` and the build's code and styles), precached at install when the
 *   till registered the worker (`/sw.js?till`), so the till opens, and reloads, with no network
 *   (the till's data is in IndexedDB, not here); a storefront page's registration precaches
 *   nothing;
 * - the till's catalogue pictures at their small size (POS_IMAGES), cache-first, for the
 *   till's page only;
 * - the storefront (issue 32, decision 0032), routed by `cacheRule` (lib/sw-caches.ts):
 *   - its pages (STOREFRONT_RUNTIME), network-first: the kept copy's ETag is sent as
 *     If-None-Match, so an unchanged page costs a 304 and is answered from the copy; with no
 *     network the copy is shown with a notice saying when it was saved; the pages open when
 *     the worker takes charge are kept from the browser's HTTP cache;
 *   - the build's hashed files not precached (STOREFRONT_ASSETS), cache-first;
 *   - the pictures seen (STOREFRONT_IMAGES), cache-first, 60 of them for 7 days at most.
 * Back-office pages other than /pos, the shopper's own pages (cart, checkout, account), POSTs
 * and every /api call are never cached: they go to the network untouched.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  POS_IMAGES,
  SAVED_AT_HEADER,
  STOREFRONT_ASSETS,
  STOREFRONT_IMAGE_LIMITS,
  STOREFRONT_IMAGES,
  STOREFRONT_RUNTIME,
  TILL_PATH,
  TILL_WORKER_PARAM,
  cacheRule,
  offlineNotice,
} from './lib/sw-caches.ts';

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
 * the whole build so the till opens with no network. Registered by a storefront page (plain
 * `/sw.js`, public/register-sw.js), it precaches nothing: a shopper on a data bundle must not
 * download the back office's 2 MB, so her pages, scripts and pictures are kept as she meets them.
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
// Referrer-Policy no-referrer, so requests carry no referrer. Other pages' pictures go to the
// network untouched.
const posImages = new CacheFirst({
  cacheName: POS_IMAGES,
  plugins: [new ExpirationPlugin({ maxEntries: 3000, purgeOnQuotaError: true })],
});
const shopImages = new CacheFirst({
  cacheName: STOREFRONT_IMAGES,
  // A picture is the same whatever the shopper's cookies (pictures may answer with Vary).
  matchOptions: { ignoreVary: true },
  plugins: [new ExpirationPlugin({ ...STOREFRONT_IMAGE_LIMITS, purgeOnQuotaError: true })],
});
registerRoute(
  ({ request }) => cacheRule(request, location.origin) === 'image',
  async (options) => {
    const { event, request } = options as typeof options & { event: FetchEvent };
    const page = event.clientId ? await sw.clients.get(event.clientId) : undefined;
    if (page && isTill(page.url)) return posImages.handle({ event, request });
    return shopImages.handle({ event, request });
  },
);

// The build's hashed files that the precache does not hold (a hashed name never changes).
registerRoute(
  ({ request }) => cacheRule(request, location.origin) === 'asset',
  new CacheFirst({ cacheName: STOREFRONT_ASSETS, plugins: [new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })] }),
);

/** A copy of `response` with `extra` headers (a cached page's date, the notice's page). */
const withHeaders = async (response: Response, extra: Record<string, string>, body?: string) => {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Response(body ?? (await response.blob()), { status: 200, statusText: 'OK', headers });
};

/** The kept page with a notice at the top of its body (outside #root, so hydration is unaffected). */
const offlinePage = async (kept: Response) => {
  const html = await kept.text();
  const notice = offlineNotice(kept.headers.get(SAVED_AT_HEADER));
  const banner = `<div role="status" data-offline-notice style="background:#111;color:#fff;padding:8px 12px;font:14px/1.4 system-ui,sans-serif;text-align:center">${notice}</div>`;
  return withHeaders(kept, {}, html.replace(/<body([^>]*)>/i, `<body$1>${banner}`));
};

/** Keeps `answer` (a 200 HTML page) as the copy of `url`, stamped with the time; returns the stamped copy. */
async function keepPage(cache: Cache, url: string, answer: Response): Promise<Response | undefined> {
  if (answer.status !== 200 || !(answer.headers.get('Content-Type') ?? '').includes('text/html')) return undefined;
  const stamped = await withHeaders(answer, { [SAVED_AT_HEADER]: new Date().toISOString() });
  await cache.put(url, stamped.clone());
  return stamped;
}

// Storefront pages: network-first, revalidated with the kept copy's ETag; the copy offline.
registerRoute(
  ({ request }) => cacheRule(request, location.origin) === 'page',
  async ({ request }) => {
    const cache = await caches.open(STOREFRONT_RUNTIME);
    const kept = await cache.match(request.url);
    const etag = kept?.headers.get('ETag');
    let answer: Response;
    try {
      answer = await fetch(request.url, {
        headers: etag ? { 'If-None-Match': etag } : {},
        credentials: 'same-origin',
        redirect: 'manual',
        cache: 'no-store',
      });
    } catch (error) {
      if (kept) return offlinePage(kept);
      throw error;
    }
    if (answer.status === 304 && kept) return kept;
    return (await keepPage(cache, request.url, answer)) ?? answer;
  },
);

/**
 * The storefront pages open when the worker first takes charge were loaded without it. Their
 * copies are taken from the browser's HTTP cache (`force-cache`: nothing is downloaded when it
 * holds them), so the shopper's second visit to the page she landed on is already a 304.
 */
async function keepOpenPages(): Promise<void> {
  const cache = await caches.open(STOREFRONT_RUNTIME);
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  await Promise.all(
    windows.map(async (client) => {
      const url = client.url.split('#')[0] ?? client.url;
      if (cacheRule({ method: 'GET', url, mode: 'navigate' }, location.origin) !== 'page' || (await cache.match(url))) return;
      const answer = await fetch(url, { cache: 'force-cache', credentials: 'same-origin', redirect: 'manual' }).catch(
        () => undefined,
      );
      if (answer) await keepPage(cache, url, answer);
    }),
  );
}

// Caches this worker does not know (an older version's) are dropped; the storefront's stays.
const KNOWN = [POS_IMAGES, STOREFRONT_RUNTIME, STOREFRONT_ASSETS, STOREFRONT_IMAGES];
sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith('shop-') && !KNOWN.includes(name)).map((name) => caches.delete(name)),
      );
      await keepOpenPages().catch(() => undefined);
      await sw.clients.claim();
    })(),
  );
});

void sw.skipWaiting();
