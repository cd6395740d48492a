import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, PRIVATE_SETTINGS, type StoreSettings, storeSettings, storeSettingsPatch } from '@shop/shared';
import { refuse } from '../lib/refuse.ts';
import { getSettings, updateSettings } from './settings-service.ts';

/** Where shoppers send transfers: changed only with `settings.payments`. */
const BANK_SETTINGS = ['bankName', 'bankAccountName', 'bankAccountNumber'] as const;

const tags = ['settings'];

/** What everyone may read: the settings without the private ones (the shop's notification address). */
const publicSettings = (settings: StoreSettings) => {
  const shown: Partial<StoreSettings> = { ...settings };
  for (const key of PRIVATE_SETTINGS) delete shown[key];
  return shown;
};

/** Private settings are left out for all but staff who may change the settings. */
const settingsResponse = storeSettings.partial({ notificationEmail: true });

/** Mounted at /api/settings. */
const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/settings', {
    config: { access: 'public' },
    onRequest: app.optionalUser,
    schema: {
      tags,
      summary:
        'The shop: name, phone, hours, banner speed, invoice address, bank account for transfers, WhatsApp number, order limits (admins also see the notification address)',
      response: { 200: settingsResponse },
    },
    handler: async (request, reply) => {
      if (request.can('settings.write')) return getSettings(app.db);
      return app.readCache.serve(request, reply, ['content'], async () => ({ body: publicSettings(await getSettings(app.db)) }));
    },
  });

  app.put('/api/settings', {
    config: { access: ['settings.write', 'settings.payments'] },
    schema: {
      tags,
      summary: 'Change some or all store settings (admin)',
      security: [{ bearerAuth: [] }],
      body: storeSettingsPatch,
      response: { 200: storeSettings, 400: errorResponse, 401: errorResponse, 403: errorResponse },
    },
    handler: async (request) => {
      // The bank account shoppers pay transfers to is its own permission; the rest is settings.write.
      // Fields sent unchanged need neither.
      const current = await getSettings(app.db);
      const changed = (Object.keys(request.body) as (keyof StoreSettings)[]).filter(
        (key) => request.body[key] !== undefined && request.body[key] !== current[key],
      );
      const bank = changed.filter((key) => (BANK_SETTINGS as readonly string[]).includes(key));
      if (bank.length > 0 && !request.can('settings.payments')) throw refuse('settings.payments');
      if (changed.length > bank.length && !request.can('settings.write')) throw refuse('settings.write');
      return updateSettings(app.db, request.body);
    },
  });
};

export default settingsRoutes;
