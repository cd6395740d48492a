import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, storeSettings, storeSettingsPatch } from '@shop/shared';
import { getSettings, updateSettings } from './settings-service.ts';

const tags = ['settings'];

/** Mounted at /api/settings. */
const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('', {
    schema: {
      tags,
      summary: 'Store name, phone, service hours and banner rotation speed',
      response: { 200: storeSettings },
    },
    handler: (request, reply) =>
      app.readCache.serve(request, reply, ['content'], async () => ({ body: await getSettings(app.db) })),
  });

  app.put('', {
    onRequest: app.requireAdmin,
    schema: {
      tags,
      summary: 'Change some or all store settings (admin)',
      security: [{ bearerAuth: [] }],
      body: storeSettingsPatch,
      response: { 200: storeSettings, 400: errorResponse, 401: errorResponse, 403: errorResponse },
    },
    handler: async (request) => updateSettings(app.db, request.body),
  });
};

export default settingsRoutes;
