/**
 * The benchmark's ceiling: a route of the same server that answers stored bytes from
 * memory, to compare real endpoints against. Registered only with BENCH_ROUTES=true.
 */
import type { FastifyInstance } from 'fastify';

export async function benchCeilingRoutes(app: FastifyInstance) {
  let stored: Buffer = Buffer.from('[]');
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: 16 * 1024 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.put('/api/_bench/ceiling', { schema: { hide: true } }, async (request) => {
    stored = request.body as Buffer;
    return { bytes: stored.length };
  });
  app.get('/api/_bench/ceiling', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(stored),
  );
}
