/**
 * GET /metrics in Prometheus's text format (decision 16): requests per route, the read cache
 * and the server renderer, the database pool, the event loop and the process, orders and
 * messages by status, failed payment verifications.
 *
 * Who may read it here, on the shop's port: whoever sends METRICS_TOKEN as a Bearer token, and
 * nobody without it (401), wherever the connection comes from: a connection from 127.0.0.1 may
 * be a proxy's or a TCP forwarder's, passing on anyone's request. For this machine without a
 * token: METRICS_PORT, a listener on 127.0.0.1 only (metrics/listener.ts). Not in the OpenAPI
 * document, not cached, not rate-limited.
 */
import { sameSecret } from '../lib/local-request.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { HttpError } from '../lib/http-error.ts';
import type { Database } from '../db/client.ts';
import { clusterMetrics } from '../metrics/cluster.ts';
import { prometheus } from '../metrics/registry.ts';

export const METRICS_TOKEN_REQUIRED = 'A valid metrics token is required (Authorization: Bearer METRICS_TOKEN)';
export const METRICS_TOKEN_UNSET =
  'Metrics on this port need METRICS_TOKEN (then Authorization: Bearer <token>); or set METRICS_PORT to read them on 127.0.0.1:<port>/metrics';

/**
 * The databases of the apps built in this process; the gauges read the newest open one when
 * Prometheus asks (a process serves one app; tests build several).
 */
const sources: Database[] = [];
const current = () => sources.at(-1);

/**
 * No rows while the database is away: the scrape leaves these figures out rather than
 * failing, since that is when the rest (5xx answers, the pool's waiting requests) matter most.
 */
const rowsOf = async <T>(source: Database, query: ReturnType<typeof sql>): Promise<T[]> => {
  try {
    return ((await source.db.execute(query)) as unknown as { rows: T[] }).rows;
  } catch {
    return [];
  }
};

/**
 * Rows of `table` by status, read from the database when scraped. Every process reports the
 * same, so the cluster takes the figure once.
 */
function statusGauge(name: string, help: string, table: 'orders' | 'messages') {
  new prometheus.Gauge({
    name,
    help,
    labelNames: ['status'],
    aggregator: 'first',
    async collect() {
      this.reset();
      const source = current();
      if (!source) return;
      const rows = await rowsOf<{ status: string; n: number }>(
        source,
        sql`select status, count(*)::int as n from ${sql.identifier(table)} group by status`,
      );
      for (const { status, n } of rows) this.set({ status }, n);
    },
  });
}
statusGauge('shop_orders', 'Orders by status (pending, paid, failed, cancelled, ...), as the database holds them', 'orders');
statusGauge('shop_messages', 'Messages of the outbox by status; queued and sending are the queue waiting to be sent', 'messages');
new prometheus.Gauge({
  name: 'shop_db_pool_connections',
  help: "The PostgreSQL pool's connections: total, idle, and requests waiting for one (absent on PGlite)",
  labelNames: ['state'],
  collect() {
    this.reset();
    const stats = current()?.poolStats?.();
    if (!stats) return;
    for (const [state, n] of Object.entries(stats)) this.set({ state }, n);
  },
});

function checkAccess(request: FastifyRequest, token: string | undefined) {
  if (!token) throw new HttpError(401, METRICS_TOKEN_UNSET);
  const header = request.headers.authorization;
  const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  if (!sameSecret(given, token)) throw new HttpError(401, METRICS_TOKEN_REQUIRED);
}

export default fp(
  async function metrics(app: FastifyInstance) {
    sources.push(app.database);
    app.addHook('onClose', async () => {
      sources.splice(sources.indexOf(app.database), 1);
    });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      checkAccess(request, app.config.metricsToken);
      const text = (await clusterMetrics()) ?? (await prometheus.register.metrics());
      return reply.header('Cache-Control', 'no-store').type(prometheus.register.contentType).send(text);
    });
  },
  { name: 'metrics', dependencies: ['context'] },
);
