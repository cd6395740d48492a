import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { errorResponse, post, postCreateBody, postListQuery, postUpdateBody } from '@shop/shared';
import { z } from 'zod';
import { badRequest } from '../lib/http-error.ts';
import { isMultipart, readMultipart } from '../media/index.ts';
import { createPostService } from './posts-service.ts';

const tags = ['posts'];
const security = [{ bearerAuth: [] }];
const adminErrors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  413: errorResponse,
  415: errorResponse,
};
const params = z.object({ id: z.string().max(100) });
const consumes = ['application/json', 'multipart/form-data'];

/** The image file of a multipart request, kept aside while the text fields become the body. */
const uploads = new WeakMap<FastifyRequest, Buffer>();

/**
 * Create and update take JSON or multipart. For multipart, the text fields become the
 * body (so the same zod schema validates both) and the `imageUrl` file is kept aside.
 */
async function multipartToBody(request: FastifyRequest): Promise<void> {
  if (!isMultipart(request)) return;
  const { fields, files } = await readMultipart(request);
  const images = files.filter((f) => f.field === 'imageUrl');
  if (images.length !== files.length) throw badRequest('Send the image in the imageUrl field');
  if (images.length > 1) throw badRequest('A post has one image: send at most one imageUrl file');
  request.body = fields;
  if (images[0]) uploads.set(request, images[0].data);
}

/** Mounted at /api/posts. Writes are for admins; auth runs before the body is read. */
const postRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPostService(app.db, app.images);

  app.get('/api/posts', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Blog posts, newest first (total in X-Total-Count)',
      querystring: postListQuery,
      response: { 200: z.array(post), 400: errorResponse },
    },
    handler: async (request, reply) => {
      const { items, total } = await service.list(request.query);
      reply.header('X-Total-Count', String(total));
      return items;
    },
  });

  app.get('/api/posts/:id', {
    config: { access: 'public' },
    schema: { tags, summary: 'One blog post', params, response: { 200: post, 404: errorResponse } },
    handler: async (request) => service.get(request.params.id),
  });

  app.post('/api/posts/create', {
    config: { access: 'content.write' },
    preValidation: multipartToBody,
    schema: {
      tags,
      summary: 'Write a post (admin): JSON, or multipart with an optional imageUrl file',
      security,
      consumes,
      body: postCreateBody,
      response: { 200: post, ...adminErrors },
    },
    handler: async (request) => service.create(request.body, uploads.get(request)),
  });

  app.put('/api/posts/:id', {
    config: { access: 'content.write' },
    preValidation: multipartToBody,
    schema: {
      tags,
      summary: 'Edit a post (admin): JSON fields (imageUrl null removes the image), or multipart with a new imageUrl file',
      security,
      params,
      consumes,
      body: postUpdateBody,
      response: { 200: post, ...adminErrors },
    },
    handler: async (request) => service.update(request.params.id, request.body, uploads.get(request)),
  });

  app.delete('/api/posts/:id', {
    config: { access: 'content.write' },
    schema: {
      tags,
      summary: 'Delete a post and its image (admin)',
      security,
      params,
      response: { 200: z.object({ msg: z.string() }), ...adminErrors },
    },
    handler: async (request) => {
      await service.remove(request.params.id);
      return { msg: 'Post deleted' };
    },
  });
};

export default postRoutes;
