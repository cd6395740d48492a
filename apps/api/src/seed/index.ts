/**
 * Demo data: the demo accounts (an Owner, a shopper and one member per other role template,
 * demo-accounts.ts), the demo catalogue (see catalogue.ts), delivery zones
 * and coupons (checkout.ts), and 90 days of sales (history.ts). `seedDemo` is
 * idempotent: accounts are created only when missing, the catalogue is written once and
 * recorded in app_meta, so running it twice changes nothing.
 */
import { DELIVERY_COUNTRY } from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appMeta } from '../db/schema/index.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { ensurePin, findRoleByTemplate } from '../staff/index.ts';
import { findUserByEmail, insertUser, setPassword, upsertAdmin } from '../users/index.ts';
import { demoPictureKeys, ensurePictures, isCatalogueSeeded, seedCatalogue } from './catalogue.ts';
import { isCheckoutSeeded, seedCheckout } from './checkout.ts';
import { isHistorySeeded, seedSalesHistory } from './history.ts';
import {
  DEMO_ADMIN,
  DEMO_SHOPPER,
  DEMO_STAFF,
  DEMO_TILL,
  type DemoPasswords,
  type DemoStaffSecrets,
  PUBLISHED_DEMO_PASSWORDS,
  throwawayDemoPasswords,
} from './demo-accounts.ts';

const SEEDED_KEY = 'demo_seeded_at';

/**
 * True once the whole demo data set exists (an install seeded before the catalogue, or the
 * team, existed gets it on its next start).
 */
export async function isDemoSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
  return (
    row !== undefined &&
    (await isCatalogueSeeded(db)) &&
    (await isCheckoutSeeded(db)) &&
    (await isHistorySeeded(db)) &&
    (await isTeamSeeded(db))
  );
}

/** The demo team exists (where the demo admin does: a seed without accounts makes neither). */
async function isTeamSeeded(db: Db): Promise<boolean> {
  if (!(await findUserByEmail(db, DEMO_ADMIN.email))) return true;
  for (const member of DEMO_STAFF) if (!(await findUserByEmail(db, member.email))) return false;
  return true;
}

export interface SeedOptions {
  log?: (line: string) => void;
  /** Where the demo pictures are written: DATA_DIR/uploads, which the app serves at /uploads. */
  uploadsDir: string;
  /** DEMO_PICTURES_CACHE: a folder of pictures drawn before, copied instead of drawn again (catalogue.ts). */
  picturesCache?: string;
  /**
   * The demo accounts' passwords (the data folder's: demoPasswords in demo-accounts.ts); false:
   * no demo accounts. Unset: throwaway ones (tests).
   */
  passwords?: DemoPasswords | false;
}

/** Creates a demo account unless it exists; another process creating it at the same moment is fine too. */
async function ensureAccount(db: Db, email: string, create: () => Promise<unknown>, log: () => void): Promise<void> {
  if (await findUserByEmail(db, email)) return;
  try {
    await create();
    log();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}

/** One member per role template beside the Owner, and the till PINs (kept when changed since). */
async function seedTeam(db: Db, staff: DemoStaffSecrets, log: (line: string) => void): Promise<void> {
  for (const member of DEMO_STAFF) {
    const role = await findRoleByTemplate(db, member.template);
    await ensureAccount(
      db,
      member.email,
      () =>
        insertUser(
          db,
          {
            ...member,
            password: staff.passwords[member.key],
            phone: '',
            address: '',
            city: 'Lagos',
            state: 'Lagos',
            country: DELIVERY_COUNTRY,
          },
          'admin',
          undefined,
          role.id,
        ),
      () => log(`demo ${role.name.toLowerCase()} ${member.email}`),
    );
  }
  for (const key of DEMO_TILL) {
    const user = await findUserByEmail(db, key === 'admin' ? DEMO_ADMIN.email : DEMO_STAFF.find((m) => m.key === key)!.email);
    if (user?.role === 'admin') await ensurePin(db, user.id, staff.pins[key]);
  }
}

async function seedAccounts(db: Db, passwords: DemoPasswords, log: (line: string) => void): Promise<void> {
  await Promise.all([
    ensureAccount(
      db,
      DEMO_ADMIN.email,
      () => upsertAdmin(db, { ...DEMO_ADMIN, password: passwords.admin }),
      () => log(`demo admin ${DEMO_ADMIN.email}`),
    ),
    ensureAccount(
      db,
      DEMO_SHOPPER.email,
      () =>
        insertUser(db, {
          ...DEMO_SHOPPER,
          password: passwords.shopper,
          phone: '+234 803 555 0142',
          address: '12 Admiralty Way, Lekki Phase 1',
          city: 'Lagos',
          state: 'Lagos',
          country: DELIVERY_COUNTRY,
        }),
      () => log(`demo shopper ${DEMO_SHOPPER.email}`),
    ),
  ]);
  if (passwords.staff) await seedTeam(db, passwords.staff, log);
}

export async function seedDemo(
  db: Db,
  { log = () => {}, uploadsDir, picturesCache, passwords = throwawayDemoPasswords() }: SeedOptions,
): Promise<void> {
  // The pictures render on sharp's threads while the accounts are written.
  const [pictures] = await Promise.all([
    ensurePictures(db, uploadsDir, log, demoPictureKeys(), picturesCache),
    passwords && seedAccounts(db, passwords, log),
  ]);
  await seedCatalogue(db, pictures, log);
  await seedCheckout(db, log);
  await seedSalesHistory(db, { log, uploadsDir });
  await db.insert(appMeta).values({ key: SEEDED_KEY, value: new Date().toISOString() }).onConflictDoNothing();
}

/** Every demo account, and the password it has in a data folder's file. */
const DEMO_ACCOUNTS: { email: string; known: (p: DemoPasswords) => string | undefined }[] = [
  { email: DEMO_ADMIN.email, known: (p) => p.admin },
  { email: DEMO_SHOPPER.email, known: (p) => p.shopper },
  ...DEMO_STAFF.map((m) => ({ email: m.email, known: (p: DemoPasswords) => p.staff?.passwords[m.key] })),
];
const PUBLISHED: Record<string, string> = {
  [DEMO_ADMIN.email]: PUBLISHED_DEMO_PASSWORDS.admin,
  [DEMO_SHOPPER.email]: PUBLISHED_DEMO_PASSWORDS.shopper,
};

/**
 * The demo accounts that still have a password others know or can read: the data folder's
 * (`passwords`, from demo-accounts.txt) or the one earlier versions published.
 */
export async function demoAccountsWithKnownPasswords(db: Db, passwords: DemoPasswords | undefined): Promise<string[]> {
  const found: string[] = [];
  for (const { email, known: inFile } of DEMO_ACCOUNTS) {
    const user = await findUserByEmail(db, email);
    if (!user) continue;
    for (const known of [passwords && inFile(passwords), PUBLISHED[email]]) {
      if (known && (await verifyPassword(user.passwordHash, known))) {
        found.push(user.email);
        break;
      }
    }
  }
  return found;
}

/**
 * An install seeded when the passwords were published: its demo accounts take the data
 * folder's own (`passwords` is asked for only then: it may write demo-accounts.txt).
 */
export async function replacePublishedDemoPasswords(db: Db, passwords: () => DemoPasswords): Promise<string[]> {
  const replaced: string[] = [];
  for (const { email, known: inFile } of DEMO_ACCOUNTS.filter((a) => a.email in PUBLISHED)) {
    const user = await findUserByEmail(db, email);
    if (user && (await verifyPassword(user.passwordHash, PUBLISHED[email]!))) {
      await setPassword(db, user.id, inFile(passwords())!);
      replaced.push(user.email);
    }
  }
  return replaced;
}

export { seedBulkProducts } from './bulk.ts';
export { seedBulkOrders } from './orders-bulk.ts';
