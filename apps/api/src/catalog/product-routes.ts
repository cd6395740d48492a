/**
 * /api/products: the public listing and detail, and the back office's writes (JSON or
 * multipart with `imageUrl` files, as the original client sends them).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  catalogMessage,
  catalogueImportQuery,
  catalogueImportReport,
  errorResponse,
  productCreateBody,
  productDetailResponse,
  productListQuery,
  productListResponse,
  productUpdateBody,
  variantsBody,
} from '@shop/shared';
import { z } from 'zod';
import { getSettings } from '../content/settings-service.ts';
import { badRequest, HttpError } from '../lib/http-error.ts';
import { exportCatalogue, importCatalogue } from './catalogue-csv.ts';
import { readForm } from './form.ts';
import type { ProductService } from './product-service.ts';

const tags = ['catalog'];
const security = [{ bearerAuth: [] }];
const consumes = ['application/json', 'multipart/form-data'];
const idParams = z.object({ id: z.string() });
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const uploadErrors = { ...errors, 413: errorResponse, 415: errorResponse };
/** A catalogue file: 50,000 rows of a few hundred bytes each. */
const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

const productRoutes: FastifyPluginAsyncZod<{ service: ProductService }> = async (app, { service }) => {
  app.get('/', {
    schema: {
      tags,
      summary: 'List products (filters, sort, pagination); the total is in X-Total-Count',
      description: 'The `stock` filter is for admins (401 without a token, 403 for a shopper).',
      querystring: productListQuery,
      response: { 200: productListResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse },
    },
    // Stock levels are the shop's business: only an admin may filter by them.
    preHandler: async (request, reply) => {
      if (request.query.stock !== undefined) await app.requireAdmin(request, reply);
    },
    handler: (request, reply) =>
      app.readCache.serve(request, reply, request.query.stock ? ['catalog', 'content'] : ['catalog'], async () => {
        const lowStockThreshold = request.query.stock ? (await getSettings(app.db)).lowStockThreshold : undefined;
        const { items, total } = await service.list(request.query, { lowStockThreshold });
        return { body: items, headers: { 'X-Total-Count': String(total), 'Access-Control-Expose-Headers': 'X-Total-Count' } };
      }),
  });

  app.get('/:id', {
    schema: {
      tags,
      summary: 'One product, with its variants',
      params: idParams,
      response: { 200: productDetailResponse, 404: errorResponse },
    },
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
      response: { 201: productDetailResponse, ...uploadErrors, 409: errorResponse },
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
      response: { 200: productDetailResponse, ...uploadErrors, 409: errorResponse },
    },
    handler: async (request) => {
      const form = await readForm(request, productUpdateBody, request.body);
      if (form.multipart && form.files.length === 0 && !form.hasFields) throw badRequest('Please select images to upload');
      return service.update(request.params.id, form.input, form.files);
    },
  });

  app.put('/:id/variants', {
    onRequest: app.requireAdmin,
    schema: {
      tags,
      summary: "Replace a product's variants (sizes and colours with SKU, stock and optional price), in one transaction",
      description:
        'Variants are matched by `id`, else by `sku` (an archived one comes back); the others are new. Variants left ' +
        'out are deleted, or archived when an order points at them. 409 names a SKU or a size and colour listed twice, ' +
        'or a SKU another product uses.',
      security,
      params: idParams,
      body: variantsBody,
      response: { 200: productDetailResponse, ...errors, 409: errorResponse },
    },
    handler: async (request) => service.setVariants(request.params.id, request.body.variants, request.body.sizeScale),
  });

  app.get('.csv', {
    onRequest: app.requireAdmin,
    schema: {
      tags,
      summary: 'The catalogue as a CSV file: one row per variant, with its product’s columns (admin)',
      security,
      produces: ['text/csv'],
      response: { 200: z.string().describe('CSV, one header row'), 401: errorResponse, 403: errorResponse },
    },
    handler: async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="catalogue.csv"')
        .header('Cache-Control', 'no-store')
        // A stream is sent as it is read, never serialised: the schema above only documents it.
        .send(exportCatalogue(app.db) as never),
  });

  app.post('/import', {
    onRequest: app.requireAdmin,
    schema: {
      tags,
      summary: 'Import a catalogue CSV (multipart `file`): rows matched by SKU (admin)',
      description:
        'Creates and updates products and variants from the columns of GET /api/products.csv; empty cells leave a ' +
        'value unchanged. Every row is checked first: a file with any bad row writes nothing unless `skipInvalid=true`. ' +
        '`dryRun=true` reports what would happen and writes nothing.',
      security,
      consumes: ['multipart/form-data'],
      querystring: catalogueImportQuery,
      response: { 200: catalogueImportReport, ...uploadErrors },
    },
    handler: async (request) => {
      if (!request.isMultipart()) throw badRequest('Send the CSV file as multipart form data in the field "file"');
      const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
      if (!part) throw badRequest('Choose a CSV file to import');
      const file = await part.toBuffer();
      if (part.file.truncated) throw new HttpError(413, `The file must be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB`);
      return importCatalogue(app.db, file, request.query);
    },
  });

  app.delete('/:id', {
    onRequest: app.requireAdmin,
    schema: { tags, summary: 'Delete a product', security, params: idParams, response: { 200: catalogMessage, ...errors } },
    handler: async (request) => service.remove(request.params.id),
  });
};

export default productRoutes;
