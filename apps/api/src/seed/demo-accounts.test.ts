/**
 * demo-accounts.txt: every demo account with its password and, for those who may use the till,
 * its PIN; read back as written; a file from before the demo team keeps its two passwords and
 * gets the team's added, for its owner only.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_SHOPPER, DEMO_STAFF, demoAccountsFile, demoPasswords, readDemoPasswords } from './demo-accounts.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'demo-accounts-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('demo-accounts.txt', () => {
  it('lists every demo account, with a 6-digit PIN for the Owner, the Manager and the Cashier, and reads back as written', () => {
    const dir = tempDir();
    const passwords = demoPasswords(dir);
    expect(readDemoPasswords(dir)).toEqual(passwords);
    expect(demoPasswords(dir)).toEqual(passwords);
    expect(statSync(demoAccountsFile(dir)).mode & 0o777).toBe(0o600);
    const text = readFileSync(demoAccountsFile(dir), 'utf8');
    const { pins } = passwords.staff;
    expect(text).toContain(`${DEMO_ADMIN.email} ${passwords.admin} PIN ${pins.admin}\n`);
    expect(text).toContain(`${DEMO_SHOPPER.email} ${passwords.shopper}\n`);
    expect(text).toContain(`manager@demo.shop ${passwords.staff.passwords.manager} PIN ${pins.manager}\n`);
    expect(text).toContain(`cashier@demo.shop ${passwords.staff.passwords.cashier} PIN ${pins.cashier}\n`);
    expect(text).toContain(`fulfilment@demo.shop ${passwords.staff.passwords.fulfilment}\n`);
    expect(text).toContain(`editor@demo.shop ${passwords.staff.passwords.contentEditor}\n`);
    for (const pin of Object.values(pins)) expect(pin).toMatch(/^\d{6}$/);
    const secrets = [passwords.admin, passwords.shopper, ...Object.values(passwords.staff.passwords)];
    expect(new Set(secrets).size).toBe(secrets.length);
    for (const secret of secrets) expect(secret.length).toBeGreaterThanOrEqual(16);
  });

  it('keeps the two passwords of a file written before the demo team, and adds the team', () => {
    const dir = tempDir();
    writeFileSync(
      demoAccountsFile(dir),
      `# old\n${DEMO_ADMIN.email} old-admin-secret\n${DEMO_SHOPPER.email} old-shopper-secret\n`,
      {
        mode: 0o600,
      },
    );
    expect(readDemoPasswords(dir)).toEqual({ admin: 'old-admin-secret', shopper: 'old-shopper-secret' });
    const passwords = demoPasswords(dir);
    expect(passwords).toMatchObject({ admin: 'old-admin-secret', shopper: 'old-shopper-secret' });
    expect(Object.keys(passwords.staff.passwords).sort()).toEqual(DEMO_STAFF.map((m) => m.key).sort());
    expect(readDemoPasswords(dir)).toEqual(passwords);
    expect(statSync(demoAccountsFile(dir)).mode & 0o777).toBe(0o600);
  });
});
