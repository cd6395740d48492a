/** `npm run admin:create -- --email a@b.c --password '...' [--first Ada] [--last Okafor]` */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/client.ts';
import { upsertAdmin } from '../users/service.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    first: { type: 'string' },
    last: { type: 'string' },
  },
});
if (!values.email || !values.password) {
  console.error('Usage: npm run admin:create -- --email <email> --password <password> [--first <name>] [--last <name>]');
  process.exit(2);
}
if (values.password.length < 8) {
  console.error('The password must be at least 8 characters.');
  process.exit(2);
}
const config = loadConfig();
const database = await openConfiguredDatabase(config);
await database.migrate();
const { user, created } = await upsertAdmin(database.db, {
  email: values.email,
  password: values.password,
  firstName: values.first,
  lastName: values.last,
});
await database.close();
console.log(`${created ? 'Created' : 'Updated'} admin ${user.email}.`);
