/**
 * What the service worker does for the storefront (issue 32, decision 0032), written against
 * the browser's Cache and fetch alone, without workbox: a shopper downloads the storefront's
 * worker (src/sw-storefront.ts) on her first visit, and workbox's precaching, strategies and
 * IndexedDB-backed expiration tripled its size for what the few functions below do. The till's
 * worker (src/sw.ts) keeps workbox for its precache and routes storefront requests here too.
 *
 * - Pages (STOREFRONT_RUNTIME): network-first, revalidated with the kept copy's ETag, so an
 *   unchanged page costs a 304 and is answered from the copy; with no network, or a server
 *   error (5xx) from the shop, the copy is shown with a notice saying why and when it was saved.
 * - The build's hashed files (STOREFRONT_ASSETS) and the pictures seen (STOREFRONT_IMAGES):
 *   cache-first, bounded (`cacheFirst`).
 */
import {
  POS_IMAGES,
  SAVED_AT_HEADER,
  STOREFRONT_ASSETS,
  STOREFRONT_IMAGE_LIMITS,
  STOREFRONT_IMAGES,
  STOREFRONT_RUNTIME,
  type SavedCopyReason,
  cacheRule,
  offlineNotice,
} from './sw-caches.ts';

/** How many files a cache keeps, and for how long (by the answer's Date header). */
export interface CacheLimits {
  maxEntries: number;
  maxAgeSeconds?: number;
}

/** The build's hashed files met outside the till's precache (a hashed name never changes). */
export const STOREFRONT_ASSET_LIMITS: CacheLimits = { maxEntries: 200 };

/** Whether a kept answer is young enough: its Date header within `maxAgeSeconds` of `now` (no header, no limit: fresh). */
export function isFresh(kept: Response, maxAgeSeconds: number | undefined, now = Date.now()): boolean {
  if (maxAgeSeconds === undefined) return true;
  const date = Date.parse(kept.headers.get('Date') ?? '');
  return Number.isNaN(date) || now - date <= maxAgeSeconds * 1000;
}

/** The little of a Cache that trimming uses. */
type Trimmable = Pick<Cache, 'keys' | 'delete'>;

/**
 * Drops the oldest entries past `maxEntries`. A cache lists its entries in the order they were
 * stored (a stored-again entry moves to the end), so the first are the longest kept.
 */
export async function trim(cache: Trimmable, maxEntries: number): Promise<void> {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - maxEntries)).map((key) => cache.delete(key)));
}

/**
 * Cache-first: the kept answer while fresh, else the network's (kept when it is a whole 200),
 * else, with no network, the kept one however old. A picture is the same whatever the shopper's
 * cookies, so a picture's Vary is ignored.
 *
 * Not yet kept, a file the browser's own cache holds is taken from there without asking the
 * server, when it is young enough for this cache: the pictures of the page a shopper landed on
 * loaded before the worker took charge, so each was revalidated on her second visit (six 304s
 * on the home page, the hero among them, each a round trip on 3G before it showed).
 */
export async function cacheFirst(cacheName: string, request: Request, limits: CacheLimits): Promise<Response> {
  const cache = await caches.open(cacheName);
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept && isFresh(kept, limits.maxAgeSeconds)) return kept;
  let answer: Response;
  try {
    answer = await fetch(request, kept ? {} : { cache: 'force-cache' });
    if (!kept && answer.status === 200 && !isFresh(answer, limits.maxAgeSeconds)) answer = await fetch(request);
  } catch (error) {
    if (kept) return kept;
    throw error;
  }
  if (answer.status === 200) {
    await cache.put(request, answer.clone()).catch(() => undefined);
    await trim(cache, limits.maxEntries).catch(() => undefined);
  }
  return answer;
}

/** A copy of `response` with `extra` headers (a kept page's date), status 200. */
async function withHeaders(response: Response, extra: Record<string, string>, body?: string): Promise<Response> {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Response(body ?? (await response.blob()), { status: 200, statusText: 'OK', headers });
}

/** The kept page with a notice at the top of its body (outside #root, so hydration is unaffected). */
async function offlinePage(kept: Response, why: SavedCopyReason): Promise<Response> {
  const html = await kept.text();
  const notice = offlineNotice(kept.headers.get(SAVED_AT_HEADER), undefined, why);
  const banner = `<div role="status" data-offline-notice style="background:#111;color:#fff;padding:8px 12px;font:14px/1.4 system-ui,sans-serif;text-align:center">${notice}</div>`;
  return withHeaders(kept, {}, html.replace(/<body([^>]*)>/i, `<body$1>${banner}`));
}

/** Keeps `answer` (a 200 HTML page) as the copy of `url`, stamped with the time; returns the stamped copy. */
async function keepPage(cache: Cache, url: string, answer: Response): Promise<Response | undefined> {
  if (answer.status !== 200 || !(answer.headers.get('Content-Type') ?? '').includes('text/html')) return undefined;
  const stamped = await withHeaders(answer, { [SAVED_AT_HEADER]: new Date().toISOString() });
  await cache.put(url, stamped.clone());
  return stamped;
}

/**
 * A storefront page: network-first, revalidated with the kept copy's ETag; the copy, with a
 * notice, offline or when the server answers an error of its own (5xx): a page she has seen is
 * more use to her than the error, and the notice says it is a copy and from when.
 */
export async function storefrontPage(request: Request): Promise<Response> {
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
    if (kept) return offlinePage(kept, 'offline');
    throw error;
  }
  if (answer.status === 304 && kept) return kept;
  if (answer.status >= 500 && kept) return offlinePage(kept, 'unavailable');
  return (await keepPage(cache, request.url, answer)) ?? answer;
}

/** The storefront's answer to `request` by its rule (cacheRule), or undefined: left to the network. */
export function storefrontAnswer(request: Request, origin: string): Promise<Response> | undefined {
  switch (cacheRule(request, origin)) {
    case 'page':
      return storefrontPage(request);
    case 'asset':
      return cacheFirst(STOREFRONT_ASSETS, request, STOREFRONT_ASSET_LIMITS);
    case 'image':
      return cacheFirst(STOREFRONT_IMAGES, request, STOREFRONT_IMAGE_LIMITS);
    default:
      return undefined;
  }
}

/** The little of a worker's `clients` used at activation. */
interface Clients {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly { url: string }[]>;
  claim(): Promise<void>;
}

/**
 * The storefront pages open when the worker first takes charge were loaded without it. Their
 * copies are taken from the browser's HTTP cache (`force-cache`: nothing is downloaded when it
 * holds them), so the shopper's second visit to the page she landed on is already a 304.
 */
async function keepOpenPages(clients: Clients, origin: string): Promise<void> {
  const cache = await caches.open(STOREFRONT_RUNTIME);
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  await Promise.all(
    windows.map(async (client) => {
      const url = client.url.split('#')[0] ?? client.url;
      if (cacheRule({ method: 'GET', url, mode: 'navigate' }, origin) !== 'page' || (await cache.match(url))) return;
      const answer = await fetch(url, { cache: 'force-cache', credentials: 'same-origin', redirect: 'manual' }).catch(
        () => undefined,
      );
      if (answer) await keepPage(cache, url, answer);
    }),
  );
}

/** The caches of this version of the worker; any other `shop-` cache is an older version's. */
const KNOWN = new Set([POS_IMAGES, STOREFRONT_RUNTIME, STOREFRONT_ASSETS, STOREFRONT_IMAGES]);

/**
 * At activation: drops older versions' `shop-` caches (workbox's precache has its own names and
 * its own clean-up), keeps the open pages' copies, and takes charge of them.
 */
export async function activateStorefront(clients: Clients, origin: string): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith('shop-') && !KNOWN.has(name)).map((name) => caches.delete(name)));
  await keepOpenPages(clients, origin).catch(() => undefined);
  await clients.claim();
}
