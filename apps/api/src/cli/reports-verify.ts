/**
 * `npm run reports:verify`: recomputes the reports' sales facts from the orders and compares
 * them with the table the reports read (reports/verify.ts). Exits 1, naming the orders, when
 * they differ. DATABASE_URL, or PGlite in DATA_DIR (with the shop stopped).
 */
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/client.ts';
import { verifySalesFacts } from '../reports/index.ts';

const database = await openConfiguredDatabase(loadConfig());
try {
  const started = performance.now();
  const check = await verifySalesFacts(database.db);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (check.differing.length === 0) {
    console.log(
      `Sales facts agree with the orders: ${check.facts.toLocaleString('en')} facts of ${check.orders.toLocaleString('en')} orders (${seconds} s).`,
    );
  } else {
    console.error(
      `Sales facts differ from the orders for ${check.differing.length === 20 ? 'at least 20' : check.differing.length} orders:\n${check.differing.join('\n')}\n` +
        'Refresh them with: select refresh_sales_facts(array[...]::uuid[]);',
    );
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
