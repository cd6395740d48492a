/**
 * Metrics under `npm start`'s cluster (cli/start.ts): a scrape of the main port (with
 * METRICS_TOKEN) reaches one worker, which asks the primary; the primary gathers every worker's
 * registry (prom-client's AggregatorRegistry: counters and histograms summed, the database's
 * gauges taken once) and answers. A worker that gets no answer in time serves its own figures.
 * A scrape of METRICS_PORT is the primary's own: it gathers the same way (listener.ts).
 */
import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';

const REQUEST = 'shop:metrics-request';
const ANSWER = 'shop:metrics-answer';
const WAIT_MS = 3000;

interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/**
 * In the primary, before forking: answers the workers' requests for the whole cluster's metrics.
 * Answers the same gathering for the primary's own METRICS_PORT listener (listener.ts).
 */
export function serveClusterMetrics(): () => Promise<string> {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== REQUEST || message.id === undefined) return;
    const id = message.id;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id, text } satisfies Answer),
      (error: Error) => worker.send({ type: ANSWER, id, error: error.message } satisfies Answer),
    );
  });
  return () => aggregator.clusterMetrics();
}

// A worker answers the primary's aggregator from the moment it loads, not only once it has
// been scraped itself: the primary asks every worker and waits for them all.
if (cluster.isWorker) new AggregatorRegistry();

let nextId = 0;
let listening = false;
const waiting = new Map<number, (answer: Answer) => void>();

/** In a worker: the whole cluster's metrics, or undefined outside a cluster or without an answer in time. */
export async function clusterMetrics(): Promise<string | undefined> {
  if (!cluster.isWorker || !process.send) return undefined;
  if (!listening) {
    listening = true;
    process.on('message', (message: Answer) => {
      if (message?.type === ANSWER) waiting.get(message.id)?.(message);
    });
  }
  const id = ++nextId;
  const answer = await new Promise<Answer | undefined>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), WAIT_MS);
    waiting.set(id, (message) => {
      clearTimeout(timer);
      resolve(message);
    });
    process.send?.({ type: REQUEST, id });
  });
  waiting.delete(id);
  return answer?.text;
}
