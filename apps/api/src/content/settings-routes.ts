import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, PRIVATE_SETTINGS, type StoreSettings, storeSettings, storeSettingsPatch } from '@shop/shared';
import { getSettings, updateSettings } from './settings-service.ts';

const tags = ['settings'];

/** What everyone may read: the settings without the private ones (the shop's notification address). */
const publicSettings = (settings: StoreSettings) => {
  const shown: Partial<StoreSettings> = { ...settings };
  for (const key of PRIVATE_SETTINGS) delete shown[key];
  return shown;
};

/** Private settings are left out for all but admins. */
const settingsResponse = storeSettings.partial({ notificationEmail: true });

/** Mounted at /api/settings. */
const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/settings', {
    onRequest: app.optionalUser,
    schema: {
      tags,
      summary:
        'The shop: name, phone, hours, banner speed, invoice address, bank account for transfers, WhatsApp number, order limits (admins also see the notification address)',
      response: { 200: settingsResponse },
    },
    handler: async (request, reply) => {
      if (request.user?.role === 'admin') return getSettings(app.db);
      return app.readCache.serve(request, reply, ['content'], async () => ({ body: publicSettings(await getSettings(app.db)) }));
    },
  });

  app.put('/api/settings', {
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
