/**
 * An order's and a product's own history, for their pages: each entry of the audit trail about
 * it, oldest first, in words ("Ada (Cashier) recorded ₦25,000 by transfer, 14:02"). Declared
 * here rather than with the orders' and the catalogue's routes: the trail is the admin's.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, historyEntry, isUuid } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { products } from '../db/schema/index.ts';
import { notFound } from '../lib/http-error.ts';
import { historyOf } from './audit.ts';

const security = [{ bearerAuth: [] }];
const params = z.object({ id: z.string() });
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse };

const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/orders/:id/history', {
    config: { access: 'orders.read' },
    schema: {
      tags: ['orders'],
      security,
      summary: "An order's history: who did what to it and when, oldest first, each in a sentence",
      params,
      response: { 200: z.array(historyEntry), ...errors },
    },
    handler: async (request) => {
      const { id } = request.params;
      if (!isUuid(id) || !(await app.orders.get(id))) throw notFound('Order not found');
      return historyOf(app.db, 'orders', id);
    },
  });

  app.get('/api/products/:id/history', {
    config: { access: 'catalog.read' },
    schema: {
      tags: ['products'],
      security,
      summary: "A product's history: who changed what and when, oldest first, each in a sentence",
      params,
      response: { 200: z.array(historyEntry), ...errors },
    },
    handler: async (request) => {
      const { id } = request.params;
      const [found] = isUuid(id) ? await app.db.select({ id: products.id }).from(products).where(eq(products.id, id)) : [];
      if (!found) throw notFound('Product not found');
      return historyOf(app.db, 'products', id);
    },
  });
};

export default historyRoutes;
