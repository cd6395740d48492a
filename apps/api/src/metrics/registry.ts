/**
 * The process's metrics (GET /metrics, plugins/metrics.ts), in prom-client's default registry
 * so that, under `npm start`'s cluster, the primary can gather every worker's (cluster.ts).
 *
 * Counting costs the request path almost nothing: a request is observed where its one log
 * line is written (app.ts), in a histogram kept by hand, and the read cache counts in plain
 * numbers; prom-client reads both when Prometheus asks. No hook is added. What the database knows (orders by status,
 * the message queue) is read when Prometheus asks, not counted as it happens, so every
 * process reports the same truth and a rolled-back transaction is never counted.
 */
import client from 'prom-client';

client.collectDefaultMetrics({ prefix: 'shop_' });

/** Upper bounds (seconds) of the request histogram's buckets. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const STATUS_CLASS = ['1xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

interface Series {
  labels: { route: string; method: string; status: string };
  /** Observations per bucket (not cumulative; the last one is past every bound). */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * The request histogram, kept by hand and read by prom-client when Prometheus asks: its own
 * Histogram validates and hashes the labels of every observation, even through a child, which
 * was 3 % of a cached answer's CPU (`--cpu-prof`, /api/banners). Here an observation is one map
 * lookup, a walk of eleven bounds and three additions. Exported as prom-client exports a
 * histogram (cumulative `_bucket` with `le`, `_sum`, `_count`), summed across the cluster.
 */
class RequestHistogram {
  readonly name = 'shop_http_request_duration_seconds';
  readonly help = 'Time to answer a request, by route pattern, method and status class';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();

  observe(route: string, method: string, status: string, seconds: number) {
    const key = `${method} ${route} ${status}`;
    let series = this.series.get(key);
    if (!series) {
      series = { labels: { route, method, status }, counts: new Array(BUCKETS.length + 1).fill(0), sum: 0, count: 0 };
      this.series.set(key, series);
    }
    let bucket = 0;
    while (bucket < BUCKETS.length && seconds > BUCKETS[bucket]!) bucket++;
    series.counts[bucket]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  get() {
    const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
    for (const { labels, counts, sum, count } of this.series.values()) {
      let cumulative = 0;
      BUCKETS.forEach((le, i) => {
        cumulative += counts[i]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: '+Inf' }, value: count });
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset() {
    this.series.clear();
  }
}

const requestDuration = new RequestHistogram();
client.register.registerMetric(requestDuration as unknown as client.Metric);

/** One answered request: `route` is the pattern (`/api/products/:id`), never the raw URL. */
export function observeRequest(route: string | undefined, method: string, statusCode: number, milliseconds: number) {
  requestDuration.observe(
    route ?? 'unmatched',
    method,
    STATUS_CLASS[Math.floor(statusCode / 100)] ?? 'other',
    milliseconds / 1000,
  );
}

/** Read-cache answers so far, by cache and result: plain numbers on the request path. */
const readCacheCounts = { api: { hit: 0, miss: 0 }, pages: { hit: 0, miss: 0 } };

/** A read of the read cache (plugins/read-cache.ts): served from memory (hit) or computed (miss). */
export function countReadCache(cache: 'api' | 'pages', result: 'hit' | 'miss', n = 1) {
  readCacheCounts[cache][result] += n;
}

new client.Counter({
  name: 'shop_read_cache_requests_total',
  help: 'Reads answered by the read cache (hit) or computed (miss); cache: api or pages',
  labelNames: ['cache', 'result'] as const,
  // Counted on every cached answer, so kept as plain numbers and handed over when scraped.
  collect() {
    this.reset();
    for (const [cache, results] of Object.entries(readCacheCounts)) {
      for (const [result, n] of Object.entries(results)) this.inc({ cache, result }, n);
    }
  },
});

/** The server renderer (plugins/web.ts): pages rendered, not found, or left to the browser. */
export const serverRenders = new client.Counter({
  name: 'shop_server_renders_total',
  help: 'Storefront pages the server rendered afresh, by result (rendered, not_found, browser: left to the browser)',
  labelNames: ['result'] as const,
});

/** Payments whose verification did not end in a paid order. */
export const paymentVerificationFailures = new client.Counter({
  name: 'shop_payment_verification_failures_total',
  help: 'Payment verifications and webhooks refused: declined, amount_mismatch, bad_signature, provider_unreachable',
  labelNames: ['reason'] as const,
});

export { client as prometheus };
