/**
 * The sales report (issue 30) as plain SQL over the orders, their lines, payments and refunds:
 * one statement per period, no rollup table (docs/decisions/0025).
 *
 * A sale is an order created in the period (Lagos days) whose money came in (paid, partially
 * refunded or refunded) and that is not archived; a refund counts on the Lagos day it was
 * processed. Each sale and each refund is an event; a grouping splits an event into parts (the
 * order's lines, its payments, or the order whole). What a part knows exactly (a line's units,
 * list price and discounts; a payment's fee) it keeps; what belongs to the whole order (its
 * coupon, delivery, a refund) is shared out over the parts by amount so that the parts add up
 * to the order to the kobo: part i gets floor(x·cumᵢ/total) − floor(x·cumᵢ₋₁/total).
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
import { addDays, lagosDayEnd, lagosDayStart, SHOP_TZ } from '../lib/lagos-days.ts';

/** Money came in: the order counts as a sale. */
export const MONEY_IN = ['paid', 'partially_refunded', 'refunded'] as const satisfies readonly PaymentStatus[];
export const MONEY_IN_SQL = sql.raw(`(${MONEY_IN.map((s) => `'${s}'`).join(', ')})`);

export interface Period {
  from: string;
  to: string;
}

/**
 * The parts a grouping splits an order into: `seq` orders them within the order, `w_raw` is
 * the amount shares are made by, and x_* are what the part knows exactly (null: the order's,
 * shared out; for units, the order's whole count).
 */
const NO_EXACT = sql.raw(
  'null::bigint as x_units, null::bigint as x_gross, null::bigint as x_markdowns, null::bigint as x_till, null::bigint as x_cogs, null::bigint as x_unknown, null::bigint as x_fees',
);

/** The order whole, under a key and label computed from the order (`o`) and its cashier (`u`). */
const wholeOrder = (key: SQL, label: SQL) => sql`
  select o.id as order_id, '' as seq, ${key} as key, ${label} as label, 1::bigint as w_raw, ${NO_EXACT}
  from ord o left join users u on u.id = o.staff_id`;

/** Each line, under a key and label computed from the line (`l`), its product (`pr`) and their joins. */
const eachLine = (key: SQL, label: SQL) => sql`
  select l.order_id, l.id::text as seq, ${key} as key, ${label} as label,
    (l.unit_price - l.unit_discount - l.till_discount) * l.quantity as w_raw,
    l.quantity::bigint as x_units, l.unit_price * l.quantity as x_gross, l.unit_discount * l.quantity as x_markdowns,
    l.till_discount * l.quantity as x_till, coalesce(l.unit_cost * l.quantity, 0) as x_cogs,
    (case when l.unit_cost is null then l.quantity else 0 end)::bigint as x_unknown, null::bigint as x_fees
  from order_lines l
  left join products pr on pr.id = l.product_id
  left join categories c on c.id = l.category_id
  left join brands b on b.id = pr.brand_id
  where l.order_id in (select id from ord)`;

/** Each payment by its method (an order without a payment row: its own payment method, whole). */
const eachPayment = sql`
  select pm.order_id, to_char(pm.created_at at time zone 'UTC', 'YYYYMMDDHH24MISSUS') || pm.id as seq, pm.method as key, pm.method as label, pm.amount as w_raw,
    null::bigint as x_units, null::bigint as x_gross, null::bigint as x_markdowns, null::bigint as x_till,
    null::bigint as x_cogs, null::bigint as x_unknown, pm.fee as x_fees
  from order_payments pm where pm.order_id in (select id from ord)
  union all
  select o.id, '', coalesce(o.payment_method, 'unknown'), coalesce(o.payment_method, 'unknown'), 1, ${NO_EXACT}
  from ord o where not exists (select 1 from order_payments pm where pm.order_id = o.id)`;

const dayOf = (unit: 'day' | 'week' | 'month', at: SQL) =>
  sql`date_trunc(${sql.raw(`'${unit}'`)}, ${at} at time zone ${SHOP_TZ})`;

interface Grouping {
  parts: SQL;
  /** A key from the event's moment (`e.at`) instead of the part's: the time groupings. */
  eventKey?: SQL;
  eventLabel?: SQL;
  /** Rows in key order (time) rather than by net sales. */
  chronological?: boolean;
}

const lineTitle = sql`coalesce(pr.title, l.title)`;
const whole = wholeOrder(sql`''`, sql`'Total'`);
const timeGrouping = (unit: 'day' | 'week' | 'month', format: string, labelPrefix = ''): Grouping => ({
  parts: whole,
  eventKey: sql`to_char(${dayOf(unit, sql`e.at`)}, ${sql.raw(`'${format}'`)})`,
  eventLabel: sql`${labelPrefix} || to_char(${dayOf(unit, sql`e.at`)}, ${sql.raw(`'${format}'`)})`,
  chronological: true,
});

/** The report's groupings, and those other reports group the same sales by. */
type Group = SalesGroup | 'total' | 'coupon' | 'customer';

const GROUPINGS: Record<Group, Grouping> = {
  total: { parts: whole },
  // The coupons report (coupons.ts): codes are kept upper-cased.
  // The customers report (customers.ts): an account, else a recorded till customer.
  customer: {
    parts: wholeOrder(
      sql`coalesce('account:' || o.user_id, 'till:' || o.customer_id, '')`,
      sql`coalesce('account:' || o.user_id, 'till:' || o.customer_id, '')`,
    ),
  },
  coupon: { parts: wholeOrder(sql`coalesce(upper(o.coupon_code), '')`, sql`coalesce(upper(o.coupon_code), 'No coupon')`) },
  day: timeGrouping('day', 'YYYY-MM-DD'),
  week: timeGrouping('week', 'YYYY-MM-DD', 'Week of '),
  month: timeGrouping('month', 'YYYY-MM'),
  product: { parts: eachLine(sql`coalesce(l.product_id::text, 'line:' || l.title)`, lineTitle) },
  variant: {
    parts: eachLine(
      sql`coalesce(l.variant_id::text, 'line:' || l.sku || ':' || l.title)`,
      sql`concat_ws(' · ', ${lineTitle}, nullif(l.size, ''), nullif(l.color, ''))`,
    ),
  },
  category: { parts: eachLine(sql`coalesce(c.id::text, 'none')`, sql`coalesce(c.name, 'Uncategorised')`) },
  brand: { parts: eachLine(sql`coalesce(b.id::text, 'none')`, sql`coalesce(b.name, 'No brand')`) },
  channel: { parts: wholeOrder(sql`o.channel`, sql`o.channel`) },
  payment_method: { parts: eachPayment },
  // The till's cashier, or who recorded its payment; a web (or legacy) order was sold online.
  staff: {
    parts: wholeOrder(
      sql`case when o.channel = 'pos' then coalesce(o.staff_id::text, 'unknown') else 'online' end`,
      sql`case when o.channel = 'pos' then coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), 'Unknown') else 'Online' end`,
    ),
  },
  state: {
    parts: wholeOrder(
      sql`case when o.channel = 'pos' then 'in-store' else coalesce(nullif(o.state, ''), 'unknown') end`,
      sql`case when o.channel = 'pos' then 'In store' else coalesce(nullif(o.state, ''), 'Unknown') end`,
    ),
  },
};

const CHANNEL_WORDS: Record<string, string> = { web: 'Online shop', pos: 'Point of sale', legacy: 'Old app' };

/** x's share for a part: the parts of one order add up to x exactly. */
const share = (x: SQL) => sql`(floor(${x}::numeric * p.cum / p.tot) - floor(${x}::numeric * (p.cum - p.w) / p.tot))::bigint`;
/** A part's exact figure on a sale, or its share of the event's. */
const exactOr = (exact: SQL, x: SQL) => sql`case when e.sale and ${exact} is not null then ${exact} else ${share(x)} end`;

interface RawRow {
  key: string;
  label: string;
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

/** `scope`: a condition on the order (`o`) that narrows the sales and refunds counted. */
function salesStatement(period: Period, groupBy: Group, scope: SQL = sql`true`): SQL {
  const g = GROUPINGS[groupBy];
  const start = lagosDayStart(period.from);
  const end = lagosDayEnd(period.to);
  const key = g.eventKey ?? sql`p.key`;
  const label = g.eventLabel ?? sql`p.label`;
  return sql`
    with sold as (
      select o.id from orders o
      where o.payment_status in ${MONEY_IN_SQL} and o.archived_at is null and o.created_at >= ${start} and o.created_at < ${end}
        and ${scope}
    ),
    refunded as (
      select r.id, r.order_id, r.amount, r.processed_at
      from order_refunds r join orders o on o.id = r.order_id
      where r.status = 'processed' and r.processed_at >= ${start} and r.processed_at < ${end}
        and o.payment_status in ${MONEY_IN_SQL} and o.archived_at is null and ${scope}
    ),
    touched as (select id from sold union select order_id from refunded),
    ord as (
      select o.id, o.created_at, o.channel, o.state, o.payment_method, o.coupon_code, o.user_id, o.customer_id, o.coupon_discount, o.delivery_fee, o.delivery_cost, o.total,
        o.id in (select id from sold) as sold,
        coalesce(o.cashier_id, (select pm.recorded_by from order_payments pm where pm.order_id = o.id order by pm.created_at, pm.id limit 1)) as staff_id,
        l.units, l.gross, l.markdowns, l.till, l.cogs, l.unknown, coalesce(f.fees, 0) as fees
      from orders o
      join (
        select order_id, sum(quantity)::bigint as units, sum(unit_price * quantity) as gross,
          sum(unit_discount * quantity) as markdowns, sum(till_discount * quantity) as till,
          coalesce(sum(unit_cost * quantity), 0) as cogs, coalesce(sum(quantity) filter (where unit_cost is null), 0)::bigint as unknown
        from order_lines where order_id in (select id from touched) group by order_id
      ) l on l.order_id = o.id
      left join (
        select order_id, sum(fee) as fees from order_payments where order_id in (select id from touched) group by order_id
      ) f on f.order_id = o.id
      where o.id in (select id from touched)
    ),
    -- A refund gives back goods first (up to what the goods were charged, less earlier refunds), then delivery.
    refund_parts as (
      select r.order_id, r.processed_at, r.amount,
        least(r.amount, greatest(o.total - o.delivery_fee - coalesce((
          select sum(e.amount) from order_refunds e
          where e.order_id = r.order_id and e.status = 'processed' and (e.processed_at, e.id) < (r.processed_at, r.id)
        ), 0), 0)) as goods
      from refunded r join orders o on o.id = r.order_id
    ),
    events as (
      select id as order_id, created_at as at, true as sale, units, gross, markdowns, coupon_discount as coupons, till,
        0::bigint as refunds, delivery_fee as delivery, delivery_cost, cogs, unknown, fees
      from ord where sold
      union all
      select order_id, processed_at, false, 0, 0, 0, 0, 0, goods, goods - amount, 0, 0, 0, 0 from refund_parts
    ),
    raw_parts as (${g.parts}),
    weighed as (
      select *, case when sum(w_raw) over (partition by order_id) > 0 then w_raw else 1 end as w from raw_parts
    ),
    parts as (
      select *,
        sum(w) over (partition by order_id order by seq rows between unbounded preceding and current row) as cum,
        sum(w) over (partition by order_id) as tot
      from weighed
    ),
    facts as (
      select ${key} as key, ${label} as label, e.order_id, e.sale,
        case when e.sale then coalesce(p.x_units, e.units) else 0 end as units,
        case when e.sale then coalesce(p.x_unknown, e.unknown) else 0 end as unknown,
        ${exactOr(sql`p.x_gross`, sql`e.gross`)} as gross,
        ${exactOr(sql`p.x_markdowns`, sql`e.markdowns`)} as markdowns,
        ${exactOr(sql`p.x_till`, sql`e.till`)} as till,
        ${exactOr(sql`p.x_cogs`, sql`e.cogs`)} as cogs,
        ${exactOr(sql`p.x_fees`, sql`e.fees`)} as fees,
        ${share(sql`e.coupons`)} as coupons,
        ${share(sql`e.refunds`)} as refunds,
        ${share(sql`e.delivery`)} as delivery,
        ${share(sql`e.delivery_cost`)} as delivery_cost
      from events e join parts p on p.order_id = e.order_id
    )
    select key, min(label) as label, count(distinct order_id) filter (where sale) as orders,
      coalesce(sum(units), 0) as units, coalesce(sum(gross), 0) as gross, coalesce(sum(markdowns), 0) as markdowns,
      coalesce(sum(coupons), 0) as coupons, coalesce(sum(till), 0) as till, coalesce(sum(refunds), 0) as refunds,
      coalesce(sum(delivery), 0) as delivery, coalesce(sum(delivery_cost), 0) as delivery_cost,
      coalesce(sum(cogs), 0) as cogs, coalesce(sum(unknown), 0) as unknown, coalesce(sum(fees), 0) as fees
    from facts group by key`;
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

export const round2 = (x: number) => Math.round(x * 100) / 100;

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

/** The period a comparison looks at: the same number of days just before, or the same days a year earlier. */
export function comparisonPeriod(period: Period, compare: 'previous_period' | 'previous_year'): Period {
  if (compare === 'previous_period') {
    const days = (Date.parse(period.to) - Date.parse(period.from)) / 86_400_000 + 1;
    return { from: addDays(period.from, -days), to: addDays(period.from, -1) };
  }
  return { from: yearEarlier(period.from), to: yearEarlier(period.to) };
}

/** The same calendar day a year earlier; 29 February becomes the 28th. */
function yearEarlier(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y! - 1, m! - 1, d!));
  if (date.getUTCMonth() !== m! - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/** Each total's change in %, 2 decimals; null when the comparison's was 0 (or either is unknown). */
export function changes<T extends object>(now: T, then: T): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const [name, value] of Object.entries(now)) {
    const before = then[name as keyof T];
    out[name] =
      typeof value !== 'number' || typeof before !== 'number' || before === 0
        ? null
        : round2(((value - before) * 100) / Math.abs(before));
  }
  return out;
}

/**
 * The report's totals for a period, over the sales `scope` lets in; the cost, fee and profit
 * figures only with `profit`. The dashboard's comparisons are these too (admin/stats.ts).
 */
export async function salesTotalsFor(db: Db, period: Period, profit: boolean, scope?: SQL): Promise<SalesTotals> {
  const [raw] = await rowsOf<RawRow>(db, salesStatement(period, 'total', scope));
  return totalsOf(raw, profit);
}

/** The rows of a grouping, the totals and the comparison's, over the sales `scope` lets in. */
export async function groupedSales(
  db: Db,
  query: ReportQuery,
  groupBy: Group,
  profit: boolean,
  scope?: SQL,
): Promise<Omit<SalesReport, 'groupBy'>> {
  const period = { from: query.from, to: query.to };
  const compared = query.compare ? comparisonPeriod(period, query.compare) : null;
  const [rows, now, then] = await Promise.all([
    rowsOf<RawRow>(db, salesStatement(period, groupBy, scope)),
    salesTotalsFor(db, period, profit, scope),
    compared ? salesTotalsFor(db, compared, profit, scope) : Promise.resolve(null),
  ]);
  const out: SalesRow[] = rows.map((raw) => ({ key: raw.key, label: rowLabel(groupBy, raw), ...figures(raw, profit) }));
  if (GROUPINGS[groupBy].chronological) out.sort((a, b) => a.key.localeCompare(b.key));
  else out.sort((a, b) => b.netSales - a.netSales || a.label.localeCompare(b.label) || a.key.localeCompare(b.key));
  return {
    ...period,
    rows: out,
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
