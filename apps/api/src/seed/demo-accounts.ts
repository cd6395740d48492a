/**
 * The demo accounts, created only by the demo seed: an Owner (the demo admin), a shopper, and
 * one staff member for each other role template, so the back office can be tried as each.
 * Their passwords, and the till PINs of those who may use the till, are generated for each
 * data folder on its first seed and kept in DATA_DIR/demo-accounts.txt (readable by its owner
 * only), which the README names and every start prints: a demo anyone can try, and no
 * password the world knows on a port that may be reachable from the network. In production
 * the server refuses to start while a demo account still has such a password (server.ts).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RoleTemplate } from '@shop/shared';

export const DEMO_ADMIN = { email: 'admin@demo.shop', firstName: 'Ada', lastName: 'Okafor' };
export const DEMO_SHOPPER = { email: 'shopper@demo.shop', firstName: 'Tolu', lastName: 'Adeyemi' };

/** The demo team beside the Owner (the demo admin): one member per other role template. */
export const DEMO_STAFF = [
  { key: 'manager', template: 'manager', email: 'manager@demo.shop', firstName: 'Ngozi', lastName: 'Eze' },
  { key: 'cashier', template: 'cashier', email: 'cashier@demo.shop', firstName: 'Emeka', lastName: 'Nwosu' },
  { key: 'fulfilment', template: 'fulfilment', email: 'fulfilment@demo.shop', firstName: 'Bisi', lastName: 'Adeleke' },
  { key: 'contentEditor', template: 'content_editor', email: 'editor@demo.shop', firstName: 'Zainab', lastName: 'Bello' },
] as const satisfies readonly {
  key: string;
  template: Exclude<RoleTemplate, 'owner'>;
  email: string;
  firstName: string;
  lastName: string;
}[];
export type DemoStaffKey = (typeof DEMO_STAFF)[number]['key'];

/** Who has a till PIN: the members whose role may sell at the till (pos.sell). */
export const DEMO_TILL = ['admin', 'manager', 'cashier'] as const;
export type DemoTillKey = (typeof DEMO_TILL)[number];

/**
 * What earlier versions' demo accounts' passwords were before they were generated: published
 * in their README, so an install seeded then still has them until its next start.
 */
export const PUBLISHED_DEMO_PASSWORDS = { admin: 'demo-admin-2024', shopper: 'demo-shopper-2024' } as const;

export interface DemoStaffSecrets {
  passwords: Record<DemoStaffKey, string>;
  pins: Record<DemoTillKey, string>;
}

export interface DemoPasswords {
  admin: string;
  shopper: string;
  /** The team's passwords and PINs; missing from a file written before there was a team, until its next seed. */
  staff?: DemoStaffSecrets;
}

export const DEMO_ACCOUNTS_FILE = 'demo-accounts.txt';
export const demoAccountsFile = (dataDir: string) => path.join(dataDir, DEMO_ACCOUNTS_FILE);

const generated = () => randomBytes(12).toString('base64url');
const generatedPin = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** The file's lines: e-mail, password, and `PIN 123456` for a member of the till. */
function readFile(dataDir: string): Map<string, { password: string; pin?: string }> {
  const byEmail = new Map<string, { password: string; pin?: string }>();
  const file = demoAccountsFile(dataDir);
  if (!existsSync(file)) return byEmail;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [email, password, label, pin] = line.trim().split(/\s+/);
    if (email && password && !email.startsWith('#')) byEmail.set(email, { password, ...(label === 'PIN' && pin && { pin }) });
  }
  return byEmail;
}

const emailOf = (key: DemoStaffKey | DemoTillKey) =>
  key === 'admin' ? DEMO_ADMIN.email : DEMO_STAFF.find((m) => m.key === key)!.email;

/** The team's secrets in the file; with `fill`, the missing ones made up, else undefined when any is missing. */
function staffOf(byEmail: ReturnType<typeof readFile>, fill: boolean): DemoStaffSecrets | undefined {
  const passwords = DEMO_STAFF.map((m) => [m.key, byEmail.get(m.email)?.password ?? (fill ? generated() : undefined)] as const);
  const pins = DEMO_TILL.map((k) => [k, byEmail.get(emailOf(k))?.pin ?? (fill ? generatedPin() : undefined)] as const);
  if ([...passwords, ...pins].some(([, secret]) => !secret)) return undefined;
  return {
    passwords: Object.fromEntries(passwords) as Record<DemoStaffKey, string>,
    pins: Object.fromEntries(pins) as Record<DemoTillKey, string>,
  };
}

/** The passwords kept in the data folder, if it has them (the team's once a seed has written them). */
export function readDemoPasswords(dataDir: string): DemoPasswords | undefined {
  const byEmail = readFile(dataDir);
  const admin = byEmail.get(DEMO_ADMIN.email)?.password;
  const shopper = byEmail.get(DEMO_SHOPPER.email)?.password;
  if (!admin || !shopper) return undefined;
  const staff = staffOf(byEmail, false);
  return { admin, shopper, ...(staff && { staff }) };
}

function writeDown(dataDir: string, passwords: Required<DemoPasswords>): void {
  const { pins } = passwords.staff;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(
    demoAccountsFile(dataDir),
    [
      '# The demo accounts of this data folder: e-mail, password, and the till PIN of those who may use the till.',
      '# Generated on its first seed; the server prints where they are at every start. Change them (or deactivate',
      '# the staff) before going live: in production the server does not start while a demo account still has its',
      '# password from here.',
      `${DEMO_ADMIN.email} ${passwords.admin} PIN ${pins.admin}`,
      `${DEMO_SHOPPER.email} ${passwords.shopper}`,
      ...DEMO_STAFF.map((m) => {
        const pin = m.key in pins ? ` PIN ${pins[m.key as DemoTillKey]}` : '';
        return `${m.email} ${passwords.staff.passwords[m.key]}${pin}`;
      }),
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
}

/**
 * The data folder's demo passwords: those it keeps, else new ones, written down first. A file
 * from before there was a team keeps its two passwords and gets the team's added.
 */
export function demoPasswords(dataDir: string): Required<DemoPasswords> {
  const saved = readDemoPasswords(dataDir);
  if (saved?.staff) return { ...saved, staff: saved.staff };
  const byEmail = readFile(dataDir);
  const passwords = {
    admin: saved?.admin ?? generated(),
    shopper: saved?.shopper ?? generated(),
    staff: staffOf(byEmail, true)!,
  };
  writeDown(dataDir, passwords);
  return passwords;
}

/** Passwords nobody should keep: a random set, for a seed run without a data folder's (tests). */
export const throwawayDemoPasswords = (): Required<DemoPasswords> => ({
  admin: generated(),
  shopper: generated(),
  staff: staffOf(new Map(), true)!,
});
