/**
 * `npm run reports:verify`: recomputes the reports' sales facts from the orders and compares
 * them with the table the reports read, then their monthly rollup from the facts
 * (reports/verify.ts). Exits 1, naming the orders or the rollup rows, when they differ. DATABASE_URL, or PGlite in DATA_DIR (with the shop stopped).
 */
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/client.ts';
import { verifySalesFacts } from '../reports/index.ts';

const database = await openConfiguredDatabase(loadConfig());
try {
  const started = performance.now();
  const check = await verifySalesFacts(database.db);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const many = (n: number) => (n === 20 ? 'at least 20' : String(n));
  if (check.differing.length === 0) {
    console.log(
      `Sales facts agree with the orders: ${check.facts.toLocaleString('en')} facts of ${check.orders.toLocaleString('en')} orders (${seconds} s).`,
    );
  } else {
    console.error(
      `Sales facts differ from the orders for ${many(check.differing.length)} orders:\n${check.differing.join('\n')}\n` +
        'Refresh them with: select refresh_sales_facts(array[...]::uuid[]); then rebuild the monthly rollup: select rebuild_sales_rollup();',
    );
    process.exitCode = 1;
  }
  if (check.rollupDiffering.length === 0) {
    console.log(`The monthly rollup agrees with the facts: ${check.rollupRows.toLocaleString('en')} rows.`);
  } else {
    console.error(
      `The monthly rollup differs from the facts' sums in ${many(check.rollupDiffering.length)} ${check.rollupDiffering.length === 1 ? 'row' : 'rows'} (grouping, month, key):\n${check.rollupDiffering.join('\n')}\n` +
        'Rebuild it from the facts with: select rebuild_sales_rollup();',
    );
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
