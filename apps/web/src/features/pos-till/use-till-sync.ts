/**
 * When the till talks to the server by itself: at start (its sales, then its catalogue's
 * changes), on the page's `online` event, and every minute while sales, drawer changes or
 * returns wait. Offline it
 * sends nothing. Also whether the browser says it is online, for the banner.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useTill } from './till-store.ts';

export const SYNC_EVERY_MS = 60_000;

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

export function useTillSync() {
  const waiting = useTill((s) => s.outboxWaiting > 0 || s.sales.some((sale) => sale.status === 'waiting'));
  useEffect(() => {
    const sync = () => void useTill.getState().sync();
    if (navigator.onLine) sync();
    window.addEventListener('online', sync);
    return () => window.removeEventListener('online', sync);
  }, []);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (navigator.onLine) void useTill.getState().sync();
    }, SYNC_EVERY_MS);
    return () => clearInterval(timer);
  }, [waiting]);
}
