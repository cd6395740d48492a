/**
 * Registers the app's service worker (src/sw.ts, built to /sw.js, scope '/') from the till,
 * which needs it to open offline, as `/sw.js?till`: that worker precaches the whole build (a
 * storefront page's registration, public/register-sw.js, precaches nothing and leaves the
 * till's in place), and asks the browser to keep the till's storage when the
 * device runs short of space (sales not yet synced live there). Not in the development
 * server (Vite serves no /sw.js).
 */
import { SERVICE_WORKER_URL, TILL_WORKER_PARAM } from '@/lib/sw-caches.ts';

export function registerServiceWorker(): void {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(`${SERVICE_WORKER_URL}?${TILL_WORKER_PARAM}`, { scope: '/' }).catch(() => undefined);
  navigator.storage?.persist?.().catch(() => undefined);
}
