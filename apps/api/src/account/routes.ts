/** The signed-in shopper's address book. Mounted at /api/account; someone else's address is not found. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressInput, addressView, errorResponse } from '@shop/shared';
import { z } from 'zod';
import { addAddress, listAddresses, removeAddress, updateAddress } from './service.ts';

const tags = ['account'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse };
const params = z.object({ id: z.string().max(100) });

const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/account/addresses', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      security,
      summary: 'Your addresses, the default first',
      response: { 200: z.array(addressView), 401: errorResponse },
    },
    handler: async (request) => listAddresses(app.db, request.user!.id),
  });

  app.post('/api/account/addresses', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      security,
      summary: 'Add an address (the first one, or one marked isDefault, becomes the default); at most 10',
      body: addressInput,
      response: { 201: addressView, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await addAddress(app.db, request.user!.id, request.body)),
  });

  app.put('/api/account/addresses/:id', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      security,
      summary: 'Change one of your addresses',
      params,
      body: addressInput,
      response: { 200: addressView, ...errors },
    },
    handler: async (request) => updateAddress(app.db, request.user!.id, request.params.id, request.body),
  });

  app.delete('/api/account/addresses/:id', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      security,
      summary: 'Remove one of your addresses (the oldest left becomes the default)',
      params,
      response: { 200: z.object({ msg: z.string() }), ...errors },
    },
    handler: async (request) => {
      await removeAddress(app.db, request.user!.id, request.params.id);
      return { msg: 'Address removed' };
    },
  });
};

export default accountRoutes;
