/**
 * The stock report (issue 30): per live variant, what the shop has, what it is worth, how fast
 * it sells and how long it lasts; one SQL statement for the page and one for the totals over
 * every matching row (docs/decisions/0025, "Stock").
 *
 * On hand is the variant's counter plus the units unpaid orders hold (their lines'
 * `quantity − restocked_quantity`, as orders/held.ts counts them: an order let go holds none).
 * A sale is as the sales report says (money came in, not archived), on the moment its order
 * was created: read from its facts (sales_facts, reports/sales.ts), by variant. Negative on hand (offline till sales) counts as 0 in values and cover.
 */
import { type SQL, sql } from 'drizzle-orm';
import {
  koboToNairaText,
  type StockQuery,
  type StockReport,
  type StockRow,
  type StockSort,
  type StockTotals,
} from '@shop/shared';
import { type Db, rowsOf } from '../db/client.ts';
import { type CsvValue, csvRow } from '../lib/csv.ts';
import { SHOP_TZ } from '../lib/lagos-days.ts';

/** Today in Lagos, a date. */
const lagosToday = sql`(now() at time zone ${SHOP_TZ})::date`;
/** The start of the Lagos day `days` before today (0: today's start). */
const lagosDaysAgo = (days: number) =>
  sql`(((now() at time zone ${SHOP_TZ})::date - ${sql.raw(String(days))})::timestamp at time zone ${SHOP_TZ})`;

/** Every live variant with its figures and flags; `reorderDays` a whole number from the settings. */
function stockRows(query: Pick<StockQuery, 'category' | 'flag'>, reorderDays: number): SQL {
  const filters: SQL[] = [sql`true`];
  if (query.category) filters.push(sql`category_id = ${query.category}`);
  if (query.flag === 'dead') filters.push(sql`dead`);
  if (query.flag === 'reorder') filters.push(sql`reorder`);
  return sql`
    with held as (
      select l.variant_id, sum(l.quantity - l.restocked_quantity)::bigint as reserved
      from order_lines l join orders o on o.id = l.order_id
      -- An order let go (cancelled, failed) gave every unit back (orders/held.ts): only the others can hold any.
      where o.payment_status = 'unpaid' and o.status not in ('cancelled', 'failed')
        and l.variant_id is not null and l.quantity > l.restocked_quantity
      group by l.variant_id
    ),
    -- The sales report's sales (sales_facts: money came in, not archived), by each line's variant.
    sold as (
      select f.variant_id, sum(f.units)::bigint as sold30
      from sales_facts f
      where f.kind = 'line' and f.sale and f.variant_id is not null and f.day >= ${lagosToday} - 29
      group by f.variant_id
    ),
    base as (
      select v.id as variant_id, v.product_id, v.sku, pr.category_id, c.name as category,
        concat_ws(' · ', pr.title, nullif(v.size, ''), nullif(v.color, '')) as label,
        (v.counter + coalesce(h.reserved, 0))::bigint as on_hand, coalesce(h.reserved, 0)::bigint as reserved,
        greatest(coalesce(v.price, pr.price) - coalesce(v.discount, pr.discount), 0)::bigint as price, v.cost,
        coalesce(s.sold30, 0)::bigint as sold30, last.sold as last_sold
      from product_variants v
      join products pr on pr.id = v.product_id
      left join categories c on c.id = pr.category_id
      left join held h on h.variant_id = v.id
      left join sold s on s.variant_id = v.id
      -- Its last sale: the latest day it sold (by index), then the latest order of that day.
      left join lateral (
        select max(o.created_at) as sold
        from sales_facts f join orders o on o.id = f.order_id
        where f.kind = 'line' and f.sale and f.variant_id = v.id
          and f.day = (select max(d.day) from sales_facts d where d.kind = 'line' and d.sale and d.variant_id = v.id)
      ) last on true
      where v.archived_at is null
    ),
    figured as (
      select *, greatest(on_hand, 0) * price as value_at_price, greatest(on_hand, 0) * cost as value_at_cost,
        case when sold30 > 0 then round(greatest(on_hand, 0) * 30.0 / sold30, 1) end as cover,
        (on_hand > 0 and (last_sold is null or last_sold < ${lagosDaysAgo(59)})) as dead,
        -- Exact: on hand ÷ (sold ÷ 30) < days, without rounding the cover first.
        (sold30 > 0 and greatest(on_hand, 0) * 30 < ${sql.raw(String(reorderDays))} * sold30) as reorder
      from base
    )
    select * from figured where ${sql.join(filters, sql` and `)}`;
}

const SORT_COLUMNS: Record<StockSort, SQL> = {
  name: sql`label`,
  onHand: sql`on_hand`,
  value: sql`value_at_price`,
  cover: sql`cover`,
  sold30: sql`sold30`,
  lastSold: sql`last_sold`,
};

interface RawStock {
  variant_id: string;
  product_id: string;
  sku: string;
  label: string;
  category: string | null;
  on_hand: string;
  reserved: string;
  price: string;
  cost: string | null;
  value_at_price: string;
  value_at_cost: string | null;
  sold30: string;
  cover: string | null;
  last_sold: Date | string | null;
  dead: boolean;
  reorder: boolean;
}

interface RawTotals {
  variants: string;
  on_hand: string;
  reserved: string;
  value_at_price: string;
  value_at_cost: string;
  variants_unknown: string;
  units_unknown: string;
  sold30: string;
  dead: string;
  reorder: string;
}

/** The totals over every matching row, each an aggregate of the rows' columns (`$`: where a window's OVER goes). */
const TOTALS: Record<keyof RawTotals, string> = {
  variants: 'count(*)$',
  on_hand: 'coalesce(sum(on_hand)$, 0)',
  reserved: 'coalesce(sum(reserved)$, 0)',
  value_at_price: 'coalesce(sum(value_at_price)$, 0)',
  value_at_cost: 'coalesce(sum(value_at_cost)$, 0)',
  variants_unknown: 'count(*) filter (where cost is null)$',
  units_unknown: 'coalesce(sum(greatest(on_hand, 0)) filter (where cost is null)$, 0)',
  sold30: 'coalesce(sum(sold30)$, 0)',
  dead: 'count(*) filter (where dead)$',
  reorder: 'count(*) filter (where reorder)$',
};

const num = (v: string | null | undefined) => Number(v ?? 0);
const nullableNum = (v: string | null) => (v === null ? null : Number(v));

function toRow(raw: RawStock, profit: boolean): StockRow {
  const row: StockRow = {
    variantId: raw.variant_id,
    productId: raw.product_id,
    sku: raw.sku,
    label: raw.label,
    category: raw.category,
    onHand: num(raw.on_hand),
    reserved: num(raw.reserved),
    price: num(raw.price),
    valueAtPrice: num(raw.value_at_price),
    sold30: num(raw.sold30),
    coverDays: nullableNum(raw.cover),
    lastSold: raw.last_sold === null ? null : new Date(raw.last_sold).toISOString(),
    dead: raw.dead,
    reorder: raw.reorder,
  };
  return profit ? { ...row, cost: nullableNum(raw.cost), valueAtCost: nullableNum(raw.value_at_cost) } : row;
}

function toTotals(raw: RawTotals | undefined, profit: boolean): StockTotals {
  const totals: StockTotals = {
    variants: num(raw?.variants),
    onHand: num(raw?.on_hand),
    reserved: num(raw?.reserved),
    valueAtPrice: num(raw?.value_at_price),
    sold30: num(raw?.sold30),
    dead: num(raw?.dead),
    reorder: num(raw?.reorder),
  };
  if (!profit) return totals;
  return {
    ...totals,
    valueAtCost: num(raw?.value_at_cost),
    variantsUnknownCost: num(raw?.variants_unknown),
    unitsUnknownCost: num(raw?.units_unknown),
  };
}

/**
 * The page the query asks for (every row when `whole`, for the CSV) and the totals over every
 * matching row.
 */
export async function stockReport(
  db: Db,
  query: StockQuery,
  reorderDays: number,
  profit: boolean,
  whole = false,
): Promise<StockReport> {
  const rows = stockRows(query, reorderDays);
  const dir = sql.raw(query.dir === 'desc' ? 'desc' : 'asc');
  const paging = whole ? sql`` : sql`limit ${query.limit} offset ${query.offset}`;
  // The page and, on each of its rows, the totals over every matching row (window sums over
  // the whole set, taken before the page is cut): one reading of the variants and their sales,
  // where a statement for the page and another for the totals each read them at once.
  const page = await rowsOf<RawStock & { [K in keyof RawTotals as `t_${K}`]: string }>(
    db,
    sql`select * from (
        select r.*, ${sql.raw(
          Object.entries(TOTALS)
            .map(([name, sum]) => `${sum.replace('$', ' over ()')} as t_${name}`)
            .join(', '),
        )}
        from (${rows}) r
      ) r
      order by ${SORT_COLUMNS[query.sort]} ${dir} nulls last, label, variant_id ${paging}`,
  );
  const first = page[0];
  // A page past the end has no row to carry the totals: they are read on their own.
  const [totals] = first
    ? [
        Object.fromEntries(
          Object.keys(TOTALS).map((name) => [name, first[`t_${name}` as keyof typeof first]]),
        ) as unknown as RawTotals,
      ]
    : await rowsOf<RawTotals>(
        db,
        sql`select ${sql.raw(
          Object.entries(TOTALS)
            .map(([name, sum]) => `${sum.replace('$', '')} as ${name}`)
            .join(', '),
        )} from (${rows}) r`,
      );
  return {
    rows: page.map((raw) => toRow(raw, profit)),
    total: num(totals?.variants),
    limit: query.limit,
    offset: query.offset,
    reorderDays,
    totals: toTotals(totals, profit),
  };
}

/** Every matching row as CSV (all pages, in the query's order), then the totals; money in naira; cost columns only with profit. */
export function stockCsv(report: StockReport, profit: boolean): string {
  const columns: [string, (r: StockRow) => CsvValue][] = [
    ['SKU', (r) => r.sku],
    ['Variant', (r) => r.label],
    ['Category', (r) => r.category],
    ['On hand', (r) => r.onHand],
    ['Reserved', (r) => r.reserved],
    ['Price', (r) => koboToNairaText(r.price)],
    ['Value at price', (r) => koboToNairaText(r.valueAtPrice)],
    ...(profit ? COST_COLUMNS : []),
    ['Sold in 30 days', (r) => r.sold30],
    ['Days of cover', (r) => r.coverDays],
    ['Last sold', (r) => r.lastSold],
    ['Dead', (r) => (r.dead ? 'yes' : '')],
    ['Reorder', (r) => (r.reorder ? 'yes' : '')],
  ];
  const t = report.totals;
  const totalCells: Record<string, CsvValue> = {
    SKU: 'Total',
    Variant: `${t.variants} variants`,
    'On hand': t.onHand,
    Reserved: t.reserved,
    'Value at price': koboToNairaText(t.valueAtPrice),
    'Value at cost': t.valueAtCost === undefined ? null : koboToNairaText(t.valueAtCost),
    'Sold in 30 days': t.sold30,
    Dead: t.dead,
    Reorder: t.reorder,
  };
  let csv = `\uFEFF${csvRow(columns.map(([name]) => name))}`;
  for (const row of report.rows) csv += csvRow(columns.map(([, cell]) => cell(row)));
  return csv + csvRow(columns.map(([name]) => totalCells[name]));
}

const money = (kobo: number | null | undefined) => (kobo == null ? null : koboToNairaText(kobo));
const COST_COLUMNS: [string, (r: StockRow) => CsvValue][] = [
  ['Cost', (r) => money(r.cost)],
  ['Value at cost', (r) => money(r.valueAtCost)],
];
