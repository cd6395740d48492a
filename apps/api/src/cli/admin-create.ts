/**
 * `npm run admin:create -- --email a@b.c [--first Ada] [--last Okafor]`
 *
 * The password comes from ADMIN_PASSWORD, or is typed when asked (not shown), or is the first
 * line piped in. Never from the command line: every user of the machine sees a command's
 * arguments (`ps`), and the shell keeps them in its history.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/client.ts';
import { upsertAdmin } from '../users/index.ts';

const USAGE = 'Usage: [ADMIN_PASSWORD=…] npm run admin:create -- --email <email> [--first <name>] [--last <name>]';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    first: { type: 'string' },
    last: { type: 'string' },
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
