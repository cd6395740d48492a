/**
 * Makes the configuration and the database available to every route as app.config / app.db,
 * and logs database connections lost outside a query. `app.db` is the database, or, inside a
 * staff write, that request's transaction (db/request-transaction.ts, decision 22);
 * `app.database.db` is always the database itself.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { scopedDb } from '../db/request-transaction.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
  }
}

export default fp<{ config: Config; database: Database }>(
  async function context(app: FastifyInstance, opts) {
    app.decorate('config', opts.config);
    app.decorate('database', opts.database);
    app.decorate('db', scopedDb(opts.database.db));
    opts.database.onConnectionError((err) => app.log.warn({ err }, 'database connection lost; the pool reconnects'));
  },
  { name: 'context' },
);
