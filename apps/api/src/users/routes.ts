import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUser, errorResponse, userListQuery } from '@shop/shared';
import { z } from 'zod';
import { listUserCountries, listUsers } from './service.ts';

const tags = ['users'];
const security = [{ bearerAuth: [] }];
const adminErrors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

/** Mounted at /api/users: the back office's read-only view of registered accounts. */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/users', {
    config: { access: 'customers.read' },
    schema: {
      tags,
      summary: 'Registered users: search, filter, sort, page (admin; total in X-Total-Count)',
      security,
      querystring: userListQuery,
      response: { 200: z.array(adminUser), ...adminErrors },
    },
    handler: async (request, reply) => {
      const { items, total } = await listUsers(app.db, request.query);
      reply.header('X-Total-Count', String(total));
      return items;
    },
  });

  app.get('/api/users/countries', {
    config: { access: 'customers.read' },
    schema: {
      tags,
      summary: 'The distinct countries of users, sorted, for the country filter (admin)',
      security,
      response: { 200: z.array(z.string()), ...adminErrors },
    },
    handler: async () => listUserCountries(app.db),
  });
};

export default userRoutes;
