/**
 * GET /_ops/pglite-dump: the embedded database's data folder as a tar, for `npm run backup`
 * and `npm run db:export` while the shop runs. PGlite admits one process, so those commands
 * cannot open the folder themselves (decision 17).
 *
 * Registered on PGlite only. Answered only to a client on this machine (the socket's address)
 * that came through no proxy (no X-Forwarded-For: a reverse proxy on this machine also
 * connects from loopback) and sends the ops token (ops/pglite-snapshot.ts); anyone else gets
 * the 404 of a route that does not exist. Not in the OpenAPI document.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isLocalUnproxied, sameSecret } from '../lib/local-request.ts';
import { OPS_TOKEN_HEADER, opsToken, PGLITE_DUMP_PATH } from '../ops/pglite-snapshot.ts';

function allowed(request: FastifyRequest, expected: string): boolean {
  return isLocalUnproxied(request) && sameSecret(String(request.headers[OPS_TOKEN_HEADER] ?? ''), expected);
}

export default fp(
  async function pgliteDump(app: FastifyInstance) {
    const { database } = app;
    if (database.kind !== 'pglite' || !database.dumpDataDir) return;
    const token = opsToken(app.config.jwtSecret);
    app.get(PGLITE_DUMP_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!allowed(request, token)) return reply.callNotFound();
      const tar = await database.dumpDataDir!();
      request.log.info({ bytes: tar.size }, 'pglite data folder dumped for a backup');
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Length', String(tar.size))
        .type('application/x-tar')
        .send(Readable.fromWeb(tar.stream() as import('node:stream/web').ReadableStream));
    });
  },
  { name: 'pglite-dump', dependencies: ['context'] },
);
