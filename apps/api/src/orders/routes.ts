/** A shopper's orders, one order's details, and the admin's status changes. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ORDER_STATUSES, errorResponse, orderView } from '@shop/shared';
import { z } from 'zod';
import { notFound } from '../lib/http-error.ts';
import { toOrderView } from './view.ts';

const tags = ['orders'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const idParams = z.object({ id: z.string() });

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/orders/mine', {
    onRequest: app.requireUser,
    schema: {
      tags,
      security,
      summary: "The signed-in shopper's orders, newest first",
      response: { 200: z.array(orderView), 401: errorResponse },
    },
    handler: async (request) => (await app.orders.listMine(request.user!.id)).map(toOrderView),
  });

  app.get('/api/orders/:id', {
    onRequest: app.requireUser,
    schema: {
      tags,
      security,
      summary: 'One order (its owner or an admin)',
      params: idParams,
      response: { 200: orderView, ...errors },
    },
    handler: async (request) => {
      const user = request.user!;
      const order = await app.orders.get(request.params.id);
      // Someone else's order does not exist, as far as a shopper can tell.
      if (!order || (user.role !== 'admin' && order.userId !== user.id)) throw notFound('Order not found');
      return toOrderView(order);
    },
  });

  app.patch('/api/orders/:id/status', {
    onRequest: app.requireAdmin,
    schema: {
      tags,
      security,
      summary: 'Move an order along its lifecycle (pending → paid → fulfilled → delivered; pending → cancelled; paid → refunded)',
      params: idParams,
      body: z.object({ status: z.enum(ORDER_STATUSES), reason: z.string().trim().max(500).optional() }),
      response: { 200: orderView, ...errors },
    },
    handler: async (request) => {
      const { after } = await app.orders.transition(request.params.id, request.body.status, request.body.reason);
      return toOrderView(after);
    },
  });
};

export default orderRoutes;
