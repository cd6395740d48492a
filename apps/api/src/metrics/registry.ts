/**
 * The process's metrics (GET /metrics, plugins/metrics.ts), in prom-client's default registry
 * so that, under `npm start`'s cluster, the primary can gather every worker's (cluster.ts).
 *
 * Counting costs the request path almost nothing: a request is observed where its one log
 * line is written (app.ts), through a child of the histogram looked up once per route,
 * method and status class; no hook is added. What the database knows (orders by status,
 * the message queue) is read when Prometheus asks, not counted as it happens, so every
 * process reports the same truth and a rolled-back transaction is never counted.
 */
import client from 'prom-client';

client.collectDefaultMetrics({ prefix: 'shop_' });

const requestDuration = new client.Histogram({
  name: 'shop_http_request_duration_seconds',
  help: 'Time to answer a request, by route pattern, method and status class',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
});

const STATUS_CLASS = ['1xx', '1xx', '2xx', '3xx', '4xx', '5xx'];
const requestChildren = new Map<string, client.Histogram.Internal<'route' | 'method' | 'status'>>();

/** One answered request: `route` is the pattern (`/api/products/:id`), never the raw URL. */
export function observeRequest(route: string | undefined, method: string, statusCode: number, milliseconds: number) {
  const status = STATUS_CLASS[Math.floor(statusCode / 100)] ?? 'other';
  const key = `${method} ${route} ${status}`;
  let child = requestChildren.get(key);
  if (!child) {
    child = requestDuration.labels({ route: route ?? 'unmatched', method, status });
    requestChildren.set(key, child);
  }
  child.observe(milliseconds / 1000);
}

/** The read cache (plugins/read-cache.ts): answers served from memory or computed. */
export const readCacheRequests = new client.Counter({
  name: 'shop_read_cache_requests_total',
  help: 'Reads answered by the read cache (hit) or computed (miss); cache: api or pages',
  labelNames: ['cache', 'result'] as const,
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
