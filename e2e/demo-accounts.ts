/**
 * The demo accounts' passwords are generated for each data folder on its first seed and
 * kept in DATA_DIR/demo-accounts.txt (apps/api/src/seed/demo-accounts.ts). The e2e
 * server's data folder is E2E_DATA_DIR (playwright.config.ts); read when a spec first signs in.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function demoPassword(email: string): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const file = path.join(dataDir, 'demo-accounts.txt');
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [name, password] = line.trim().split(/\s+/);
    if (name === email && password) return password;
  }
  throw new Error(`${file} has no password for ${email}`);
}

/** An account whose password is read from the e2e server's demo-accounts.txt when used. */
export const demoAccount = (email: string) => ({
  email,
  get password() {
    return demoPassword(email);
  },
});
