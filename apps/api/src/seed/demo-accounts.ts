/**
 * The demo accounts, created only by the demo seed. Their passwords are generated for each
 * data folder on its first seed and kept in DATA_DIR/demo-accounts.txt (readable by its owner
 * only), which the README names and every start prints: a demo anyone can try, and no
 * password the world knows on a port that may be reachable from the network. In production
 * the server refuses to start while a demo account still has such a password (server.ts).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const DEMO_ADMIN = { email: 'admin@demo.shop', firstName: 'Ada', lastName: 'Okafor' };
export const DEMO_SHOPPER = { email: 'shopper@demo.shop', firstName: 'Tolu', lastName: 'Adeyemi' };

/**
 * What the demo accounts' passwords were before they were generated: published in the
 * README of earlier versions, so an install seeded then still has them until its next start.
 */
export const PUBLISHED_DEMO_PASSWORDS: Readonly<DemoPasswords> = { admin: 'demo-admin-2024', shopper: 'demo-shopper-2024' };

export interface DemoPasswords {
  admin: string;
  shopper: string;
}

export const DEMO_ACCOUNTS_FILE = 'demo-accounts.txt';
export const demoAccountsFile = (dataDir: string) => path.join(dataDir, DEMO_ACCOUNTS_FILE);

/** The passwords kept in the data folder, if it has them. */
export function readDemoPasswords(dataDir: string): DemoPasswords | undefined {
  const file = demoAccountsFile(dataDir);
  if (!existsSync(file)) return undefined;
  const byEmail = new Map<string, string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [email, password] = line.trim().split(/\s+/);
    if (email && password && !email.startsWith('#')) byEmail.set(email, password);
  }
  const admin = byEmail.get(DEMO_ADMIN.email);
  const shopper = byEmail.get(DEMO_SHOPPER.email);
  return admin && shopper ? { admin, shopper } : undefined;
}

const generated = () => randomBytes(12).toString('base64url');

/** The data folder's demo passwords: those it keeps, else new ones, written down first. */
export function demoPasswords(dataDir: string): DemoPasswords {
  const saved = readDemoPasswords(dataDir);
  if (saved) return saved;
  const passwords = { admin: generated(), shopper: generated() };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(
    demoAccountsFile(dataDir),
    [
      '# The demo accounts of this data folder: email, then password. Generated on its first seed;',
      '# the server prints them at every start. Change them (or delete the accounts) before going live:',
      '# in production the server does not start while a demo account still has its password from here.',
      `${DEMO_ADMIN.email} ${passwords.admin}`,
      `${DEMO_SHOPPER.email} ${passwords.shopper}`,
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  return passwords;
}

/** Passwords nobody should keep: a random pair, for a seed run without a data folder's (tests). */
export const throwawayDemoPasswords = (): DemoPasswords => ({ admin: generated(), shopper: generated() });
