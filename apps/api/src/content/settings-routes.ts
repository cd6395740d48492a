/**
 * The shop's settings: everyone reads the public ones, staff who may change them read all.
 * A change is refused whole when it touches a field the caller may not change (fields sent
 * unchanged pass): the bank account needs `settings.payments` and the member's current
 * password, or a code from their app when two-factor is on, in the same body (it decides where
 * shoppers' money goes, so a stolen session alone cannot move it); the rule on two-factor
 * sign-in needs `staff.manage`; the rest `settings.write`. A changed bank account is e-mailed
 * to every Owner. The change and its audit entry (the account number masked) are written in
 * one transaction, here rather than by the audit plugin, which would keep the number whole.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, PRIVATE_SETTINGS, type StoreSettings, settingsUpdateBody, storeSettings } from '@shop/shared';
import type { Tx } from '../db/client.ts';
import { refuse } from '../lib/refuse.ts';
import { auditedValue, bankFacts, isBankSetting } from './settings-bank.ts';
import { getSettings, settingsDefaults, updateSettings } from './settings-service.ts';

const tags = ['settings'];

/** What everyone may read: the settings without the private ones (the shop's notification address, the two-factor rule, the till's offline rules). */
const publicSettings = (settings: StoreSettings) => {
  const shown: Partial<StoreSettings> = { ...settings };
  for (const key of PRIVATE_SETTINGS) delete shown[key];
  return shown;
};

/** Private settings are left out for all but staff who may change the settings. */
const settingsResponse = storeSettings.partial(
  Object.fromEntries(PRIVATE_SETTINGS.map((key) => [key, true])) as Record<(typeof PRIVATE_SETTINGS)[number], true>,
);

const BANK_PROOF_MISSING = 'Enter your current password (or a code from your authenticator app) to change the bank account';

/**
 * The audit trail's writer, handed over by app.ts: the audit (admin/) reads the settings, so
 * content cannot import it.
 */
export interface SettingsRoutesOptions {
  audit(tx: Tx, entry: AuditEntry): Promise<void>;
}

/** An entry as the audit trail keeps it: who, from where, and the fields that changed. */
interface AuditEntry {
  actorId: string | null;
  actorEmail: string | null;
  actorName: string | null;
  actorRole: string | null;
  ip: string;
  userAgent: string;
  requestId: string;
  action: 'settings.updated';
  entity: 'settings';
  entityId: null;
  before: unknown;
  after: unknown;
}

/** Who changed the settings and from where, copied into the entry. */
const actorOf = (request: FastifyRequest) => {
  const user = request.user!;
  return {
    actorId: user.id,
    actorEmail: user.email,
    actorName: `${user.firstName} ${user.lastName}`.trim(),
    actorRole: request.staff?.role.name ?? null,
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 400),
    requestId: String(request.id),
  };
};

/** Mounted at /api/settings. */
const settingsRoutes: FastifyPluginAsyncZod<SettingsRoutesOptions> = async (app, { audit }) => {
  const defaults = settingsDefaults(app.config);

  app.get('/api/settings', {
    config: { access: 'public' },
    onRequest: app.optionalUser,
    schema: {
      tags,
      summary:
        'The shop: name, phone, hours, banner speed, invoice address, bank account for transfers, WhatsApp number, order limits (admins also see the notification address and who must use two-factor sign-in)',
      response: { 200: settingsResponse },
    },
    handler: async (request, reply) => {
      if (request.can('settings.write')) return getSettings(app.db, defaults);
      return app.readCache.serve(request, reply, ['content'], async () => ({
        body: publicSettings(await getSettings(app.db, defaults)),
      }));
    },
  });

  app.put('/api/settings', {
    // Audited below, in the change's transaction, with the account number masked.
    config: { access: ['settings.write', 'settings.payments'], audit: false },
    schema: {
      tags,
      summary:
        'Change some or all store settings; a new bank account also needs currentPassword (or totpCode with two-factor on) and is e-mailed to every Owner',
      security: [{ bearerAuth: [] }],
      body: settingsUpdateBody,
      response: { 200: storeSettings, 400: errorResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse },
    },
    handler: async (request) => {
      const { currentPassword, totpCode, ...patch } = request.body;
      const current = await getSettings(app.db, defaults);
      const changed = (Object.keys(patch) as (keyof StoreSettings)[]).filter(
        (key) => patch[key] !== undefined && patch[key] !== current[key],
      );
      const bank = changed.some(isBankSetting);
      if (bank && !request.can('settings.payments')) throw refuse('settings.payments');
      if (changed.includes('require2fa') && !request.can('staff.manage')) throw refuse('staff.manage');
      if (changed.some((key) => !isBankSetting(key) && key !== 'require2fa') && !request.can('settings.write')) {
        throw refuse('settings.write');
      }
      if (bank) {
        await app.confirmMember(
          request,
          { password: currentPassword, code: totpCode },
          { both: false, missing: BANK_PROOF_MISSING },
        );
      }
      return app.db.transaction(async (tx) => {
        const saved = await updateSettings(tx, patch, defaults);
        if (changed.length === 0) return saved;
        await audit(tx, {
          ...actorOf(request),
          action: 'settings.updated',
          entity: 'settings',
          entityId: null,
          before: Object.fromEntries(changed.map((key) => [key, auditedValue(key, current[key])])),
          after: Object.fromEntries(changed.map((key) => [key, auditedValue(key, saved[key])])),
        });
        if (bank) {
          const user = request.user!;
          const changedBy = `${`${user.firstName} ${user.lastName}`.trim()} (${request.staff!.role.name}, ${user.email})`;
          await app.messages.notifier.bankAccountChanged(tx, { changedBy, before: bankFacts(current), after: bankFacts(saved) });
        }
        return saved;
      });
    },
  });
};

export default settingsRoutes;
