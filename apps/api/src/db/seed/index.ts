/**
 * Demo data. `seedDemo` is idempotent: it records when it ran in app_meta and every
 * insert tolerates rows that already exist, so running it twice changes nothing.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appMeta } from '../schema/index.ts';
import { findUserByEmail, insertUser, upsertAdmin } from '../../users/service.ts';
import { DEMO_ADMIN, DEMO_SHOPPER } from './demo-accounts.ts';

const SEEDED_KEY = 'demo_seeded_at';

export async function isDemoSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
  return row !== undefined;
}

export interface SeedOptions {
  log?: (line: string) => void;
}

export async function seedDemo(db: Db, { log = () => {} }: SeedOptions = {}): Promise<void> {
  if (!(await findUserByEmail(db, DEMO_ADMIN.email))) {
    await upsertAdmin(db, DEMO_ADMIN);
    log(`demo admin ${DEMO_ADMIN.email}`);
  }
  if (!(await findUserByEmail(db, DEMO_SHOPPER.email))) {
    await insertUser(db, {
      ...DEMO_SHOPPER,
      phone: '+234 803 555 0142',
      address: '12 Admiralty Way, Lekki Phase 1',
      city: 'Lagos',
      state: 'Lagos',
      country: 'Nigeria',
    });
    log(`demo shopper ${DEMO_SHOPPER.email}`);
  }
  await db.insert(appMeta).values({ key: SEEDED_KEY, value: new Date().toISOString() }).onConflictDoNothing();
}
