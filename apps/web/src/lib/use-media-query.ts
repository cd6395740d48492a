import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, kept up to date (false where matchMedia is missing, and on the server). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    // The server renders as for a phone without preferences; the browser corrects it.
    () => false,
  );
}

export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
