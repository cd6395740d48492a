/**
 * The service worker's cache names and paths (src/sw.ts), shared with the pages that fill
 * or read those caches. A new version of a cache gets a new name: the worker drops the old.
 */

/** The till's page: its shell is precached and served offline. */
export const TILL_PATH = '/pos';
/** The till's catalogue pictures, at their small size. */
export const POS_IMAGES = 'shop-pos-images-v1';
/** Reserved for the low-data storefront (issue 32): nothing is cached in it yet. */
export const STOREFRONT_RUNTIME = 'shop-storefront-v1';
/** Where the built worker is served from; its scope is the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';
