/** Listens for a keyboard-wedge scanner on the whole page while `enabled` (wedge.ts). */
import { useEffect, useRef } from 'react';
import { createWedgeReader, type WedgeOptions } from './wedge.ts';

export function useWedgeScanner(
  onScan: (code: string) => void,
  { enabled = true, ...options }: Omit<WedgeOptions, 'onScan'> & { enabled?: boolean } = {},
) {
  // The latest callback, without listening afresh at each render.
  const latest = useRef(onScan);
  latest.current = onScan;
  const { minLength, maxGapMs, clock } = options;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = createWedgeReader({ onScan: (code) => latest.current(code), minLength, maxGapMs, clock });
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [enabled, minLength, maxGapMs, clock]);
}
