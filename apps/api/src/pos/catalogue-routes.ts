/** GET /api/pos/catalogue: what a till keeps to sell offline, whole or what changed since its last fetch (catalogue.ts). */
import { catalogueQuery, errorResponse, tillCatalogue } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readTillCatalogue } from './catalogue.ts';
import { resolveTill } from './till-auth.ts';

const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/pos/catalogue', {
    config: { access: 'till' },
    preHandler: resolveTill,
    schema: {
      tags: ['point of sale'],
      security: [{ bearerAuth: [] }],
      summary:
        "A till's catalogue (kobo): products, variants with barcode and stock, customers with store credit, the staff with their till policies and PIN hashes, the offline settings; with ?since=<version> only what changed and what was removed since. A till's device token or a member with pos.sell naming the till (tillId)",
      querystring: catalogueQuery,
      response: {
        200: tillCatalogue,
        400: errorResponse,
        401: errorResponse,
        403: errorResponse,
        404: errorResponse,
        409: errorResponse,
      },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readTillCatalogue(app.db, (id, width) => app.images.url(id, width), request.query.since);
    },
  });
};

export default catalogueRoutes;
