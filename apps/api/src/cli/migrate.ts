/** `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to PGlite in DATA_DIR. */
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/client.ts';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.kind}).`);
