/**
 * The sales report (issue 30) over the sales facts (docs/decisions/0025): a sum of one table's
 * rows per group, whatever the period.
 *
 * A sale is an order created in the period (Lagos days) whose money came in (paid, partially
 * refunded or refunded) and that is not archived; a refund counts on the Lagos day it was
 * processed. Each sale and each refund is an event, split into parts (the order's lines, or its
 * payments): what a part knows exactly (a line's units, list price and discounts; a payment's
 * fee) it keeps; what belongs to the whole order (its coupon, delivery, a refund) is shared out
 * over the parts by amount so that the parts add up to the order to the kobo. The database keeps
 * those parts in sales_facts, in the transaction that changes an order (sales_facts_of and its
 * triggers, migration 0030); `npm run reports:verify` recomputes them and compares.
 */
import { type SQL, sql } from 'drizzle-orm';
import {
  koboToNairaText,
  type PaymentStatus,
  paymentMethodWords,
  type ReportQuery,
  type SalesFigures,
  salesFigures,
  type SalesGroup,
  type SalesQuery,
  type SalesReport,
  type SalesRow,
  type SalesTotals,
} from '@shop/shared';
import { type Db, rowsOf } from '../db/client.ts';
import { type CsvValue, csvRow } from '../lib/csv.ts';
import { changes, comparisonPeriod, type Period, periodReading, round2 } from './period.ts';

/** Money came in: the order counts as a sale. */
export const MONEY_IN = ['paid', 'partially_refunded', 'refunded'] as const satisfies readonly PaymentStatus[];
export const MONEY_IN_SQL = sql.raw(`(${MONEY_IN.map((s) => `'${s}'`).join(', ')})`);

/**
 * How a grouping reads the facts (sales_facts, kept by the database: migration 0030) and their
 * monthly rollup (sales_rollup, migration 0038): which split (`line`: a part per order line;
 * `payment`: a part per payment), what to group the facts (`f`) by (`by`, and `by2` for the
 * parts `by` leaves null: a gone product's or variant's line), the type of that key (the
 * rollup keeps it as text), and from the group's `g.k` and `g.k2` its key and label. `orders`:
 * the flag that marks, per sale, the one part that counts it in a group (its first part, or its
 * first with that product, variant, category, brand or method: an order may fall into several
 * such rows, once in each). `by`, `by2` and `orders` are sales_rollup_keys' in migration 0038,
 * which groups the rollup; written here too because reading the facts through that function
 * costs a report its edge days' time ten times over (rollup.test.ts reads every grouping both
 * ways and compares).
 */
interface Grouping {
  kind: 'line' | 'payment';
  by: SQL;
  by2?: SQL;
  type: 'text' | 'uuid' | 'date';
  orders?: SQL;
  key?: SQL;
  label: SQL;
  joins?: SQL;
  /** Rows in key order (time) rather than by net sales. */
  chronological?: boolean;
}

const timeGrouping = (unit: 'day' | 'week' | 'month', format: string, labelPrefix = ''): Grouping => ({
  kind: 'line',
  by: unit === 'day' ? sql`f.day` : sql`date_trunc(${sql.raw(`'${unit}'`)}, f.day::timestamp)::date`,
  type: 'date',
  key: sql`to_char(g.k, ${sql.raw(`'${format}'`)})`,
  label: sql`${labelPrefix} || to_char(g.k, ${sql.raw(`'${format}'`)})`,
  chronological: true,
});

/** The report's groupings, and those other reports group the same sales by. */
type Group = SalesGroup | 'total' | 'coupon' | 'customer';

const GROUPINGS: Record<Group, Grouping> = {
  total: { kind: 'line', by: sql`''`, type: 'text', label: sql`'Total'` },
  // The coupons report (coupons.ts): codes are kept upper-cased.
  coupon: { kind: 'line', by: sql`f.coupon`, type: 'text', label: sql`case when g.k = '' then 'No coupon' else g.k end` },
  // An account, else a recorded till customer.
  customer: {
    kind: 'line',
    by: sql`f.user_id`,
    by2: sql`case when f.user_id is null then f.customer_id end`,
    type: 'uuid',
    key: sql`coalesce('account:' || g.k, 'till:' || g.k2, '')`,
    label: sql`coalesce('account:' || g.k, 'till:' || g.k2, '')`,
  },
  day: timeGrouping('day', 'YYYY-MM-DD'),
  week: timeGrouping('week', 'YYYY-MM-DD', 'Week of '),
  month: timeGrouping('month', 'YYYY-MM'),
  product: {
    kind: 'line',
    by: sql`f.product_id`,
    by2: sql`f.line_key`,
    type: 'uuid',
    orders: sql`f.first_product`,
    key: sql`coalesce(g.k::text, g.k2)`,
    // A gone product's lines are grouped by 'line:' and their title.
    label: sql`coalesce(pr.title, substr(g.k2, 6))`,
    joins: sql`left join products pr on pr.id = g.k`,
  },
  variant: {
    kind: 'line',
    by: sql`f.variant_id`,
    by2: sql`f.variant_key`,
    type: 'uuid',
    orders: sql`f.first_variant`,
    key: sql`coalesce(g.k::text, g.k2)`,
    // A gone variant's: named by the first of its lines in the period (variantLine).
    label: sql`case when v.id is not null then concat_ws(' · ', pr.title, nullif(v.size, ''), nullif(v.color, ''))
      else (select concat_ws(' · ', coalesce(lp.title, l.title), nullif(l.size, ''), nullif(l.color, ''))
        from order_lines l left join products lp on lp.id = l.product_id where l.id = g.line_ref) end`,
    joins: sql`left join product_variants v on v.id = g.k left join products pr on pr.id = v.product_id`,
  },
  category: {
    kind: 'line',
    by: sql`f.category_id`,
    type: 'uuid',
    orders: sql`f.first_category`,
    key: sql`coalesce(g.k::text, 'none')`,
    label: sql`coalesce(c.name, 'Uncategorised')`,
    joins: sql`left join categories c on c.id = g.k`,
  },
  brand: {
    kind: 'line',
    by: sql`f.brand_id`,
    type: 'uuid',
    orders: sql`f.first_brand`,
    key: sql`coalesce(g.k::text, 'none')`,
    label: sql`coalesce(b.name, 'No brand')`,
    joins: sql`left join brands b on b.id = g.k`,
  },
  channel: { kind: 'line', by: sql`f.channel`, type: 'text', label: sql`g.k` },
  payment_method: { kind: 'payment', by: sql`f.method`, type: 'text', label: sql`g.k`, orders: sql`f.first_method` },
  // The till's cashier, or who recorded its payment; a web (or legacy) order was sold online.
  staff: {
    kind: 'line',
    by: sql`case when f.channel = 'pos' then coalesce(f.staff_id::text, 'unknown') else 'online' end`,
    type: 'text',
    label: sql`case when g.k = 'online' then 'Online' else coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), 'Unknown') end`,
    joins: sql`left join users u on u.id::text = g.k`,
  },
  state: {
    kind: 'line',
    by: sql`case when f.channel = 'pos' then 'in-store' else coalesce(nullif(f.state, ''), 'unknown') end`,
    type: 'text',
    label: sql`case g.k when 'in-store' then 'In store' when 'unknown' then 'Unknown' else g.k end`,
  },
};

const CHANNEL_WORDS: Record<string, string> = { web: 'Online shop', pos: 'Point of sale', legacy: 'Old app' };

interface RawRow {
  key: string;
  label: string;
  /** The group's facts that are their order's first part: added up, the period's orders counted once each. */
  all_orders: string;
  orders: string;
  units: string;
  gross: string;
  markdowns: string;
  coupons: string;
  till: string;
  refunds: string;
  delivery: string;
  delivery_cost: string;
  cogs: string;
  unknown: string;
  fees: string;
}

/**
 * Narrows the sales and refunds a report counts: `facts`, a condition on a fact (`f`); `rollup`,
 * the same on the grouping's rollup rows (`r`, by their key), so only for the grouping it was
 * written for (the coupons report's codes).
 */
export interface Scope {
  facts: SQL;
  rollup: SQL;
}

/** The sums every fact or rollup row adds to its group. */
const SUMS = sql.raw(
  ['units', 'gross', 'markdowns', 'coupons', 'till', 'refunds', 'delivery', 'delivery_cost', 'cogs', 'unknown', 'fees']
    .map((x) => `sum(u.${x}) as ${x}`)
    .join(', '),
);

/**
 * Sums the period's facts by the grouping, then names each group (a few rows, whatever the
 * period): its whole calendar months from the monthly rollup (sales_rollup: a row per group and
 * month), the days before the first and after the last from the facts, as the rollup sums them
 * (sales_rollup_keys), so a group's figures are the same whichever way its days are read. Each
 * row also counts its facts that are their order's first part (`all_orders`): every fact is in
 * one group, so the rows' figures and these counts add up to the period's totals
 * (salesRowsAndTotals), with no second reading.
 */
function salesStatement(period: Period, groupBy: Group, scope?: Scope): SQL {
  const g = GROUPINGS[groupBy];
  const grp = sql.raw(`'${groupBy}'`);
  const { months, facts: edges } = periodReading(period);
  const facts = sql`
        select ${g.by}::text as k, ${g.by2 ?? sql`null`}::text as k2, count(*) as n, count(*) filter (where f.first) as all_orders,
          count(*) filter (where ${g.orders ?? sql`f.first`}) as orders,
          sum(f.units) as units, sum(f.gross) as gross, sum(f.markdowns) as markdowns, sum(f.coupons) as coupons, sum(f.till) as till,
          sum(f.refunds) as refunds, sum(f.delivery) as delivery, sum(f.delivery_cost) as delivery_cost, sum(f.cogs) as cogs,
          sum(f.unknown) as unknown, sum(f.fees) as fees
        from ${edges(g.kind)}
        where ${scope?.facts ?? sql`true`}
        group by 1, 2`;
  const rollup = months
    ? sql`
        union all
        select r.k, r.k2, r.n, r.all_orders, r.orders, r.units, r.gross, r.markdowns, r.coupons, r.till, r.refunds, r.delivery,
          r.delivery_cost, r.cogs, r.unknown, r.fees
        from sales_rollup r
        where r.grp = ${grp} and r.month >= ${months.from}::date and r.month < ${months.until}::date and ${scope?.rollup ?? sql`true`}`
    : sql``;
  // The first line, in the period, of a gone variant's group: what names it.
  const variantLine =
    groupBy === 'variant'
      ? sql`case when s.k is null then (select min(f.line_id::text)::uuid from sales_facts f
          where f.kind = 'line' and f.variant_id is null and f.variant_key = s.k2
            and f.day >= ${period.from}::date and f.day <= ${period.to}::date and ${scope?.facts ?? sql`true`}) end`
      : sql`null::uuid`;
  return sql`
    select ${g.key ?? sql`g.k`} as key, ${g.label} as label, g.all_orders, g.orders, g.units, g.gross, g.markdowns,
      g.coupons, g.till, g.refunds, g.delivery, g.delivery_cost, g.cogs, g.unknown, g.fees
    from (
      select s.*, ${variantLine} as line_ref
      from (
        select u.k::${sql.raw(g.type)} as k, u.k2, sum(u.all_orders) as all_orders, sum(u.orders) as orders, ${SUMS}
        from (${facts}${rollup}
        ) u
        group by 1, 2
        having sum(u.n) > 0
      ) s
    ) g ${g.joins ?? sql``}`;
}

/** A row's figures; the cost, fee and profit ones only with `profit`. */
function figures(raw: RawRow | undefined, profit: boolean): SalesFigures {
  const n = (v: string | undefined) => Number(v ?? 0);
  const f = {
    orders: n(raw?.orders),
    units: n(raw?.units),
    grossSales: n(raw?.gross),
    markdowns: n(raw?.markdowns),
    coupons: n(raw?.coupons),
    tillDiscounts: n(raw?.till),
    refunds: n(raw?.refunds),
    netSales: 0,
    deliveryCharged: n(raw?.delivery),
  };
  f.netSales = f.grossSales - f.markdowns - f.coupons - f.tillDiscounts - f.refunds;
  if (!profit) return f;
  const costOfGoods = n(raw?.cogs);
  const paymentFees = n(raw?.fees);
  const deliveryCost = n(raw?.delivery_cost);
  const grossProfit = f.netSales - costOfGoods - paymentFees - deliveryCost + f.deliveryCharged;
  const base = f.netSales + f.deliveryCharged;
  return {
    ...f,
    costOfGoods,
    unitsUnknownCost: n(raw?.unknown),
    paymentFees,
    deliveryCost,
    grossProfit,
    marginPercent: base === 0 ? null : round2((grossProfit * 100) / base),
  };
}

function totalsOf(raw: RawRow | undefined, profit: boolean): SalesTotals {
  const f = figures(raw, profit);
  return {
    ...f,
    averageOrderValue: f.orders === 0 ? null : Math.round(f.netSales / f.orders),
    unitsPerOrder: f.orders === 0 ? null : round2(f.units / f.orders),
  };
}

function rowLabel(groupBy: Group, raw: RawRow): string {
  if (groupBy === 'payment_method') return paymentMethodWords(raw.label);
  if (groupBy === 'channel') return CHANNEL_WORDS[raw.label] ?? raw.label;
  return raw.label;
}

/**
 * The report's totals for a period, over the sales `scope` lets in; the cost, fee and profit
 * figures only with `profit`. The dashboard's comparisons are these too (admin/stats.ts).
 */
export async function salesTotalsFor(db: Db, period: Period, profit: boolean): Promise<SalesTotals> {
  const [raw] = await rowsOf<RawRow>(db, salesStatement(period, 'total'));
  return totalsOf(raw, profit);
}

/** The figures a report adds up for its totals, and the one (`orders`) taken from each row's `all_orders`. */
const ADDED: (keyof RawRow)[] = [
  'units',
  'gross',
  'markdowns',
  'coupons',
  'till',
  'refunds',
  'delivery',
  'delivery_cost',
  'cogs',
  'unknown',
  'fees',
];

/**
 * The rows of a grouping over the sales `scope` lets in (in time order, or by net sales), and
 * the period's totals, added up from the rows (salesStatement): one reading of the facts, where
 * a statement for the totals read every fact of the period again beside it (on two years of a
 * big shop, each reading is most of the report's time, and the two shared the cores).
 */
export async function salesRowsAndTotals(
  db: Db,
  period: Period,
  groupBy: Group,
  profit: boolean,
  scope?: Scope,
): Promise<{ rows: SalesRow[]; totals: SalesTotals }> {
  const raws = await rowsOf<RawRow>(db, salesStatement(period, groupBy, scope));
  const rows: SalesRow[] = raws.map((raw) => ({ key: raw.key, label: rowLabel(groupBy, raw), ...figures(raw, profit) }));
  if (GROUPINGS[groupBy].chronological) rows.sort((a, b) => a.key.localeCompare(b.key));
  else rows.sort((a, b) => b.netSales - a.netSales || a.label.localeCompare(b.label) || a.key.localeCompare(b.key));
  const sum = (key: keyof RawRow) => String(raws.reduce((total, raw) => total + Number(raw[key] ?? 0), 0));
  const total = { orders: sum('all_orders'), ...Object.fromEntries(ADDED.map((key) => [key, sum(key)])) } as RawRow;
  return { rows, totals: totalsOf(total, profit) };
}

/** The rows of a grouping, the totals and the comparison's, over the sales `scope` lets in. */
export async function groupedSales(
  db: Db,
  query: ReportQuery,
  groupBy: Group,
  profit: boolean,
  scope?: Scope,
): Promise<Omit<SalesReport, 'groupBy'>> {
  const period = { from: query.from, to: query.to };
  const compared = query.compare ? comparisonPeriod(period, query.compare) : null;
  const [{ rows, totals: now }, then] = await Promise.all([
    salesRowsAndTotals(db, period, groupBy, profit, scope),
    // A scope narrows the grouping's rollup rows only (Scope): its comparison adds up the same grouping's rows.
    compared
      ? scope
        ? salesRowsAndTotals(db, compared, groupBy, profit, scope).then((r) => r.totals)
        : salesTotalsFor(db, compared, profit)
      : Promise.resolve(null),
  ]);
  return {
    ...period,
    rows,
    totals: now,
    comparison: compared && then ? { ...compared, totals: then, change: changes(now, then) } : null,
  };
}

export async function salesReport(db: Db, query: SalesQuery, profit: boolean): Promise<SalesReport> {
  return { ...(await groupedSales(db, query, query.groupBy, profit)), groupBy: query.groupBy };
}

/** The CSV's columns: the figures' keys (kobo) written in naira with 2 decimals, as the orders export does. */
const MONEY_KEYS = new Set<keyof SalesFigures>([
  'grossSales',
  'markdowns',
  'coupons',
  'tillDiscounts',
  'refunds',
  'netSales',
  'deliveryCharged',
  'costOfGoods',
  'paymentFees',
  'deliveryCost',
  'grossProfit',
]);
const FIGURE_KEYS = Object.keys(salesFigures.shape) as (keyof SalesFigures)[];

/** The report as CSV: a row per group (the first column headed `group`), then the totals; only the columns the JSON answer has. */
export function salesCsv(report: Omit<SalesReport, 'groupBy'>, group: string): string {
  const columns = FIGURE_KEYS.filter((k) => k in report.totals);
  const cell = (f: SalesFigures, k: keyof SalesFigures): CsvValue => {
    const v = f[k];
    return typeof v === 'number' && MONEY_KEYS.has(k) ? koboToNairaText(v) : v;
  };
  let csv = `\uFEFF${csvRow([group, ...columns])}`;
  for (const row of report.rows) csv += csvRow([row.label, ...columns.map((k) => cell(row, k))]);
  csv += csvRow(['Total', ...columns.map((k) => cell(report.totals, k))]);
  return csv;
}
