/**
 * The service worker's cache names and paths (src/sw.ts), shared with the pages that fill
 * or read those caches. A new version of a cache gets a new name: the worker drops the old.
 * `cacheRule` is the worker's routing, kept pure here so it is unit-tested (sw-caches.test.ts).
 */
import { BACK_OFFICE_PATHS } from '@shop/shared/back-office-paths';

/** The till's page: its shell is precached and served offline. */
export const TILL_PATH = '/pos';
/** The till's catalogue pictures, at their small size. */
export const POS_IMAGES = 'shop-pos-images-v1';
/** The storefront's pages (network-first, revalidated with ETag/304; the copy kept for offline). */
export const STOREFRONT_RUNTIME = 'shop-storefront-v1';
/** The build's hashed files not in the precache (cache-first: a hashed file never changes). */
export const STOREFRONT_ASSETS = 'shop-assets-v1';
/** Product pictures the shopper has seen, bounded (STOREFRONT_IMAGE_LIMITS). */
export const STOREFRONT_IMAGES = 'shop-images-v1';
export const STOREFRONT_IMAGE_LIMITS = { maxEntries: 60, maxAgeSeconds: 7 * 24 * 60 * 60 };
/** Where the built worker is served from; its scope is the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';
/**
 * The query parameter the till registers the worker with (`/sw.js?till`): that worker precaches
 * the whole build for the till to open offline; the storefront's (`/sw.js`) precaches nothing.
 */
export const TILL_WORKER_PARAM = 'till';
/** The header the worker adds to a page it answers from its cache (when it was saved). */
export const SAVED_AT_HEADER = 'x-sw-saved-at';

/**
 * First path segments that are not the public storefront: the back office (BACK_OFFICE_PATHS,
 * checked against app/admin-routes.tsx; /pos has its own precached route), /api, and the
 * shopper's own pages (cart, checkout, account, orders, sign-in), which carry one shopper's
 * data and are never kept.
 */
const NOT_STOREFRONT = new Set([
  ...BACK_OFFICE_PATHS.map((path) => path.toLowerCase()),
  ...['api', 'cart', 'checkout', 'account', 'orders', 'signin', 'register', 'wishlist', 'lite', 'healthz'],
  ...['reset-password', 'forgot-password', 'unsubscribe'],
]);

export type CacheRule = 'page' | 'asset' | 'image' | 'network';

/**
 * Which strategy the worker uses for a request: 'page' (storefront HTML, network-first),
 * 'asset' (/assets/*, cache-first), 'image' (/uploads/* and /img/*, cache-first, bounded),
 * or 'network' (untouched: POSTs, other origins, /api, back-office and shopper pages).
 */
export function cacheRule(request: { method: string; url: string; mode?: string }, origin: string): CacheRule {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  const first = url.pathname.split('/')[1]?.toLowerCase() ?? '';
  if (first === 'assets') return 'asset';
  if (first === 'uploads' || first === 'img') return 'image';
  if (request.mode !== 'navigate' || NOT_STOREFRONT.has(first)) return 'network';
  return 'page';
}

/**
 * Why a kept page is shown instead of the network's: no network, or the server answered with an
 * error of its own (a 5xx: busy and shedding load, restarting, a proxy's gateway error).
 */
export type SavedCopyReason = 'offline' | 'unavailable';

/** The notice a kept page shows: why, and "saved on <time>", in the shop's words. */
export function offlineNotice(savedAt: string | null, locale = 'en-NG', why: SavedCopyReason = 'offline'): string {
  const when = savedAt ? new Date(savedAt) : null;
  const lead = why === 'offline' ? "You're offline" : 'The shop could not show this page just now';
  if (!when || Number.isNaN(when.getTime())) return `${lead}: this page was saved earlier.`;
  const time = when.toLocaleString(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  return `${lead}: this page was saved on ${time}.`;
}
