/** Delivery zones: the public list checkout reads, and the admin's changes. Mounted at /api/delivery. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DELIVERY_STATES, deliveryZoneInput, deliveryZonesResponse, deliveryZoneView, errorResponse } from '@shop/shared';
import { z } from 'zod';
import { createZone, deleteZone, listZones, updateZone } from './service.ts';

const tags = ['delivery'];
const security = [{ bearerAuth: [] }];
const adminErrors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const params = z.object({ id: z.string().max(100) });

const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/delivery/zones', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'The states a shopper can choose, and the enabled zones with their enabled methods (fees in naira)',
      response: { 200: deliveryZonesResponse },
    },
    handler: async () => ({ states: [...DELIVERY_STATES], zones: await listZones(app.db) }),
  });

  app.get('/api/delivery/zones/all', {
    config: { access: 'delivery.write' },
    schema: {
      tags,
      security,
      summary: 'Every zone and method, including disabled ones (admin)',
      response: { 200: deliveryZonesResponse, ...adminErrors },
    },
    handler: async () => ({ states: [...DELIVERY_STATES], zones: await listZones(app.db, { all: true }) }),
  });

  app.post('/api/delivery/zones', {
    config: { access: 'delivery.write' },
    schema: {
      tags,
      security,
      summary: 'Create a zone with its states and methods (admin); a state already in another zone → 409',
      body: deliveryZoneInput,
      response: { 201: deliveryZoneView, ...adminErrors },
    },
    handler: async (request, reply) => reply.status(201).send(await createZone(app.db, request.body)),
  });

  app.put('/api/delivery/zones/:id', {
    config: { access: 'delivery.write' },
    schema: {
      tags,
      security,
      summary:
        'Replace a zone: name, states, order, enabled, and its methods (those without id are new; those left out go) (admin)',
      params,
      body: deliveryZoneInput,
      response: { 200: deliveryZoneView, ...adminErrors },
    },
    handler: async (request) => updateZone(app.db, request.params.id, request.body),
  });

  app.delete('/api/delivery/zones/:id', {
    config: { access: 'delivery.write' },
    schema: {
      tags,
      security,
      summary: 'Delete a zone and its methods (admin); orders keep what they were charged',
      params,
      response: { 200: z.object({ msg: z.string() }), ...adminErrors },
    },
    handler: async (request) => {
      await deleteZone(app.db, request.params.id);
      return { msg: 'Delivery zone deleted' };
    },
  });
};

export default deliveryRoutes;
