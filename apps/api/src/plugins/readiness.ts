/**
 * Is this process fit to take traffic (decision 15)?
 * - `GET /healthz`, liveness: the process answers; 503 while the database is away, so the
 *   soak test and a load balancer see it. Never shed: a saturated process is alive.
 * - `GET /readyz`, readiness: the database answers and every migration this build carries is
 *   applied (a process started against a database an older build migrated, or one restored
 *   from an old backup, is not ready), and the event loop is not saturated.
 * - Load shedding (@fastify/under-pressure): past MAX_EVENT_LOOP_DELAY_MS of event-loop delay
 *   a request is answered 503 with Retry-After at once instead of waiting its turn until the
 *   client times out. The check is a flag read per request; the delay is sampled on a timer.
 *   The web app's own code and styles (ASSETS_PREFIX) are never shed: a page already sent
 *   does not work without them, and they are files sent as they lie on disk.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import underPressure from '@fastify/under-pressure';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error.ts';
import { migrationsFolder } from '../paths.ts';
import { RETRY_AFTER_SECONDS } from './error-handler.ts';
import { ASSETS_PREFIX } from './web.ts';

export const OVERLOADED = 'The shop is very busy right now. Please try again in a moment.';

/** When the newest migration of this build was made (drizzle's journal): applied means recorded at or after it. */
function newestMigration(): { tag: string; when: number } {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const newest = journal.entries.at(-1);
  if (!newest) throw new Error('No migrations in the journal');
  return newest;
}

/** Answers 503 at once while a check of under-pressure fails; undefined lets the request through. */
const passThrough = () => undefined;

export default fp(
  async function readiness(app: FastifyInstance) {
    const { database, config } = app;
    const newest = newestMigration();

    if (config.maxEventLoopDelayMs > 0) {
      await app.register(underPressure, {
        maxEventLoopDelay: config.maxEventLoopDelayMs,
        // A rejection goes to the error handler: 503 {msg, requestId}, Retry-After, X-Request-Id.
        pressureHandler: async (request) => {
          if (request.routeOptions.url?.startsWith(ASSETS_PREFIX)) return;
          throw new HttpError(503, OVERLOADED, undefined, RETRY_AFTER_SECONDS);
        },
      });
    }

    app.get('/healthz', { schema: { hide: true }, config: { pressureHandler: passThrough } }, async (request, reply) => {
      try {
        await database.ping();
        return { status: 'ok', database: database.kind };
      } catch {
        return reply
          .status(503)
          .header('Retry-After', String(RETRY_AFTER_SECONDS))
          .header('X-Request-Id', request.id)
          .send({ status: 'unavailable', database: database.kind });
      }
    });

    app.get('/readyz', { schema: { hide: true }, config: { pressureHandler: passThrough } }, async (request, reply) => {
      const notReady = (reason: string) =>
        reply
          .status(503)
          .header('Retry-After', String(RETRY_AFTER_SECONDS))
          .header('X-Request-Id', request.id)
          .send({ status: 'not ready', database: database.kind, reason });
      if (config.maxEventLoopDelayMs > 0 && app.isUnderPressure()) return notReady('The event loop is saturated');
      let applied: number | null;
      try {
        const { rows } = (await database.db.execute(
          sql`select max(created_at)::float8 as applied from drizzle.__drizzle_migrations`,
        )) as unknown as { rows: { applied: number | null }[] };
        applied = rows[0]?.applied ?? null;
      } catch {
        return notReady('The database does not answer');
      }
      if (applied === null || applied < newest.when) {
        return notReady(`Migrations are not applied up to ${newest.tag}: run npm run db:migrate (npm start does)`);
      }
      return { status: 'ready', database: database.kind, migration: newest.tag };
    });
  },
  { name: 'readiness', dependencies: ['context'] },
);
