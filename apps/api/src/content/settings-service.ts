/**
 * Store settings (name, phone, service hours, banner rotation speed, low stock, invoice
 * address and VAT, bank account for transfers, limits on online orders, who must use
 * two-factor sign-in), kept as one JSON object in app_meta under `store_settings`. Defaults
 * fill whatever was never saved; the two-factor rule's default depends on where the shop runs
 * (REQUIRE_2FA, config.ts), so a caller that reads it passes `settingsDefaults(config)`.
 */
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_STORE_SETTINGS, type StoreSettings, type StoreSettingsPatch, storeSettings } from '@shop/shared';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { appMeta } from '../db/schema/index.ts';

export const SETTINGS_KEY = 'store_settings';

/** The defaults, with the configuration's rule on two-factor sign-in. */
export const settingsDefaults = (config: Pick<Config, 'require2fa'>): StoreSettings => ({
  ...DEFAULT_STORE_SETTINGS,
  require2fa: config.require2fa,
});

/** Stored values over the defaults; a stored value that is no longer valid falls back to its default. */
function withDefaults(stored: unknown, defaults: StoreSettings): StoreSettings {
  const settings: StoreSettings = { ...defaults };
  if (!stored || typeof stored !== 'object') return settings;
  const record = stored as Record<string, unknown>;
  for (const key of Object.keys(storeSettings.shape) as (keyof StoreSettings)[]) {
    const parsed = storeSettings.shape[key].safeParse(record[key]);
    if (parsed.success) Object.assign(settings, { [key]: parsed.data });
  }
  return settings;
}

export async function getSettings(db: Db | Tx, defaults = DEFAULT_STORE_SETTINGS): Promise<StoreSettings> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, SETTINGS_KEY));
  return withDefaults(row?.value, defaults);
}

/**
 * Saves the given settings and keeps the others. The merge happens in one SQL statement
 * (jsonb `||`), so two admins saving different fields at once both keep their change.
 */
export async function updateSettings(
  db: Db | Tx,
  patch: StoreSettingsPatch,
  defaults = DEFAULT_STORE_SETTINGS,
): Promise<StoreSettings> {
  const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const [row] = await db
    .insert(appMeta)
    .values({ key: SETTINGS_KEY, value: changes })
    .onConflictDoUpdate({
      target: appMeta.key,
      set: { value: sql`${appMeta.value} || excluded.value`, updatedAt: sql`now()` },
    })
    .returning({ value: appMeta.value });
  return withDefaults(row?.value, defaults);
}
