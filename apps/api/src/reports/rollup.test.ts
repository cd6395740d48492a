/**
 * The reports read a period's whole Lagos calendar months from the monthly rollup (sales_rollup,
 * migration 0038) and the days at its ends from the facts (docs/decisions/0034). On the reports'
 * known shop (test/report-shop.ts; O1 10 March 23:30, O2 11 March 00:30 refunded ₦3,600 on
 * 5 April, O3 15 March, O4 20 March, O5 10 February), on PGlite and PostgreSQL: a period read
 * both ways answers what its days read from the facts alone answer, for every grouping; the
 * rollup follows a refund moved to a later month and an order cancelled or archived.
 */
import { SALES_GROUPS } from '@shop/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../test/clients.ts';
import type { TestContext } from '../../test/helpers.ts';
import { buildReportShop, fig, type ReportShop } from '../../test/report-shop.ts';
import { orderRefunds, orders } from '../db/schema/index.ts';
import { verifySalesFacts } from './index.ts';
import { wholeMonths } from './period.ts';

let ctx: TestContext;
let owner: Client;
let shop: ReportShop;

beforeAll(async () => {
  shop = await buildReportShop();
  ({ ctx, owner } = shop);
}, 60_000);
afterAll(() => ctx.close());

interface Row {
  key: string;
  label: string;
  [figure: string]: number | string | null;
}

const report = async (query: string) => {
  const res = await owner.json('GET', `/api/reports/sales?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: Row[]; totals: Record<string, number | null> };
};

/** The figures that add up over days (margin and the averages do not). */
const ADDING = [
  'orders',
  'units',
  'grossSales',
  'markdowns',
  'coupons',
  'tillDiscounts',
  'refunds',
  'netSales',
  'deliveryCharged',
  'costOfGoods',
  'unitsUnknownCost',
  'paymentFees',
  'deliveryCost',
  'grossProfit',
];

/** Rows by key, their adding figures summed over the reports given (an order's sale is on one day, so in one of them). */
function merged(reports: { rows: Row[] }[]): Record<string, Record<string, number | string>> {
  const out: Record<string, Record<string, number | string>> = {};
  for (const r of reports) {
    for (const row of r.rows) {
      out[row.key] ??= { label: row.label, ...Object.fromEntries(ADDING.map((k) => [k, 0])) };
      const into = out[row.key]!;
      for (const k of ADDING) into[k] = (into[k] as number) + (row[k] as number);
    }
  }
  return out;
}

describe('the monthly rollup', () => {
  it('takes the whole calendar months inside a period, none when it holds none', () => {
    expect(wholeMonths({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-03-01', until: '2026-04-01' });
    expect(wholeMonths({ from: '2026-02-10', to: '2026-04-05' })).toEqual({ from: '2026-03-01', until: '2026-04-01' });
    expect(wholeMonths({ from: '2025-12-02', to: '2026-02-28' })).toEqual({ from: '2026-01-01', until: '2026-03-01' });
    expect(wholeMonths({ from: '2026-03-02', to: '2026-03-31' })).toBeNull();
    expect(wholeMonths({ from: '2026-03-01', to: '2026-03-30' })).toBeNull();
    expect(wholeMonths({ from: '2026-02-10', to: '2026-03-30' })).toBeNull();
  });

  it('answers, for a period starting and ending mid-month, what its days read from the facts alone answer, in every grouping', async () => {
    // 10 February – 5 April: February's end and April's start from the facts, March from the rollup.
    // Read from the facts alone: 10 February – 30 March and 31 March – 5 April (neither holds a whole month).
    for (const groupBy of SALES_GROUPS) {
      const [both, first, second] = await Promise.all([
        report(`from=2026-02-10&to=2026-04-05&groupBy=${groupBy}`),
        report(`from=2026-02-10&to=2026-03-30&groupBy=${groupBy}`),
        report(`from=2026-03-31&to=2026-04-05&groupBy=${groupBy}`),
      ]);
      expect(merged([both]), groupBy).toEqual(merged([first, second]));
      expect(both.rows.length, groupBy).toBeGreaterThan(0);
    }
  });

  it('counts the days at a period’s ends, not their whole months: O5 from 10 February, O1 not from 11 March, the April refund up to 5 April', async () => {
    const byMonth = await report('from=2026-02-10&to=2026-04-05&groupBy=month');
    // sales.test.ts's February and March totals, and O2's refund.
    expect(byMonth.rows).toEqual([
      { key: '2026-02', label: '2026-02', ...fig(1, 1, 500_000, 0, 0, 0, 0, 250_000, 250_000, 0, 5_250, 180_050) },
      {
        key: '2026-03',
        label: '2026-03',
        ...fig(4, 8, 8_200_000, 400_000, 360_000, 100_000, 0, 750_000, 2_950_000, 2, 70_875, 540_150),
      },
      { key: '2026-04', label: '2026-04', ...fig(0, 0, 0, 0, 0, 0, 360_000, 0, 0, 0, 0, 0) },
    ]);
    expect((await report('from=2026-02-11&to=2026-04-04&groupBy=month')).rows.map((r) => r.key)).toEqual(['2026-03']);
    // 11 March – 30 April: O2, O3, O4 (O1 was on the 10th) and April whole, with the refund.
    const late = await report('from=2026-03-11&to=2026-04-30&groupBy=product');
    expect(late.totals).toMatchObject({ orders: 3, units: 7, grossSales: 6_200_000, refunds: 360_000 });
  });

  it('moves a refund processed in a later month of an earlier sale to that month, read whole or by its days', async () => {
    const before = await report('from=2026-03-01&to=2026-03-31&groupBy=product');
    const refund = await owner.json('POST', `/api/orders/${shop.order.O3}/refunds`, { amount: 1000, reason: 'Strap came loose' });
    expect(refund.statusCode, refund.body).toBe(201);
    // Processed on 20 May: today's month's rows give it back, May's take it.
    await ctx.database.db
      .update(orderRefunds)
      .set({ processedAt: new Date('2026-05-20T09:00:00+01:00') })
      .where(sql`${orderRefunds.orderId} = ${shop.order.O3} and ${orderRefunds.amount} = 100000`);
    const c = { key: shop.ids.C, label: 'Ankara tote', ...fig(0, 0, 0, 0, 0, 0, 100_000, 0, 0, 0, 0, 0) };
    expect((await report('from=2026-05-01&to=2026-05-31&groupBy=product')).rows).toEqual([c]);
    expect((await report('from=2026-05-20&to=2026-05-20&groupBy=product')).rows).toEqual([c]);
    expect((await report('from=2026-04-15&to=2026-06-14&groupBy=product')).rows).toEqual([c]);
    // The sale's month is as it was.
    expect(await report('from=2026-03-01&to=2026-03-31&groupBy=product')).toEqual(before);
    expect(await verifySalesFacts(ctx.database.db)).toMatchObject({ differing: [], rollupDiffering: [] });
  });

  it('leaves out a cancelled order, and an archived one until it is restored, in a whole month and in its days', async () => {
    const whole = 'from=2026-03-01&to=2026-03-31&groupBy=day';
    const days = 'from=2026-03-02&to=2026-03-31&groupBy=day';
    const [wholeBefore, daysBefore] = [await report(whole), await report(days)];
    // A pay-on-delivery order of 18 March, cancelled unpaid: never a sale.
    const placed = await shop.checkout([{ productId: shop.ids.A, quantity: 1 }], { paymentMethod: 'pod' });
    await ctx.database.db
      .update(orders)
      .set({ createdAt: new Date('2026-03-18T12:00:00+01:00') })
      .where(eq(orders.id, placed.orderId));
    const cancelled = await owner.json('PATCH', `/api/orders/${placed.orderId}/status`, {
      status: 'cancelled',
      reason: 'Changed her mind',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await report(whole)).rows).toEqual(wholeBefore.rows);
    expect((await report(days)).rows).toEqual(daysBefore.rows);

    await ctx.database.db.update(orders).set({ archivedAt: new Date() }).where(eq(orders.id, shop.order.O3!));
    const [wholeArchived, daysArchived] = [await report(whole), await report(days)];
    expect(wholeArchived.rows.map((r) => r.key)).toEqual(['2026-03-10', '2026-03-11', '2026-03-20']);
    expect(wholeArchived.totals.orders).toBe(3);
    expect(daysArchived.rows).toEqual(wholeArchived.rows);
    expect(daysArchived.totals).toEqual(wholeArchived.totals);
    await ctx.database.db.update(orders).set({ archivedAt: null }).where(eq(orders.id, shop.order.O3!));
    expect((await report(whole)).rows).toEqual(wholeBefore.rows);
    expect(await verifySalesFacts(ctx.database.db)).toMatchObject({ differing: [], rollupDiffering: [] });
  });
});
