/**
 * The dashboard's comparisons (issue 30) are the sales report's totals for the same Lagos days:
 * the reports' known shop (test/report-shop.ts) with its orders moved next to today, so the
 * periods the dashboard compares have sales in them whenever the test runs:
 * - O1 (card, ₦18,000 net) today; O6 (never paid) today;
 * - O2 (transfer with the coupon, ₦32,400 net) and O3 (pay on delivery, ₦5,000) the same
 *   weekday last week; ₦3,600 of O2 refunded 3 days ago;
 * - O4 (the till, ₦18,000) 20 days ago; O5 (transfer, ₦5,000) 45 days ago (the 30 before).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../test/clients.ts';
import { expectRefusedWithout, type TestContext } from '../../test/helpers.ts';
import { buildReportShop } from '../../test/report-shop.ts';
import { orderRefunds, orders } from '../db/schema/index.ts';
import { addDays } from '../lib/lagos-days.ts';

const LAGOS_OFFSET = 60 * 60 * 1000; // West Africa Time, UTC+1 all year.
const PROFIT_KEYS = ['grossProfit', 'marginPercent'];

let ctx: TestContext;
let owner: Client;
let noProfit: Client;
let today: string;

/** A Lagos wall-clock moment `days` after today. */
const lagos = (days: number, time: string) => new Date(`${addDays(today, days)}T${time}+01:00`);

beforeAll(async () => {
  let order: Record<string, string>;
  ({ ctx, owner, noProfit, order } = await buildReportShop());
  today = new Date(Date.now() + LAGOS_OFFSET).toISOString().slice(0, 10);
  const db = ctx.database.db;
  const move = (id: string, at: Date) => db.update(orders).set({ createdAt: at }).where(eq(orders.id, id));
  await move(order.O1!, lagos(0, '00:00:01'));
  await move(order.O6!, lagos(0, '00:00:02'));
  // The first and last moments of the same weekday last week.
  await move(order.O2!, lagos(-7, '23:59:59'));
  await move(order.O3!, lagos(-7, '00:00:00'));
  await move(order.O4!, lagos(-20, '12:00:00'));
  await move(order.O5!, lagos(-45, '12:00:00'));
  const refunded = lagos(-3, '10:00:00');
  await db.update(orderRefunds).set({ createdAt: refunded, processedAt: refunded }).where(eq(orderRefunds.orderId, order.O2!));
}, 60_000);
afterAll(() => ctx.close());

const stats = async (as: Client) => {
  const res = await as.json('GET', '/api/admin/stats');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** GET /api/reports/sales's totals for the days, as the dashboard shows them. */
async function reportTotals(as: Client, from: string, to: string, compare = '') {
  const res = await as.json('GET', `/api/reports/sales?from=${from}&to=${to}&groupBy=day${compare}`);
  expect(res.statusCode, res.body).toBe(200);
  const report = res.json();
  const { orders: count, netSales, averageOrderValue, grossProfit, marginPercent } = report.totals;
  const shown = { from, to, orders: count, netSales, averageOrderValue };
  return {
    totals: 'grossProfit' in report.totals ? { ...shown, grossProfit, marginPercent } : shown,
    change: report.comparison?.change,
  };
}

describe('GET /api/admin/stats: the comparisons', () => {
  it('compares today with the same weekday last week by the sales report’s totals, to the kobo', async () => {
    const { today: compared } = (await stats(owner)).comparisons;
    expect(compared.current).toEqual((await reportTotals(owner, today, today)).totals);
    const lastWeek = addDays(today, -7);
    expect(compared.previous).toEqual((await reportTotals(owner, lastWeek, lastWeek)).totals);
    // Known figures: O1 alone today; O2 and O3 a week ago, O2's refund on its own (later) day.
    expect(compared.current).toMatchObject({ orders: 1, netSales: 1_800_000, averageOrderValue: 1_800_000 });
    expect(compared.previous).toMatchObject({ orders: 2, netSales: 3_240_000 + 500_000, averageOrderValue: 1_870_000 });
    expect(compared.current.grossProfit).toEqual(expect.any(Number));
    expect(compared.change.netSales).toBe(-51.87);
    expect(compared.change.orders).toBe(-50);
  });

  it('compares the last 30 days with the 30 before, as the report’s previous period', async () => {
    const { last30Days } = (await stats(owner)).comparisons;
    const from = addDays(today, -29);
    const report = await reportTotals(owner, from, today, '&compare=previous_period');
    expect(last30Days.current).toEqual(report.totals);
    expect(last30Days.previous).toEqual((await reportTotals(owner, addDays(today, -59), addDays(today, -30))).totals);
    // O1–O4, less the ₦3,600 refunded 3 days ago; O5 in the 30 before.
    expect(last30Days.current).toMatchObject({ orders: 4, netSales: 7_340_000 - 360_000 });
    expect(last30Days.previous).toMatchObject({ orders: 1, netSales: 500_000 });
    for (const key of ['orders', 'netSales', 'averageOrderValue', 'grossProfit', 'marginPercent']) {
      expect(last30Days.change[key], key).toBe(report.change[key]);
    }
  });

  it('leaves gross profit and margin out, not null, for a member without reports.profit', async () => {
    const { comparisons } = await stats(noProfit);
    for (const compared of [comparisons.today, comparisons.last30Days]) {
      for (const figures of [compared.current, compared.previous, compared.change]) {
        for (const key of PROFIT_KEYS) expect(figures).not.toHaveProperty(key);
      }
    }
    expect(comparisons.today.current).toEqual((await reportTotals(noProfit, today, today)).totals);
    expect(comparisons.last30Days.current).toEqual((await reportTotals(noProfit, addDays(today, -29), today)).totals);
    // The rest of the dashboard is the same for both.
    const { comparisons: _owners, ...ownerRest } = await stats(owner);
    const { comparisons: _members, ...memberRest } = await stats(noProfit);
    expect(memberRest).toEqual(ownerRest);
  });

  it('is refused, comparisons and all, to anyone without reports.sales', async () => {
    await expectRefusedWithout(ctx, 'reports.sales', [{ method: 'GET', url: '/api/admin/stats' }]);
  });
});
