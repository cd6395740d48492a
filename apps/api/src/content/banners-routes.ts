import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { banner, bannerCreateBody, bannerUpdateBody, errorResponse } from '@shop/shared';
import { z } from 'zod';
import { createBanner, deleteBanner, listBanners, updateBanner } from './banners-service.ts';

const tags = ['banners'];
const security = [{ bearerAuth: [] }];
const adminErrors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const params = z.object({ id: z.string().max(100) });

/** Mounted at /api/banners. Writes are for admins; auth runs before the body is validated. */
const bannerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/banners', {
    config: { access: 'public' },
    schema: { tags, summary: 'Active banners in display order', response: { 200: z.array(banner) } },
    handler: (request, reply) =>
      app.readCache.serve(request, reply, ['content'], async () => ({ body: await listBanners(app.db) })),
  });

  app.get('/api/banners/all', {
    config: { access: 'content.write' },
    schema: {
      tags,
      summary: 'Every banner, including inactive ones (admin)',
      security,
      response: { 200: z.array(banner), ...adminErrors },
    },
    handler: async () => listBanners(app.db, { all: true }),
  });

  app.post('/api/banners/create', {
    config: { access: 'content.write' },
    schema: {
      tags,
      summary: 'Create a banner (admin); answers 200 as the original back office expects',
      security,
      body: bannerCreateBody,
      response: { 200: banner, ...adminErrors },
    },
    handler: async (request) => createBanner(app.db, request.body),
  });

  app.put('/api/banners/:id', {
    config: { access: 'content.write' },
    schema: {
      tags,
      summary: 'Change a banner’s title, active flag or position (admin)',
      security,
      params,
      body: bannerUpdateBody,
      response: { 200: banner, ...adminErrors },
    },
    handler: async (request) => updateBanner(app.db, request.params.id, request.body),
  });

  app.delete('/api/banners/:id', {
    config: { access: 'content.write' },
    schema: {
      tags,
      summary: 'Delete a banner (admin)',
      security,
      params,
      response: { 200: z.object({ msg: z.string() }), ...adminErrors },
    },
    handler: async (request) => {
      await deleteBanner(app.db, request.params.id);
      return { msg: 'Banner deleted' };
    },
  });
};

export default bannerRoutes;
