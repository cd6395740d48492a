/**
 * The customers report (issue 30): new and returning customers, their net sales, the repeat
 * rate and the top customers (docs/decisions/0025, "Customers"). A customer is an account (a
 * web order's `user_id`) or a recorded till customer (`customer_id`); walk-ins are not counted.
 * Net sales come from the sales report's own statement grouped by customer (sales.ts), so they
 * are its figures to the kobo; one more statement reads each period customer's sales ever from
 * the same facts (a sale's first line part), through a narrow index (migration 0034).
 */
import { inArray, sql } from 'drizzle-orm';
import { type CustomersReport, type CustomerTotals, type ReportQuery, TOP_CUSTOMERS, type TopCustomer } from '@shop/shared';
import { type Db, rowsOf } from '../db/client.ts';
import { customers, users } from '../db/schema/index.ts';
import { type CsvValue, csvRow } from '../lib/csv.ts';
import { koboToNairaText } from '@shop/shared';
import { changes, comparisonPeriod, type Period, round2, salesRows } from './sales.ts';

interface PeriodCustomer {
  key: string;
  orders: number;
  netSales: number;
  isNew: boolean;
}

/** The period's customers (those with a sale in it, and those with only a refund in it, orders 0). */
async function periodCustomers(db: Db, period: Period): Promise<{ list: PeriodCustomer[]; totals: CustomerTotals }> {
  const rows = await salesRows(db, period, 'customer', false, sql`(f.user_id is not null or f.customer_id is not null)`);
  const ids = (kind: string) =>
    rows
      .filter((r) => r.key.startsWith(`${kind}:`))
      .map((r) => r.key.slice(kind.length + 1))
      .join(',');
  // Each period customer's sales ever: a sale's first line part (sales_facts), by a narrow index.
  const history = await rowsOf<{ key: string; is_new: boolean; sales_to_end: string }>(
    db,
    sql`select 'account:' || f.user_id as key, min(f.day) >= ${period.from}::date as is_new,
        count(*) filter (where f.day <= ${period.to}::date) as sales_to_end
      from sales_facts f
      where f.kind = 'line' and f.first and f.user_id = any(string_to_array(${ids('account')}, ',')::uuid[])
      group by f.user_id
      union all
      select 'till:' || f.customer_id, min(f.day) >= ${period.from}::date, count(*) filter (where f.day <= ${period.to}::date)
      from sales_facts f
      where f.kind = 'line' and f.first and f.user_id is null and f.customer_id = any(string_to_array(${ids('till')}, ',')::uuid[])
      group by f.customer_id`,
  );
  const known = new Map(history.map((h) => [h.key, h]));
  const list = rows.map((row) => ({
    key: row.key,
    orders: row.orders,
    netSales: row.netSales,
    // A customer with only a refund in the period had their first sale before it.
    isNew: row.orders > 0 && known.get(row.key)?.is_new === true,
  }));
  const buyers = list.filter((c) => c.orders > 0);
  const fresh = buyers.filter((c) => c.isNew);
  const repeat = buyers.filter((c) => Number(known.get(c.key)?.sales_to_end ?? 0) >= 2).length;
  const newNetSales = fresh.reduce((sum, c) => sum + c.netSales, 0);
  return {
    list,
    totals: {
      customers: buyers.length,
      newCustomers: fresh.length,
      returningCustomers: buyers.length - fresh.length,
      newNetSales,
      returningNetSales: rows.reduce((sum, c) => sum + c.netSales, 0) - newNetSales,
      repeatRate: buyers.length === 0 ? null : round2((repeat * 100) / buyers.length),
    },
  };
}

/** Names of the given customers ("account:<id>", "till:<id>"), for a caller with customers.read. */
async function namesOf(db: Db, keys: string[]): Promise<Map<string, string>> {
  const ids = (kind: string) => keys.filter((k) => k.startsWith(`${kind}:`)).map((k) => k.slice(kind.length + 1));
  const [accounts, till] = [ids('account'), ids('till')];
  const fullName = sql<string>`trim(first_name || ' ' || last_name)`;
  const [a, t] = await Promise.all([
    accounts.length ? db.select({ id: users.id, name: fullName }).from(users).where(inArray(users.id, accounts)) : [],
    till.length ? db.select({ id: customers.id, name: fullName }).from(customers).where(inArray(customers.id, till)) : [],
  ]);
  return new Map([...a.map((r) => [`account:${r.id}`, r.name] as const), ...t.map((r) => [`till:${r.id}`, r.name] as const)]);
}

export async function customersReport(db: Db, query: ReportQuery, withNames: boolean): Promise<CustomersReport> {
  const period = { from: query.from, to: query.to };
  const compared = query.compare ? comparisonPeriod(period, query.compare) : null;
  const [now, then] = await Promise.all([
    periodCustomers(db, period),
    compared ? periodCustomers(db, compared) : Promise.resolve(null),
  ]);
  const ranked = now.list
    .filter((c) => c.orders > 0)
    .sort((a, b) => b.netSales - a.netSales || a.key.localeCompare(b.key))
    .slice(0, TOP_CUSTOMERS);
  const names = withNames
    ? await namesOf(
        db,
        ranked.map((c) => c.key),
      )
    : new Map<string, string>();
  const top: TopCustomer[] = ranked.map((c) => {
    const [kind, id] = c.key.split(':') as ['account' | 'till', string];
    const anonymous = `${kind === 'account' ? 'Account' : 'Till customer'} ${id.slice(0, 8)}`;
    return { key: c.key, label: names.get(c.key) || anonymous, kind, orders: c.orders, netSales: c.netSales, isNew: c.isNew };
  });
  return {
    ...period,
    totals: now.totals,
    top,
    comparison: compared && then ? { ...compared, totals: then.totals, change: changes(now.totals, then.totals) } : null,
  };
}

const TOTAL_COLUMNS: [string, (t: CustomerTotals) => CsvValue][] = [
  ['Customers', (t) => t.customers],
  ['New customers', (t) => t.newCustomers],
  ['Returning customers', (t) => t.returningCustomers],
  ['New customers net sales', (t) => koboToNairaText(t.newNetSales)],
  ['Returning customers net sales', (t) => koboToNairaText(t.returningNetSales)],
  ['Repeat rate %', (t) => t.repeatRate],
];

/**
 * Two tables a blank line apart: the totals as a row per figure (a column for the period and
 * one for the comparison), then the top customers; money in naira.
 */
export function customersCsv(report: CustomersReport): string {
  let csv = `\uFEFF${csvRow(['Figure', `${report.from} to ${report.to}`, ...(report.comparison ? [`${report.comparison.from} to ${report.comparison.to}`] : [])])}`;
  for (const [name, cell] of TOTAL_COLUMNS) {
    csv += csvRow([name, cell(report.totals), ...(report.comparison ? [cell(report.comparison.totals)] : [])]);
  }
  csv += `\r\n${csvRow(['Top customer', 'Orders', 'Net sales', 'New'])}`;
  for (const c of report.top) csv += csvRow([c.label, c.orders, koboToNairaText(c.netSales), c.isNew ? 'yes' : '']);
  return csv;
}
