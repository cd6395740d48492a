/**
 * Registers the app's service worker (src/sw.ts, built to /sw.js, scope '/') from the till,
 * which needs it to open offline. Not in the development server (Vite serves no /sw.js).
 */
import { SERVICE_WORKER_URL } from '@/lib/sw-caches.ts';

export function registerServiceWorker(): void {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => undefined);
}
