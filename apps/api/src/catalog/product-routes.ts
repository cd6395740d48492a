/**
 * /api/products: the public listing and detail, and the back office's writes (JSON or
 * multipart with `imageUrl` files, as the original client sends them).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  catalogMessage,
  errorResponse,
  productCreateBody,
  productListQuery,
  productListResponse,
  productResponse,
  productUpdateBody,
} from '@shop/shared';
import { z } from 'zod';
import { badRequest } from '../lib/http-error.ts';
import { readForm } from './form.ts';
import type { ProductService } from './product-service.ts';

const tags = ['catalog'];
const security = [{ bearerAuth: [] }];
const consumes = ['application/json', 'multipart/form-data'];
const idParams = z.object({ id: z.string() });
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const uploadErrors = { ...errors, 413: errorResponse, 415: errorResponse };

const productRoutes: FastifyPluginAsyncZod<{ service: ProductService }> = async (app, { service }) => {
  app.get('/', {
    schema: {
      tags,
      summary: 'List products (filters, sort, pagination); the total is in X-Total-Count',
      querystring: productListQuery,
      response: { 200: productListResponse, 400: errorResponse },
    },
    handler: (request, reply) =>
      app.readCache.serve(request, reply, ['catalog'], async () => {
        const { items, total } = await service.list(request.query);
        return { body: items, headers: { 'X-Total-Count': String(total), 'Access-Control-Expose-Headers': 'X-Total-Count' } };
      }),
  });

  app.get('/:id', {
    schema: { tags, summary: 'One product', params: idParams, response: { 200: productResponse, 404: errorResponse } },
    handler: (request, reply) =>
      app.readCache.serve(request, reply, ['catalog'], async () => ({ body: await service.get(request.params.id) })),
  });

  app.post('/create', {
    onRequest: app.requireAdmin,
    schema: {
      tags,
      summary: 'Create a product (multipart with repeated `imageUrl` files, or JSON without images)',
      security,
      consumes,
      body: productCreateBody.nullish(),
      response: { 201: productResponse, ...uploadErrors },
    },
    handler: async (request, reply) => {
      const form = await readForm(request, productCreateBody, request.body);
      return reply.status(201).send(await service.create(form.input, form.files));
    },
  });

  app.put('/:id', {
    onRequest: app.requireAdmin,
    schema: {
      tags,
      summary:
        'Update a product: JSON fields (any subset); JSON `imageUrls`, the images to keep in order; ' +
        'or multipart `imageUrl` files, appended to its images',
      security,
      consumes,
      params: idParams,
      body: productUpdateBody.nullish(),
      response: { 200: productResponse, ...uploadErrors },
    },
    handler: async (request) => {
      const form = await readForm(request, productUpdateBody, request.body);
      if (form.multipart && form.files.length === 0 && !form.hasFields) throw badRequest('Please select images to upload');
      return service.update(request.params.id, form.input, form.files);
    },
  });

  app.delete('/:id', {
    onRequest: app.requireAdmin,
    schema: { tags, summary: 'Delete a product', security, params: idParams, response: { 200: catalogMessage, ...errors } },
    handler: async (request) => service.remove(request.params.id),
  });
};

export default productRoutes;
