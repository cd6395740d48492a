/**
 * The Sync conflicts page's API (conflicts.ts): GET /api/pos/conflicts (orders.read),
 * accepting a held sale (orders.fulfil: its stock is taken) and voiding one (orders.refund:
 * its money goes back). Audited by the audit plugin, in the change's transaction.
 */
import { conflictsView, errorResponse } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptHeld, listConflicts, voidHeld } from './conflicts.ts';

const tags = ['point of sale'];
const security = [{ bearerAuth: [] }];
const params = z.object({ id: z.uuid('Sale not found') });
const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

const conflictsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/pos/conflicts', {
    config: { access: 'orders.read' },
    schema: {
      tags,
      security,
      summary:
        'Sync conflicts (kobo): variants sold below zero with their offline sales, sales held for review, and sales approved offline',
      response: { 200: conflictsView, 401: errorResponse, 403: errorResponse },
    },
    handler: async () => listConflicts(app.db),
  });

  app.post('/api/pos/conflicts/:id/accept', {
    config: { access: 'orders.fulfil' },
    schema: {
      tags,
      security,
      summary: 'Accept a till sale held for review: its stock is taken now, below zero if need be',
      params,
      response: { 204: z.null(), ...refusals },
    },
    handler: async (request, reply) => {
      await acceptHeld(app.db, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.post('/api/pos/conflicts/:id/void', {
    config: { access: 'orders.refund' },
    schema: {
      tags,
      security,
      summary:
        "Void a till sale held for review: everything paid goes back by the sale's tenders, recorded as a refund; no stock was taken",
      params,
      response: { 204: z.null(), ...refusals },
    },
    handler: async (request, reply) => {
      await voidHeld(app.orders, app.db, request.params.id, request.user?.id ?? null);
      return reply.status(204).send(null);
    },
  });
};

export default conflictsRoutes;
