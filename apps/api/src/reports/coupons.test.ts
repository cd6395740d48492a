/**
 * The coupons report (issue 30) on the reports' known shop (test/report-shop.ts), every figure
 * checked to the kobo, through HTTP. The shop's O2 used TEN (10 %) on 11 March, ₦3,600 of it
 * refunded on 5 April; here Q1 adds 1 C with FIVE (₦500 off), paid by transfer on 25 March.
 * Figures as the sales report gives them (fig: orders, units, gross, markdowns, coupons, till,
 * refunds, delivery charged, cost of goods, units of unknown cost, fees, delivery cost).
 */
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../test/clients.ts';
import { expectRefusedWithout, type TestContext } from '../../test/helpers.ts';
import { buildReportShop, fig, expectBadQuery } from '../../test/report-shop.ts';
import { orders } from '../db/schema/index.ts';

let ctx: TestContext;
let owner: Client;
let noProfit: Client;

beforeAll(async () => {
  const shop = await buildReportShop();
  ({ ctx, owner, noProfit } = shop);
  const made = await owner.json('POST', '/api/coupons', { code: 'five', type: 'fixed', value: 500 });
  expect(made.statusCode, made.body).toBe(201);
  const q1 = await shop.checkout([{ productId: shop.ids.C, quantity: 1 }], { couponCode: 'FIVE' });
  const paid = await owner.json('POST', `/api/orders/${q1.orderId}/payments`, { method: 'transfer', amount: q1.amount / 100 });
  expect(paid.statusCode, paid.body).toBe(201);
  await ctx.database.db
    .update(orders)
    .set({ createdAt: new Date('2026-03-25T12:00:00+01:00') })
    .where(eq(orders.id, q1.orderId));
}, 60_000);
afterAll(() => ctx.close());

const MARCH = 'from=2026-03-01&to=2026-03-31';
const coupons = async (as: Client, query: string) => {
  const res = await as.json('GET', `/api/reports/coupons?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

// TEN on O2: 1 A (₦20,000 less ₦2,000) + 2 B (₦9,000, cost unknown then), 10 % = ₦3,600 off.
const TEN = fig(1, 3, 3_800_000, 200_000, 360_000, 0, 0, 250_000, 900_000, 2, 5_250, 180_050);
// FIVE on Q1: 1 C (₦5,000, cost ₦2,500), ₦500 off, the transfer's ₦52.50 fee.
const FIVE = fig(1, 1, 500_000, 0, 50_000, 0, 0, 250_000, 250_000, 0, 5_250, 180_050);
const TOTALS = fig(2, 4, 4_300_000, 200_000, 410_000, 0, 0, 500_000, 1_150_000, 2, 10_500, 360_100);

describe('GET /api/reports/coupons', () => {
  it('has per code its orders, discount given, net sales and gross profit after the discount', async () => {
    const report = await coupons(owner, MARCH);
    expect(report.rows).toEqual([
      { key: 'TEN', label: 'TEN', ...TEN },
      { key: 'FIVE', label: 'FIVE', ...FIVE },
    ]);
    expect(TEN).toMatchObject({ netSales: 3_240_000, grossProfit: 2_404_700 });
    expect(FIVE).toMatchObject({ netSales: 450_000, grossProfit: 264_700, marginPercent: 37.81 });
    expect(report.totals).toEqual({ ...TOTALS, averageOrderValue: 1_845_000, unitsPerOrder: 2 });
    expect(report.comparison).toBeNull();
  });

  it('counts a refund of a coupon order in the month it was processed', async () => {
    const report = await coupons(owner, 'from=2026-04-01&to=2026-04-30');
    expect(report.rows).toEqual([{ key: 'TEN', label: 'TEN', ...fig(0, 0, 0, 0, 0, 0, 360_000, 0, 0, 0, 0, 0) }]);
  });

  it('agrees with the sales report: every coupon discount of the month is in a code’s row', async () => {
    const res = await owner.json('GET', `/api/reports/sales?${MARCH}&groupBy=month`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().totals.coupons).toBe(TOTALS.coupons);
  });

  it('compares with the previous period', async () => {
    const report = await coupons(owner, `${MARCH}&compare=previous_period`);
    expect(report.comparison).toMatchObject({ from: '2026-01-29', to: '2026-02-28', totals: { orders: 0, netSales: 0 } });
    expect(report.comparison.change.netSales).toBeNull();
  });

  it('answers the same figures as CSV, money in naira', async () => {
    const res = await owner.json('GET', `/api/reports/coupons.csv?${MARCH}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = parse(res.body.replace('\uFEFF', ''), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.coupon)).toEqual(['TEN', 'FIVE', 'Total']);
    expect(rows[1]).toMatchObject({ orders: '1', coupons: '500.00', netSales: '4500.00', grossProfit: '2647.00' });
    expect(rows[2]).toMatchObject({ orders: '2', coupons: '4100.00', netSales: '36900.00', grossProfit: '26694.00' });
  });

  it('leaves the cost, fee and profit figures out without reports.profit (JSON and CSV)', async () => {
    const report = await coupons(noProfit, MARCH);
    for (const f of [...report.rows, report.totals]) {
      for (const key of ['costOfGoods', 'unitsUnknownCost', 'paymentFees', 'deliveryCost', 'grossProfit', 'marginPercent']) {
        expect(f).not.toHaveProperty(key);
      }
    }
    expect(report.rows[0]).toMatchObject({ key: 'TEN', coupons: 360_000, netSales: 3_240_000 });
    const csv = await noProfit.json('GET', `/api/reports/coupons.csv?${MARCH}`);
    expect(csv.body.replace('\uFEFF', '').split('\r\n')[0]).not.toMatch(/cost|fee|profit|margin/i);
  });
});

describe('who may see the coupons report, and bad queries', () => {
  it('needs reports.sales: anonymous 401, a shopper and the roles without it 403', async () => {
    await expectRefusedWithout(ctx, 'reports.sales', [
      { method: 'GET', url: `/api/reports/coupons?${MARCH}` },
      { method: 'GET', url: `/api/reports/coupons.csv?${MARCH}` },
    ]);
  });

  it.each([
    ['from=2026-03-01', 'to'],
    ['from=2026-03-31&to=2026-03-01', 'from must not be after to'],
    ['from=2024-01-01&to=2026-01-01', 'A report covers at most 2 years'],
    [`${MARCH}&compare=yesterday`, 'compare is previous_period or previous_year'],
  ])('refuses %s with 400 saying what is wrong', (query, message) => expectBadQuery(owner, 'coupons', query, message));
});
