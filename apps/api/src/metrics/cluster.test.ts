/**
 * The cluster's metrics through real worker processes (test/fixtures/metrics-worker.ts): a
 * scrape that reaches any one worker answers with every worker's counts, even from a worker
 * that has never been scraped before.
 */
import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveClusterMetrics } from './cluster.ts';

/** The next message of `type` a worker sends. */
function next<T>(worker: Worker, type: string): Promise<T> {
  return new Promise((resolve) => {
    const listener = (message: T & { type?: string }) => {
      if (message?.type !== type) return;
      worker.off('message', listener);
      resolve(message);
    };
    worker.on('message', listener);
  });
}

function stop(worker: Worker): Promise<unknown> {
  if (worker.isDead()) return Promise.resolve();
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  worker.kill();
  return exited;
}

const hits = (text: string) =>
  Number(/^shop_read_cache_requests_total\{cache="api",result="hit"\} (\d+)$/m.exec(text)?.[1] ?? Number.NaN);

describe('metrics under the cluster', () => {
  let workers: Worker[] = [];

  beforeAll(async () => {
    serveClusterMetrics();
    cluster.setupPrimary({
      exec: path.resolve(import.meta.dirname, '../../test/fixtures/metrics-worker.ts'),
      execArgv: ['--import', 'tsx'],
      silent: false,
    });
    workers = [cluster.fork(), cluster.fork()];
    await Promise.all(workers.map((worker) => next(worker, 'ready')));
  });
  afterAll(async () => {
    await Promise.all(workers.map(stop));
  });

  it("answers a scrape on either worker with the sum of both workers' counts", async () => {
    const [first, second] = workers as [Worker, Worker];
    first.send({ type: 'count', hits: 3 });
    second.send({ type: 'count', hits: 4 });
    await Promise.all([next(first, 'counted'), next(second, 'counted')]);
    // The second worker has never been scraped: the primary must still hear from it.
    first.send({ type: 'scrape' });
    expect(hits((await next<{ text: string | null }>(first, 'scraped')).text ?? '')).toBe(7);
    second.send({ type: 'scrape' });
    expect(hits((await next<{ text: string | null }>(second, 'scraped')).text ?? '')).toBe(7);
  });
});
