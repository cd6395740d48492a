/**
 * METRICS_PORT: GET /metrics without a token on a listener of its own, bound to 127.0.0.1, so
 * that a Prometheus (or an agent) on the machine reads it while nothing that reaches the
 * shop's port can. On the main port /metrics always needs METRICS_TOKEN (plugins/metrics.ts):
 * whether a connection there is "local" says nothing once a proxy or a TCP forwarder on the
 * machine passes the world's requests on from 127.0.0.1.
 *
 * Where it runs (decision 16): in the one API process (server.ts), or under the cluster in the
 * primary (cli/start.ts), which gathers every worker's figures itself (cluster.ts); workers
 * never open it. Plain node:http: two routes, no hooks, no logging, not counted as requests.
 */
import { createServer, type Server } from 'node:http';
import { prometheus } from './registry.ts';

/** Only this address: the listener is for this machine. */
export const METRICS_HOST = '127.0.0.1';

/**
 * Listens on 127.0.0.1:`port` and answers GET (and HEAD) /metrics with what `gather` gives.
 * The server does not keep the process alive (unref): it lives as long as the shop does.
 */
export async function listenForMetrics(port: number, gather: () => Promise<string>): Promise<Server> {
  const server = createServer((req, res) => {
    const path = req.url?.split('?', 1)[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
      return;
    }
    gather().then(
      (text) => {
        res.writeHead(200, { 'content-type': prometheus.register.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: Error) => {
        res
          .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
          .end(`Metrics could not be gathered: ${error.message}\n`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`METRICS_PORT ${port} is in use on ${METRICS_HOST}: choose another port, or leave METRICS_PORT unset`)
          : error,
      ),
    );
    server.listen(port, METRICS_HOST, () => resolve());
  });
  server.unref();
  return server;
}

/** Stops taking connections and ends the idle ones (a scraper's kept-alive connection). */
export function closeMetricsListener(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
