/**
 * `npm run admin:create -- --email a@b.c [--first Ada] [--last Okafor]`
 *
 * The password comes from ADMIN_PASSWORD, or is typed when asked (not shown), or is the first
 * line piped in. Never from the command line: every user of the machine sees a command's
 * arguments (`ps`), and the shell keeps them in its history.
 *
 * `npm run admin:create -- --email a@b.c --reset-2fa`: a lost phone, on the server. Turns off
 * that account's two-factor sign-in and ends its staff sessions (audited, "command line"); no
 * password is asked and nothing else of the account changes.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/client.ts';
import { createTwoFactor, resetTwoFactor } from '../auth/index.ts';
import { findUserByEmail, upsertAdmin } from '../users/index.ts';

const USAGE =
  'Usage: [ADMIN_PASSWORD=…] npm run admin:create -- --email <email> [--first <name>] [--last <name>]\n' +
  '       npm run admin:create -- --email <email> --reset-2fa';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    first: { type: 'string' },
    last: { type: 'string' },
    'reset-2fa': { type: 'boolean' },
  },
});
if (values.password !== undefined) {
  console.error(
    '--password is refused: a password on the command line is visible to every user of this machine (ps) and ' +
      'stays in the shell history. Set ADMIN_PASSWORD, type the password when asked, or pipe it in ' +
      '(printf "%s\\n" "$PASSWORD" | npm run admin:create -- --email …).',
  );
  process.exit(2);
}
if (!values.email) {
  console.error(USAGE);
  process.exit(2);
}

/** The first line of standard input; typed without echo when it is a terminal. */
async function readPassword(): Promise<string> {
  const { stdin, stderr } = process;
  const terminal = Boolean(stdin.isTTY);
  if (terminal) stderr.write('Password (not shown): ');
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const lines = createInterface({ input: stdin, output: terminal ? silent : undefined, terminal });
  try {
    for await (const line of lines) return line;
    return '';
  } finally {
    lines.close();
    if (terminal) stderr.write('\n');
  }
}

/** --reset-2fa: turns the account's two-factor sign-in off; exits 1 for an unknown address. */
async function resetTwoFactorOf(email: string): Promise<never> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  const user = await findUserByEmail(database.db, email);
  const wasOn =
    user &&
    (await resetTwoFactor(database.db, createTwoFactor(database.db, config.jwtSecret), user, {
      actor: null,
      actorRole: null,
      origin: null,
      via: 'command line',
    }));
  await database.close();
  if (!user) {
    console.error(`No account has the e-mail ${email}.`);
    process.exit(1);
  }
  console.log(
    wasOn ? `Two-factor sign-in turned off for ${user.email}; their sessions ended.` : `${user.email} had no two-factor sign-in.`,
  );
  process.exit(0);
}
if (values['reset-2fa']) await resetTwoFactorOf(values.email);

const config = loadConfig();
const password = config.adminPassword ?? (await readPassword());
if (password.length < 8) {
  console.error('The password must be at least 8 characters.');
  process.exit(2);
}
const database = await openConfiguredDatabase(config);
await database.migrate();
const { user, created } = await upsertAdmin(database.db, {
  email: values.email,
  password,
  firstName: values.first,
  lastName: values.last,
});
await database.close();
console.log(`${created ? 'Created' : 'Updated'} admin ${user.email}.`);
