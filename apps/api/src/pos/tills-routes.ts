/**
 * Registering tills: POST /api/pos/tills (pos.sell) answers the device token once; GET lists
 * them with their last sync; DELETE revokes one (settings.write: a lost or stolen tablet is
 * the shop's business, not a cashier's), after which its token is 401 'This till has been
 * revoked'. Audited by the audit plugin (audit-actions.ts), the token never: only its hash is
 * stored, and the answer's token is not part of the entry.
 */
import { errorResponse, tillCreateBody, tillCreated, tillView } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../lib/http-error.ts';
import { listTills, registerTill, revokeTill } from './tills.ts';

const tags = ['point of sale'];
const security = [{ bearerAuth: [] }];

const tillsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/pos/tills', {
    config: { access: 'pos.sell' },
    schema: {
      tags,
      security,
      summary: 'Register a till (a phone or tablet that sells offline): answers its device token, once',
      body: tillCreateBody,
      response: { 201: tillCreated, 400: errorResponse, 401: errorResponse, 403: errorResponse },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await registerTill(app.db, request.body.name, request.user?.id ?? null)),
  });

  app.get('/api/pos/tills', {
    config: { access: 'pos.sell' },
    schema: {
      tags,
      security,
      summary: 'The tills, newest first, with when each last synced and whether it is revoked',
      response: { 200: z.array(tillView), 401: errorResponse, 403: errorResponse },
    },
    handler: async () => listTills(app.db),
  });

  app.delete('/api/pos/tills/:id', {
    config: { access: 'settings.write' },
    schema: {
      tags,
      security,
      summary: 'Revoke a till (lost or stolen): its device token is refused from then on; its sales stay',
      params: z.object({ id: z.uuid('Till not found') }),
      response: { 204: z.null(), 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
    },
    handler: async (request, reply) => {
      if (!(await revokeTill(app.db, request.params.id))) throw notFound('Till not found');
      return reply.status(204).send(null);
    },
  });
};

export default tillsRoutes;
