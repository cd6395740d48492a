import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customer, customerCreateBody, customerListQuery, errorResponse } from '@shop/shared';
import { z } from 'zod';
import { notFound } from '../lib/http-error.ts';
import { createCustomer, getCustomer, listCustomers } from './service.ts';

const tags = ['customers'];
const security = [{ bearerAuth: [] }];
const adminErrors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

/** Mounted at /api/customers: the point of sale's customers, for admins only. */
const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/customers', {
    config: { access: 'customers.read' },
    schema: {
      tags,
      summary: 'Point-of-sale customers, newest first, with search (admin; total in X-Total-Count)',
      security,
      querystring: customerListQuery,
      response: { 200: z.array(customer), ...adminErrors },
    },
    handler: async (request, reply) => {
      const { items, total } = await listCustomers(app.db, request.query);
      reply.header('X-Total-Count', String(total));
      return items;
    },
  });

  app.get('/api/customers/:id', {
    config: { access: 'customers.read' },
    schema: {
      tags,
      summary: 'One point-of-sale customer, with their store credit in kobo (admin)',
      security,
      params: z.object({ id: z.string() }),
      response: { 200: customer, ...adminErrors, 404: errorResponse },
    },
    handler: async (request) => {
      const found = await getCustomer(app.db, request.params.id);
      if (!found) throw notFound('Customer not found');
      return found;
    },
  });

  app.post('/api/customers/create', {
    config: { access: 'pos.sell' },
    schema: {
      tags,
      summary: 'Record a point-of-sale customer (admin); answers 200 as the original point of sale expects',
      security,
      body: customerCreateBody,
      response: { 200: customer, ...adminErrors, 409: errorResponse },
    },
    handler: async (request) => createCustomer(app.db, request.body),
  });
};

export default customerRoutes;
