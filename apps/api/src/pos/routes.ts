/** The point of sale: a sale paid at the counter (to a customer or a walk-in shopper), with receipt data. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, posOrderBody, posReceipt } from '@shop/shared';
import { getSettings } from '../content/index.ts';
import { toOrderView } from '../orders/index.ts';
import drawerRoutes from './drawers-routes.ts';
import { receiptRoutes } from './receipts.ts';
import returnRoutes from './returns-routes.ts';
import { sellAtPos } from './service.ts';
import catalogueRoutes from './catalogue-routes.ts';
import conflictsRoutes from './conflicts-routes.ts';
import syncRoutes from './sync-routes.ts';
import tillsRoutes from './tills-routes.ts';

const posRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(tillsRoutes);
  await app.register(catalogueRoutes);
  await app.register(syncRoutes);
  await app.register(conflictsRoutes);
  await app.register(drawerRoutes);
  await app.register(returnRoutes);
  await app.register(receiptRoutes);
  app.post('/api/pos/orders', {
    config: { access: 'pos.sell' },
    schema: {
      tags: ['point of sale'],
      security: [{ bearerAuth: [] }],
      summary: 'Record a paid point-of-sale sale (admin): stock is taken at once; answers with receipt data',
      body: posOrderBody,
      response: {
        201: posReceipt,
        400: errorResponse,
        401: errorResponse,
        403: errorResponse,
        404: errorResponse,
        409: errorResponse,
      },
    },
    handler: async (request, reply) => {
      const { order, customer } = await sellAtPos(app.db, app.orders, request.body);
      const { storeName } = await getSettings(app.db);
      return reply.status(201).send({
        order: toOrderView(order),
        customer: customer && {
          id: customer.id,
          firstName: customer.firstName,
          lastName: customer.lastName,
          email: customer.email,
        },
        storeName,
        issuedAt: new Date().toISOString(),
      });
    },
  });
};

export default posRoutes;
