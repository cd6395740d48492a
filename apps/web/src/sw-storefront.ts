/**
 * The storefront's service worker (issue 32, decision 0032): what a shopper's page registers
 * (public/register-sw.js), served as /sw-storefront.js with scope '/'. It precaches nothing:
 * her pages, scripts and pictures are kept as she meets them (lib/sw-storefront.ts). Built on
 * its own, without workbox (vite.config.ts), because every shopper downloads it on her first
 * visit. The till registers the app's other worker (src/sw.ts, `/sw.js?till`), which does the
 * same for storefront pages and precaches the till besides; a registration of one replaces the
 * other's, and the storefront's registration leaves the till's in place.
 */
import { activateStorefront, storefrontAnswer } from './lib/sw-storefront.ts';

/** The little of ServiceWorkerGlobalScope used here (the app's TypeScript has the DOM's types, not a worker's). */
interface WorkerScope {
  skipWaiting(): Promise<void>;
  clients: Parameters<typeof activateStorefront>[0];
  addEventListener(
    type: 'fetch',
    listener: (event: Event & { request: Request; respondWith(answer: Promise<Response>): void }) => void,
  ): void;
  addEventListener(type: 'activate', listener: (event: Event & { waitUntil(promise: Promise<unknown>): void }) => void): void;
}
const worker = self as unknown as WorkerScope;

worker.addEventListener('fetch', (event) => {
  const answer = storefrontAnswer(event.request, location.origin);
  if (answer) event.respondWith(answer);
});
worker.addEventListener('activate', (event) => event.waitUntil(activateStorefront(worker.clients, location.origin)));
void worker.skipWaiting();
