import { useSyncExternalStore } from 'react';

/** One MediaQueryList per query, shared by every component asking (a grid of cards asks 24 times). */
const lists = new Map<string, MediaQueryList>();
function mediaList(query: string): MediaQueryList | undefined {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return undefined;
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/** Whether a CSS media query matches, kept up to date (false where matchMedia is missing, and on the server). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaList(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => mediaList(query)?.matches ?? false,
    // The server renders as for a phone without preferences; the browser corrects it.
    () => false,
  );
}

export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
