/**
 * Makes the configuration and the database available to every route as app.config / app.db,
 * and logs database connections lost outside a query.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';

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
    app.decorate('db', opts.database.db);
    opts.database.onConnectionError((err) => app.log.warn({ err }, 'database connection lost; the pool reconnects'));
  },
  { name: 'context' },
);
