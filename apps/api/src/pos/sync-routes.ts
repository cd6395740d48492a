/** POST /api/pos/sales/sync: a till's sales, each recorded exactly once (sync.ts). */
import { errorResponse, syncAnswer, syncBody } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getSettings } from '../content/index.ts';
import { syncSales } from './sync.ts';
import { resolveTill } from './till-auth.ts';

const syncRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/pos/sales/sync', {
    config: { access: 'till' },
    preHandler: resolveTill,
    schema: {
      tags: ['point of sale'],
      security: [{ bearerAuth: [] }],
      summary:
        "Sync a till's sales (kobo), each recorded once by the id the till made, in any order or batches: recorded, duplicate (recorded before) or conflict (refused, with why; send it no more). Offline sales follow posOfflineStock; transfers stay owed until confirmed. A till's device token or a member with pos.sell",
      body: syncBody,
      response: {
        200: syncAnswer,
        400: errorResponse,
        401: errorResponse,
        403: errorResponse,
        404: errorResponse,
        409: errorResponse,
      },
    },
    handler: async (request) => {
      const settings = await getSettings(app.db);
      return { results: await syncSales(app.db, app.orders, settings, request.till!, request.body.sales) };
    },
  });
};

export default syncRoutes;
