/**
 * Coalesces concurrent calls of an async function into as few runs as possible while
 * keeping read-after-write correctness: a caller never receives the result of a run that
 * started before the call was made. Callers arriving while a run is in flight share the
 * next run, which starts when the current one finishes.
 */
export function batched<T>(fn: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const run = fn().finally(() => {
      if (running === run) running = undefined;
    });
    running = run;
    return run;
  };
  return () => {
    if (!running) return start();
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return start();
      });
    return queued;
  };
}
