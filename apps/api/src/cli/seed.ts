/** `npm run seed`: loads the demo data (idempotent). */
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/client.ts';
import { seedDemo } from '../db/seed/index.ts';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
await database.migrate();
await seedDemo(database.db, { log: (line) => console.log(`seed: ${line}`) });
await database.close();
console.log('Demo data ready.');
