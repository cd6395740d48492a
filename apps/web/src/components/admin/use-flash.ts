import { useCallback, useEffect, useRef, useState } from 'react';

/** The spec: success messages disappear after 5 seconds. */
export const SUCCESS_MESSAGE_MS = 5000;

/** A message that clears itself after `ms`; showing a new one restarts the clock. */
export function useFlash(ms: number = SUCCESS_MESSAGE_MS): [string, (message: string) => void] {
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const show = useCallback(
    (next: string) => {
      clearTimeout(timer.current);
      setMessage(next);
      timer.current = setTimeout(() => setMessage(''), ms);
    },
    [ms],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return [message, show];
}
