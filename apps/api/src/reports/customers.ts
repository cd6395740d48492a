/**
 * The customers report (issue 30): new and returning customers, their net sales, the repeat
 * rate and the top customers (docs/decisions/0025, "Customers"). A customer is an account (a
 * web order's `user_id`) or a recorded till customer (`customer_id`); walk-ins are not counted.
 * Net sales are summed from the sales report's own facts (sales_facts, reports/sales.ts), so they
 * are its figures to the kobo; the same statement reads each period customer's sales ever from
 * those facts (a sale's first line part), through two narrow indexes (migration 0034).
 */
import { inArray, sql } from 'drizzle-orm';
import { type CustomersReport, type CustomerTotals, type ReportQuery, TOP_CUSTOMERS, type TopCustomer } from '@shop/shared';
import { type Db, rowsOf } from '../db/client.ts';
import { customers, users } from '../db/schema/index.ts';
import { type CsvValue, csvRow } from '../lib/csv.ts';
import { koboToNairaText } from '@shop/shared';
import { changes, comparisonPeriod, type Period, periodReading, round2 } from './period.ts';

interface PeriodCustomer {
  key: string;
  orders: number;
  netSales: number;
  isNew: boolean;
  /** Her sales ever up to the period's end. */
  salesToEnd: number;
}

/** The period's customers (those with a sale in it, and those with only a refund in it, orders 0). */
async function periodCustomers(db: Db, period: Period): Promise<{ list: PeriodCustomer[]; totals: CustomerTotals }> {
  // One statement: each customer's period sales (net as the sales report's: gross − markdowns −
  // coupons − till discounts − refunds), their whole months from the monthly rollup by customer
  // (sales_rollup, migration 0038) and the days at the ends from the facts, as salesStatement
  // reads them; then their sales ever (a sale's first line part) by two narrow indexes
  // (migration 0034).
  const { months, facts } = periodReading(period);
  const rollup = months
    ? sql`union all
          select r.k::uuid, r.k2::uuid, r.n, r.all_orders, r.gross - r.markdowns - r.coupons - r.till - r.refunds
          from sales_rollup r
          where r.grp = 'customer' and r.month >= ${months.from}::date and r.month < ${months.until}::date
            and (r.k is not null or r.k2 is not null)`
    : sql``;
  const rows = await rowsOf<{ key: string; orders: string; net: string; is_new: boolean | null; sales_to_end: string | null }>(
    db,
    sql`with period as (
        select u.user_id, u.customer_id, sum(u.orders) as orders, sum(u.net) as net
        from (
          select f.user_id, case when f.user_id is null then f.customer_id end as customer_id, count(*) as n,
            count(*) filter (where f.first) as orders, sum(f.gross - f.markdowns - f.coupons - f.till - f.refunds) as net
          from ${facts('line')}
          where f.user_id is not null or f.customer_id is not null
          group by 1, 2
          ${rollup}
        ) u
        group by 1, 2
        having sum(u.n) > 0
      ),
      accounts as (
        select f.user_id, min(f.day) as first_day, count(*) filter (where f.day <= ${period.to}::date) as sales_to_end
        from sales_facts f
        where f.kind = 'line' and f.first and f.user_id in (select user_id from period where user_id is not null)
        group by f.user_id
      ),
      till as (
        select f.customer_id, min(f.day) as first_day, count(*) filter (where f.day <= ${period.to}::date) as sales_to_end
        from sales_facts f
        where f.kind = 'line' and f.first and f.user_id is null and f.customer_id in (select customer_id from period where customer_id is not null)
        group by f.customer_id
      )
      select coalesce('account:' || p.user_id, 'till:' || p.customer_id) as key, p.orders, p.net,
        coalesce(a.first_day, t.first_day) >= ${period.from}::date as is_new, coalesce(a.sales_to_end, t.sales_to_end) as sales_to_end
      from period p
      left join accounts a on a.user_id = p.user_id
      left join till t on t.customer_id = p.customer_id`,
  );
  const list = rows.map((row) => ({
    key: row.key,
    orders: Number(row.orders),
    netSales: Number(row.net),
    // A customer with only a refund in the period had their first sale before it.
    isNew: Number(row.orders) > 0 && row.is_new === true,
    salesToEnd: Number(row.sales_to_end ?? 0),
  }));
  const buyers = list.filter((c) => c.orders > 0);
  const fresh = buyers.filter((c) => c.isNew);
  const repeat = buyers.filter((c) => c.salesToEnd >= 2).length;
  const newNetSales = fresh.reduce((sum, c) => sum + c.netSales, 0);
  return {
    list,
    totals: {
      customers: buyers.length,
      newCustomers: fresh.length,
      returningCustomers: buyers.length - fresh.length,
      newNetSales,
      returningNetSales: list.reduce((sum, c) => sum + c.netSales, 0) - newNetSales,
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
