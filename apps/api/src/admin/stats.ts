/**
 * The dashboard's figures, each one SQL aggregate (run side by side), never a load of
 * every order. Days are calendar days in Lagos; sales are orders paid for (in full, or partly
 * refunded since) and not archived, each counted at what the shop kept (total − refunds);
 * totals are naira. Low stock is per variant, by the rule of GET /api/products?stock=low:
 * 1 to the shop's threshold (a setting) left, its product not paused. A sold-out variant is
 * out of stock, not low, so it never crowds the low ones out of the list.
 *
 * The comparisons (today against the same weekday a week before, the last 30 days against the
 * 30 before) are the sales report's totals for those days (reports/sales.ts, issue 30), so the
 * dashboard and the reports never disagree; profit is in them only for reports.profit.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import {
  type AdminStats,
  DEFAULT_LOW_STOCK_THRESHOLD,
  type DashboardComparison,
  type DashboardFigures,
  koboToNaira,
  PAID_STATUSES,
  SHOP_TIME_ZONE,
  type SalesTotals,
} from '@shop/shared';
import { type Db, rowsOf } from '../db/client.ts';
import { orderLines, orders, products, productVariants } from '../db/schema/index.ts';
import { addDays } from '../lib/lagos-days.ts';
import { changes, type Period, salesTotalsFor } from '../reports/index.ts';

const DAYS = 30;
const TOP_PRODUCTS = 5;
const LOW_STOCK_SHOWN = 20;
const RECENT_ORDERS = 5;

// A constant of ours, not input: written into the SQL so identical expressions group together.
const TZ = sql.raw(`'${SHOP_TIME_ZONE}'`);
const lagosToday = sql`(now() at time zone ${TZ})::date`;
/** The start of the Lagos day `daysAgo` days before today, as a timestamp. */
const dayStart = (daysAgo: number) =>
  sql`((${lagosToday} - ${sql.raw(String(Math.trunc(daysAgo)))})::timestamp at time zone ${TZ})`;
const lagosDay = sql<string>`to_char((${orders.createdAt} at time zone ${TZ})::date, 'YYYY-MM-DD')`;

const sold = (daysAgo: number): SQL =>
  and(
    inArray(orders.paymentStatus, [...PAID_STATUSES]),
    isNull(orders.archivedAt),
    sql`${orders.createdAt} >= ${dayStart(daysAgo)}`,
  )!;

/** What the dashboard shows of a period's sales totals: gross profit and margin only when the totals have them. */
function shown(period: Period, totals: SalesTotals): DashboardFigures {
  const { orders, netSales, averageOrderValue, grossProfit, marginPercent } = totals;
  return { ...period, orders, netSales, averageOrderValue, ...(grossProfit === undefined ? {} : { grossProfit, marginPercent }) };
}

async function comparison(db: Db, current: Period, previous: Period, profit: boolean): Promise<DashboardComparison> {
  const [now, then] = await Promise.all([salesTotalsFor(db, current, profit), salesTotalsFor(db, previous, profit)]);
  const figures = { current: shown(current, now), previous: shown(previous, then) };
  const { from: _from, to: _to, ...compared } = figures.current;
  return { ...figures, change: changes(compared, figures.previous) };
}

/** Today against the same weekday a week before; the last 30 days (today included) against the 30 before. */
async function dashboardComparisons(db: Db, today: string, profit: boolean): Promise<AdminStats['comparisons']> {
  const day = (n: number): Period => ({ from: addDays(today, n), to: addDays(today, n) });
  const [todays, month] = await Promise.all([
    comparison(db, day(0), day(-7), profit),
    comparison(
      db,
      { from: addDays(today, 1 - DAYS), to: today },
      { from: addDays(today, 1 - 2 * DAYS), to: addDays(today, -DAYS) },
      profit,
    ),
  ]);
  return { today: todays, last30Days: month };
}

/** `profit`: the comparisons carry gross profit and margin (the caller has reports.profit). */
export async function getAdminStats(
  db: Db,
  lowStockThreshold = DEFAULT_LOW_STOCK_THRESHOLD,
  { profit = false }: { profit?: boolean } = {},
): Promise<AdminStats> {
  const since = (daysAgo: number) => sql`${orders.createdAt} >= ${dayStart(daysAgo)}`;
  const kept = sql`${orders.total} - ${orders.amountRefunded}`;
  const revenue = (daysAgo: number) => sql`coalesce(sum(${kept}) filter (where ${since(daysAgo)}), 0)`.mapWith(Number);
  const orderCount = (daysAgo: number) => sql`count(*) filter (where ${since(daysAgo)})`.mapWith(Number);
  const lineRevenue = sql`sum((${orderLines.unitPrice} - ${orderLines.unitDiscount}) * ${orderLines.quantity})`;
  const units = sql`sum(${orderLines.quantity})`;

  // Today's date once, from the database's clock as every figure below, for the daily series and the comparisons.
  const [{ today }] = (await rowsOf<{ today: string }>(db, sql`select to_char(${lagosToday}, 'YYYY-MM-DD') as today`)) as [
    { today: string },
  ];
  const [[periods], perDay, top, low, recent, comparisons] = await Promise.all([
    db
      .select({
        todayRevenue: revenue(0),
        todayOrders: orderCount(0),
        weekRevenue: revenue(6),
        weekOrders: orderCount(6),
        monthRevenue: revenue(DAYS - 1),
        monthOrders: orderCount(DAYS - 1),
        goods: sql`coalesce(sum(${orders.subtotal}), 0)`.mapWith(Number),
        discount: sql`coalesce(sum(${orders.discount}), 0)`.mapWith(Number),
        delivery: sql`coalesce(sum(${orders.deliveryFee}), 0)`.mapWith(Number),
      })
      .from(orders)
      .where(sold(DAYS - 1)),
    db
      .select({ day: lagosDay, revenue: sql`sum(${kept})`.mapWith(Number), orders: sql`count(*)`.mapWith(Number) })
      .from(orders)
      .where(sold(DAYS - 1))
      .groupBy(lagosDay),
    db
      .select({
        productId: orderLines.productId,
        title: sql<string>`coalesce(max(${products.title}), max(${orderLines.title}))`,
        units: units.mapWith(Number),
        revenue: lineRevenue.mapWith(Number),
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .leftJoin(products, eq(products.id, orderLines.productId))
      .where(and(sold(DAYS - 1), isNotNull(orderLines.productId)))
      .groupBy(orderLines.productId)
      .orderBy(desc(units), desc(lineRevenue), asc(orderLines.productId))
      .limit(TOP_PRODUCTS),
    // Variants on sale with 1 to the threshold left, of products that are not paused.
    db
      .select({
        id: products.id,
        variantId: productVariants.id,
        sku: productVariants.sku,
        title: products.title,
        size: productVariants.size,
        color: productVariants.color,
        counter: productVariants.counter,
        total: sql`count(*) over ()`.mapWith(Number),
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(
        and(
          isNull(productVariants.archivedAt),
          eq(products.paused, false),
          gt(productVariants.counter, 0),
          lte(productVariants.counter, lowStockThreshold),
        ),
      )
      .orderBy(asc(productVariants.counter), asc(products.title), asc(productVariants.position), asc(productVariants.id))
      .limit(LOW_STOCK_SHOWN),
    db
      .select({
        id: orders.id,
        number: orders.number,
        name: orders.name,
        email: orders.email,
        total: orders.total,
        status: orders.status,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(isNull(orders.archivedAt))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(RECENT_ORDERS),
    dashboardComparisons(db, today, profit),
  ]);

  const byDay = new Map(perDay.map((d) => [d.day, d]));
  const daily = Array.from({ length: DAYS }, (_, i) => {
    const date = addDays(today, i - (DAYS - 1));
    const figures = byDay.get(date);
    return { date, revenue: koboToNaira(figures?.revenue ?? 0), orders: figures?.orders ?? 0 };
  });

  return {
    today: { revenue: koboToNaira(periods?.todayRevenue ?? 0), orders: periods?.todayOrders ?? 0 },
    last7Days: { revenue: koboToNaira(periods?.weekRevenue ?? 0), orders: periods?.weekOrders ?? 0 },
    last30Days: { revenue: koboToNaira(periods?.monthRevenue ?? 0), orders: periods?.monthOrders ?? 0 },
    last30DaysBreakdown: {
      goods: koboToNaira(periods?.goods ?? 0),
      discount: koboToNaira(periods?.discount ?? 0),
      delivery: koboToNaira(periods?.delivery ?? 0),
      total: koboToNaira(periods?.monthRevenue ?? 0),
    },
    daily,
    topProducts: top.map((t) => ({ productId: t.productId!, title: t.title, units: t.units, revenue: koboToNaira(t.revenue) })),
    lowStock: low.map(({ total: _total, ...item }) => item),
    lowStockThreshold,
    lowStockTotal: low[0]?.total ?? 0,
    recentOrders: recent.map((o) => ({
      id: o.id,
      number: o.number,
      customerName: o.name || o.email,
      total: koboToNaira(o.total),
      status: o.status,
      createdAt: o.createdAt.toISOString(),
    })),
    comparisons,
  };
}
