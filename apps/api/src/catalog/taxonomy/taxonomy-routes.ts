/**
 * The routes of one taxonomy resource, under its path in TAXONOMY_PATHS (/api/categories,
 * /api/subs, /api/subsubs, /api/brands). Reads are public; writes need an admin.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  catalogMessage,
  errorResponse,
  subListQuery,
  subsubListQuery,
  type TaxonomyInput,
  type TaxonomyListFilters,
  type TaxonomyListQuery,
  taxonomyItem,
  taxonomyListQuery,
  taxonomyListResponse,
} from '@shop/shared';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { isMultipart, readMultipart } from '../../media/index.ts';
import { parseWith, readForm } from '../products/form.ts';
import { notFoundMessage, type TaxonomyChanges, type TaxonomyKind, type TaxonomyService } from './taxonomy-service.ts';

export interface TaxonomyRoutesOptions {
  kind: TaxonomyKind;
  service: TaxonomyService;
  createBody: z.ZodType<TaxonomyInput>;
  updateBody: z.ZodType<TaxonomyInput>;
  /**
   * The original back office reused the categories paths for other resources (deleting
   * subs and subsubs, setting brand images). Ids of those kinds are accepted too, tried in order.
   */
  alsoDelete?: TaxonomyKind[];
  alsoUpdate?: TaxonomyKind[];
}

/** Where each kind's routes are: `${path}`, `${path}/:id`, `${path}/create`. */
export const TAXONOMY_PATHS: Record<TaxonomyKind, string> = {
  category: '/api/categories',
  sub: '/api/subs',
  subsub: '/api/subsubs',
  brand: '/api/brands',
};

const idParams = z.object({ id: z.string() });
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const writeErrors = { ...errors, 413: errorResponse, 415: errorResponse };
const security = [{ bearerAuth: [] }];

/** The list's query string: subs also filter by category, subsubs by sub-category. */
function listQuery(kind: TaxonomyKind): z.ZodType<TaxonomyListFilters, TaxonomyListQuery> {
  if (kind === 'sub') return subListQuery;
  if (kind === 'subsub') return subsubListQuery;
  return taxonomyListQuery;
}

const taxonomyRoutes: FastifyPluginAsyncZod<TaxonomyRoutesOptions> = async (app, opts) => {
  const { kind, service } = opts;
  const base = TAXONOMY_PATHS[kind];
  const label = service.label(kind);
  const tags = ['catalog'];
  const consumes = service.hasImage(kind) ? ['application/json', 'multipart/form-data'] : undefined;

  async function targetKind(id: string, also: TaxonomyKind[] = []): Promise<TaxonomyKind> {
    const found = await service.kindOf(id, [kind, ...also]);
    if (!found) throw notFound(notFoundMessage(kind));
    return found;
  }

  /** Stores the one uploaded image, if any, for a resource that has images. */
  async function storeImage(target: TaxonomyKind, files: Buffer[]): Promise<string | undefined> {
    if (files.length === 0 || !service.hasImage(target)) return undefined;
    if (files.length > 1) throw badRequest('Send one image only');
    return app.images.save(files[0]!);
  }

  app.get(base, {
    config: { access: 'public' },
    schema: {
      tags,
      summary: `List ${label} rows: search, filter, sort (by name unless told) and page (all without limit); the total is in X-Total-Count`,
      querystring: listQuery(kind),
      response: { 200: taxonomyListResponse, 400: errorResponse },
    },
    handler: (request, reply) =>
      app.readCache.serve(request, reply, ['catalog'], async () => {
        const { items, total } = await service.list(kind, request.query);
        return { body: items, headers: { 'X-Total-Count': String(total), 'Access-Control-Expose-Headers': 'X-Total-Count' } };
      }),
  });

  app.get(`${base}/:id`, {
    config: { access: 'public' },
    schema: { tags, summary: `One ${label}`, params: idParams, response: { 200: taxonomyItem, 404: errorResponse } },
    handler: async (request) => service.get(kind, request.params.id),
  });

  app.post(`${base}/create`, {
    config: { access: 'catalog.write' },
    schema: {
      tags,
      summary: `Create a ${label}${consumes ? ' (JSON, or multipart with an optional `imageUrl` file)' : ''}`,
      security,
      consumes,
      body: opts.createBody.nullish(),
      response: { 201: taxonomyItem, ...writeErrors },
    },
    handler: async (request, reply) => {
      const form = await readForm(request, opts.createBody, request.body);
      const changes: TaxonomyChanges = { ...form.input, image: await storeImage(kind, form.files) };
      return reply.status(201).send(await service.create(kind, changes));
    },
  });

  app.put(`${base}/:id`, {
    config: { access: 'catalog.write' },
    schema: {
      tags,
      summary: `Rename a ${label} (JSON \`name\`)${consumes ? ', or replace its image (multipart `imageUrl` file)' : ''}`,
      security,
      consumes,
      params: idParams,
      body: opts.updateBody.nullish(),
      response: { 200: taxonomyItem, ...writeErrors },
    },
    handler: async (request) => {
      const target = await targetKind(request.params.id, opts.alsoUpdate);
      let changes: TaxonomyChanges;
      if (isMultipart(request)) {
        // An image upload, possibly with other fields (then validated as in JSON).
        const { fields, files } = await readMultipart(request);
        const input = Object.keys(fields).length > 0 ? parseWith(opts.updateBody, fields) : {};
        const image = await storeImage(
          target,
          files.map((f) => f.data),
        );
        if (!image && Object.keys(input).length === 0) throw badRequest('Please select an image to upload');
        changes = { ...input, image };
      } else {
        changes = (await readForm(request, opts.updateBody, request.body)).input;
      }
      return service.update(target, request.params.id, changes);
    },
  });

  app.delete(`${base}/:id`, {
    config: { access: 'catalog.write' },
    schema: {
      tags,
      summary: `Delete a ${label} that no product uses`,
      security,
      params: idParams,
      response: { 200: catalogMessage, ...errors },
    },
    handler: async (request) => {
      const target = await targetKind(request.params.id, opts.alsoDelete);
      return service.remove(target, request.params.id);
    },
  });
};

export default taxonomyRoutes;
